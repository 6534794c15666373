import { type ReactNode, useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { ACCOUNTS_API } from '../../../shared/api/routes-accounts';
import { ResultCode } from '../../../shared/errors';
import type * as Rules from '../../../shared/rules';
import { track } from '../../analytics/track';
import { type ApiClient, ApiError } from '../../api/client';
import { useTranslation } from '../../i18n/react';
import { paths } from '../../paths';
import { showToast } from '../../ui/toast';
import { RegionSelect, TextField } from './form-parts';
import { closeLogin, sessionChanged } from './login-store';
import type { NumberRegion } from './number-region';
import type { RegionId } from './regions';
import { type LastSignIn, rememberSignIn } from './sign-in-memory';
import { clearSession, isSessionError } from './signed-in-api';
import type { CodeSent, Form } from './use-form';

/** Pieces shared by the login sheet's views (code and password sign-in, the reset). */

export interface RegionProps {
  region: RegionId;
  setRegion: (r: RegionId) => void;
}

type SendInput = { account: string; type: 0 | 1; purpose: 0 | 1 | 2 | 3 | 4 | 5 | 6; region?: string };

/**
 * Sends a code for signing in or resetting. A stale session cookie (a token revoked elsewhere)
 * makes the server refuse even these with code 4: the cookies are cleared and the send retried.
 */
export async function sendAnonymousCode(api: ApiClient, input: SendInput) {
  try {
    return await api.call(ACCOUNTS_API.sendCode, input, { quiet: true });
  } catch (err) {
    if (!isSessionError(err)) {
      if (err instanceof ApiError) showToast(err.message);
      throw err;
    }
  }
  await clearSession(api);
  return api.call(ACCOUNTS_API.sendCode, input);
}

/** "Code sent to …" under the code input, read out when it appears: the text, and what sets it. */
export function useSentHint(): [ReactNode, (destination: string, r: CodeSent) => void] {
  const { t } = useTranslation('accounts');
  const [sent, setSent] = useState<string | null>(null);
  const hint = (
    <p className="field-hint" aria-live="polite">
      {sent ?? ''}
    </p>
  );
  return [hint, (destination, r) => setSent(t('form.codeSent', { destination, minutes: Math.round(r.expiresInSeconds / 60) }))];
}

/** What happens after either sign-in: the sheet closes and the pages reload their data. */
export function useSignedInDone() {
  const { t } = useTranslation('accounts');
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  return {
    /** `last`: how it was done, for the sheet to start there next time on this device. */
    async done(session: { isNew: boolean }, last: LastSignIn) {
      rememberSignIn(last);
      closeLogin();
      sessionChanged();
      track('LoginFinish', { method: 'sheet', isNew: session.isNew });
      if (session.isNew) showToast(t('sheet.welcome'));
      await revalidator.revalidate();
    },
    /** A blocked account is sent to the page that explains it. */
    refused(err: unknown): boolean {
      if (err instanceof ApiError && err.code === ResultCode.accountBlocked) {
        closeLogin();
        void navigate(paths.pullblack);
        return true;
      }
      return false;
    },
  };
}

/** Phone or e-mail: an '@' makes it an e-mail (type 0), otherwise a phone number in the chosen region (type 1). */
function readAccount(
  rules: typeof Rules,
  value: string,
  region: RegionId,
): { account: string; type: 0 | 1 } | { field: 'account'; key: 'invalidEmail' | 'invalidPhone' } {
  if (value.includes('@')) {
    const email = rules.normaliseEmail(value);
    return email ? { account: email, type: 0 } : { field: 'account', key: 'invalidEmail' };
  }
  const phone = rules.normalisePhone(value, region);
  return phone ? { account: phone, type: 1 } : { field: 'account', key: 'invalidPhone' };
}

/**
 * The account typed in, the rules that read it and the region a phone number was read in (it may
 * have followed the number); null after the form said what is wrong.
 */
export async function checkedAccount(form: Form, value: string, numberRegion: NumberRegion) {
  const rules = await form.rules();
  if (!rules) return null;
  const region = value.includes('@') ? numberRegion.region : numberRegion.settle(rules, value);
  const read = readAccount(rules, value, region);
  if ('key' in read) {
    form.fail('account', form.te(read.key));
    return null;
  }
  return { read, rules, region };
}

/** Phone number or e-mail, with the region while it is not an e-mail. */
export function AccountField({
  numberRegion,
  account,
  setAccount,
  form,
}: {
  numberRegion: NumberRegion;
  account: string;
  setAccount: (v: string) => void;
  form: Form;
}) {
  const { t } = useTranslation('accounts');
  const email = account.includes('@');
  return (
    <>
      <div className="field-row">
        {email ? null : <RegionSelect value={numberRegion.region} onChange={numberRegion.choose} />}
        <TextField
          label={t('form.account')}
          type="text"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={account}
          onChange={(e) => {
            setAccount(e.target.value);
            if (!e.target.value.includes('@')) numberRegion.typed(e.target.value);
          }}
          {...form.invalid('account')}
        />
      </div>
      {email ? null : numberRegion.note}
    </>
  );
}
