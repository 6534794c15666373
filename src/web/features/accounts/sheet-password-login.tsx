import { useState } from 'react';
import { ACCOUNTS_API } from '../../../shared/api/routes-accounts';
import { useApi } from '../../api/use-api';
import { useTranslation } from '../../i18n/react';
import { FormEnd, PasswordField } from './form-parts';
import { useNumberRegion } from './number-region';
import { AccountField, checkedAccount, type RegionProps, useSignedInDone } from './sheet-parts';
import { useForm } from './use-form';

/** Signing in with a phone number or e-mail and the password. */
export function PasswordLogin({
  region,
  setRegion,
  account,
  setAccount,
  onForgot,
}: RegionProps & { account: string; setAccount: (v: string) => void; onForgot: () => void }) {
  const { t } = useTranslation('accounts');
  const api = useApi();
  const after = useSignedInDone();
  const form = useForm();
  const [password, setPassword] = useState('');
  const numberRegion = useNumberRegion(region, setRegion);

  const submit = form.onSubmit(async () => {
    const checked = await checkedAccount(form, account, numberRegion);
    if (!checked) return;
    const { read } = checked;
    const phoneRegion = read.type === 1 ? checked.region : undefined;
    if (!password) {
      form.fail('password', t('form.passwordRequired'));
      return;
    }
    await form.attempt(
      async () => {
        const session = await api.call(ACCOUNTS_API.loginV2, {
          ...read,
          password,
          ...(phoneRegion ? { region: phoneRegion } : {}),
        });
        await after.done(session, { method: 'password', ...(phoneRegion ? { region: phoneRegion } : {}) });
      },
      null,
      after.refused,
    );
  });

  return (
    <form className="form" onSubmit={submit} noValidate>
      <AccountField numberRegion={numberRegion} account={account} setAccount={setAccount} form={form} />
      <PasswordField
        label={t('form.password')}
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        {...form.invalid('password')}
      />
      <button type="button" className="link-button" onClick={onForgot}>
        {t('sheet.forgot')}
      </button>
      <FormEnd form={form} label={form.busy ? t('form.busy') : t('sheet.submit')} />
    </form>
  );
}
