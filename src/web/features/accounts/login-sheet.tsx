import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import type * as contract from '../../../shared/api/accounts';
import { ACCOUNTS_API } from '../../../shared/api/routes';
import { ResultCode } from '../../../shared/errors';
import type * as Rules from '../../../shared/rules';
import { type ApiClient, ApiError } from '../../api/client';
import { useApi } from '../../api/use-api';
import { useApp } from '../../app-context';
import { useTranslation } from '../../i18n/react';
import { paths } from '../../paths';
import { showToast } from '../../ui/toast';
import {
  CodeInput,
  FormError,
  invalidProps,
  PasswordField,
  type Problem,
  problemOf,
  RegionSelect,
  resendWait,
  SendCodeButton,
  TextField,
  withSlots,
} from './form-parts';
import { loadRules, rulesOr, useRules } from './lazy-rules';
import { closeLogin, sessionChanged } from './login-store';
import { defaultRegion, type RegionId } from './regions';
import { SheetI18n } from './sheet-i18n';
import { clearSession, isSessionError } from './signed-in-api';

type SendInput = { account: string; type: 0 | 1; purpose: 0 | 1 | 2 | 3 | 4 | 5 | 6; region?: string };

/**
 * Sends a code for signing in or resetting. A stale session cookie (a token revoked elsewhere)
 * makes the server refuse even these with code 4: the cookies are cleared and the send retried.
 */
async function sendAnonymousCode(api: ApiClient, input: SendInput) {
  try {
    return await api.call<typeof contract.sendCode>(ACCOUNTS_API.sendCode, input, { quiet: true });
  } catch (err) {
    if (!isSessionError(err)) {
      if (err instanceof ApiError) showToast(err.message);
      throw err;
    }
  }
  await clearSession(api);
  return api.call<typeof contract.sendCode>(ACCOUNTS_API.sendCode, input);
}

/** The login sheet (lazy chunk): code or password sign-in, and the password reset. */
export default function LoginSheet({ initialView }: { initialView: 'login' | 'reset' }) {
  return (
    <SheetI18n>
      <Sheet initialView={initialView} />
    </SheetI18n>
  );
}

type Method = 'code' | 'password';

function Sheet({ initialView }: { initialView: 'login' | 'reset' }) {
  const { t } = useTranslation('accounts');
  const { config, locale } = useApp();
  const [view, setView] = useState(initialView);
  const [method, setMethod] = useState<Method>(config.edition === 'cn' ? 'code' : 'password');
  const [region, setRegion] = useState<RegionId>(() => defaultRegion(config.edition, locale));
  const [account, setAccount] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const headingId = useId();

  // Modal: the page behind is inert (no focus, no clicks) and does not scroll; Escape closes.
  useEffect(() => {
    // The checks' rules (with libphonenumber) arrive while the reader types.
    void loadRules().catch(() => {});
    const app = document.querySelector<HTMLElement>('.app');
    const overflow = document.body.style.overflow;
    if (app) app.inert = true;
    document.body.style.overflow = 'hidden';
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        closeLogin();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      if (app) app.inert = false;
      document.body.style.overflow = overflow;
      document.removeEventListener('keydown', onKey);
    };
  }, []);

  // Focus moves into the sheet when it opens and when its view changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: view is the trigger.
  useEffect(() => {
    dialogRef.current?.focus();
  }, [view]);

  const toReset = () => {
    setNotice(null);
    setView('reset');
  };
  const resetDone = (resetAccount: string) => {
    setAccount(resetAccount);
    setMethod('password');
    setNotice(t('reset.done'));
    setView('login');
  };

  // Rendered beside the page's .app (chrome.tsx), which is made inert meanwhile.
  return (
    <div className="sheet-layer">
      {/* Keyboard users close with Escape or the close button; the backdrop is for pointers. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: see above. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: see above. */}
      <div className="sheet-backdrop" onClick={closeLogin} />
      <div className="sheet" role="dialog" aria-modal="true" aria-labelledby={headingId} tabIndex={-1} ref={dialogRef}>
        <div className="sheet-head">
          <h2 id={headingId}>{view === 'reset' ? t('reset.title') : t('sheet.title')}</h2>
          <button type="button" className="sheet-close" aria-label={t('sheet.close')} onClick={closeLogin}>
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        {view === 'reset' ? (
          <ResetForm region={region} setRegion={setRegion} initialAccount={account} onDone={resetDone} onBack={() => setView('login')} />
        ) : (
          <>
            {notice ? <p className="form-notice">{notice}</p> : null}
            <fieldset className="segmented">
              <legend className="visually-hidden">{t('sheet.methods')}</legend>
              {(['code', 'password'] as const).map((m) => (
                <button key={m} type="button" aria-pressed={method === m} onClick={() => setMethod(m)}>
                  {m === 'code' ? t('sheet.methodCode') : t('sheet.methodPassword')}
                </button>
              ))}
            </fieldset>
            {method === 'code' ? (
              <CodeLogin region={region} setRegion={setRegion} />
            ) : (
              <PasswordLogin region={region} setRegion={setRegion} account={account} setAccount={setAccount} onForgot={toReset} />
            )}
            <p className="sheet-terms small muted">
              {withSlots(t('sheet.terms'), {
                agreement: (
                  <Link to={paths.legal.agreement} onClick={closeLogin}>
                    {t('sheet.agreement')}
                  </Link>
                ),
                privacy: (
                  <Link to={paths.legal.privacy} onClick={closeLogin}>
                    {t('sheet.privacy')}
                  </Link>
                ),
              })}
            </p>
          </>
        )}
      </div>
    </div>
  );
}

/** What happens after either sign-in: the sheet closes and the pages reload their data. */
function useSignedInDone() {
  const { t } = useTranslation('accounts');
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  return {
    async done(session: { isNew: boolean }) {
      closeLogin();
      sessionChanged();
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

interface RegionProps {
  region: RegionId;
  setRegion: (r: RegionId) => void;
}

function CodeLogin({ region, setRegion }: RegionProps) {
  const { t } = useTranslation('accounts');
  const te = useTranslation('errors').t;
  const api = useApi();
  const after = useSignedInDone();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const errorId = useId();

  const checkedPhone = async () => {
    const rules = await rulesOr(setProblem, te('noResponse'));
    const e164 = rules?.normalisePhone(phone, region);
    if (rules && !e164) setProblem({ field: 'phone', message: te('invalidPhone') });
    return rules && e164 ? { e164, rules } : null;
  };

  const send = async () => {
    setProblem(null);
    const e164 = (await checkedPhone())?.e164;
    if (!e164) return null;
    try {
      const r = await sendAnonymousCode(api, { account: e164, type: 1, purpose: 6, region });
      setSent(t('form.codeSent', { destination: e164, minutes: Math.round(r.expiresInSeconds / 60) }));
      codeRef.current?.focus();
      return r.resendAfterSeconds;
    } catch (err) {
      setProblem(problemOf(err, te('unknown')));
      return resendWait(err);
    }
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setProblem(null);
    const checked = await checkedPhone();
    if (!checked) return;
    const { e164, rules } = checked;
    if (!rules.isCodeFormat(code)) {
      setProblem({ field: 'code', message: te('codeFormat') });
      codeRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const session = await api.call<typeof contract.quickLogin>(ACCOUNTS_API.quickLogin, { account: e164, type: 1, code, region });
      await after.done(session);
    } catch (err) {
      if (!after.refused(err)) setProblem({ ...problemOf(err, te('unknown')), field: 'code' });
      setBusy(false);
    }
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      <p className="small muted">{t('sheet.codeIntro')}</p>
      <div className="field-row">
        <RegionSelect value={region} onChange={setRegion} />
        <TextField
          label={t('form.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          {...invalidProps(problem, 'phone', errorId)}
        />
      </div>
      <div className="field-row field-row-code">
        <CodeInput ref={codeRef} value={code} onValue={setCode} {...invalidProps(problem, 'code', errorId)} />
        <SendCodeButton send={send} />
      </div>
      <p className="field-hint" aria-live="polite">
        {sent ?? ''}
      </p>
      <FormError problem={problem} id={errorId} />
      <button type="submit" className="btn btn-block" disabled={busy}>
        {busy ? t('form.busy') : t('sheet.submit')}
      </button>
    </form>
  );
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

function PasswordLogin({
  region,
  setRegion,
  account,
  setAccount,
  onForgot,
}: RegionProps & { account: string; setAccount: (v: string) => void; onForgot: () => void }) {
  const { t } = useTranslation('accounts');
  const te = useTranslation('errors').t;
  const api = useApi();
  const after = useSignedInDone();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setProblem(null);
    const rules = await rulesOr(setProblem, te('noResponse'));
    if (!rules) return;
    const read = readAccount(rules, account, region);
    if ('key' in read) {
      setProblem({ field: 'account', message: te(read.key) });
      return;
    }
    if (!password) {
      setProblem({ field: 'password', message: t('form.passwordRequired') });
      return;
    }
    setBusy(true);
    try {
      const session = await api.call<typeof contract.loginV2>(ACCOUNTS_API.loginV2, {
        ...read,
        password,
        ...(read.type === 1 ? { region } : {}),
      });
      await after.done(session);
    } catch (err) {
      if (!after.refused(err)) setProblem(problemOf(err, te('unknown')));
      setBusy(false);
    }
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      <div className="field-row">
        {account.includes('@') ? null : <RegionSelect value={region} onChange={setRegion} />}
        <TextField
          label={t('form.account')}
          type="text"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={account}
          onChange={(e) => setAccount(e.target.value)}
          {...invalidProps(problem, 'account', errorId)}
        />
      </div>
      <PasswordField
        label={t('form.password')}
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        {...invalidProps(problem, 'password', errorId)}
      />
      <button type="button" className="link-button" onClick={onForgot}>
        {t('sheet.forgot')}
      </button>
      <FormError problem={problem} id={errorId} />
      <button type="submit" className="btn btn-block" disabled={busy}>
        {busy ? t('form.busy') : t('sheet.submit')}
      </button>
    </form>
  );
}

function ResetForm({
  region,
  setRegion,
  initialAccount,
  onDone,
  onBack,
}: RegionProps & { initialAccount: string; onDone: (account: string) => void; onBack: () => void }) {
  const { t, locale } = useTranslation('accounts');
  const te = useTranslation('errors').t;
  const api = useApi();
  const [account, setAccount] = useState(initialAccount);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const rule = useRules()?.passwordRule(locale);

  const checked = async () => {
    const rules = await rulesOr(setProblem, te('noResponse'));
    if (!rules) return null;
    const read = readAccount(rules, account, region);
    if ('key' in read) {
      setProblem({ field: 'account', message: te(read.key) });
      return null;
    }
    return { target: { ...read, ...(read.type === 1 ? { region } : {}) }, rules };
  };

  const send = async () => {
    setProblem(null);
    const target = (await checked())?.target;
    if (!target) return null;
    try {
      const r = await sendAnonymousCode(api, { ...target, purpose: 1 });
      setSent(t('form.codeSent', { destination: target.account, minutes: Math.round(r.expiresInSeconds / 60) }));
      codeRef.current?.focus();
      return r.resendAfterSeconds;
    } catch (err) {
      setProblem(problemOf(err, te('unknown')));
      return resendWait(err);
    }
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setProblem(null);
    const valid = await checked();
    if (!valid) return;
    const { target, rules } = valid;
    if (!rules.isCodeFormat(code)) {
      setProblem({ field: 'code', message: te('codeFormat') });
      return;
    }
    if (!rules.isPasswordValid(password, locale)) {
      setProblem({ field: 'password', message: te('passwordRule') });
      return;
    }
    setBusy(true);
    try {
      await api.call<typeof contract.resetPassword>(ACCOUNTS_API.resetPassword, { ...target, code, password });
      onDone(account);
    } catch (err) {
      setProblem(problemOf(err, te('unknown')));
      setBusy(false);
    }
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      <p className="small muted">{t('reset.intro')}</p>
      <div className="field-row">
        {account.includes('@') ? null : <RegionSelect value={region} onChange={setRegion} />}
        <TextField
          label={t('form.account')}
          type="text"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={account}
          onChange={(e) => setAccount(e.target.value)}
          {...invalidProps(problem, 'account', errorId)}
        />
      </div>
      <div className="field-row field-row-code">
        <CodeInput ref={codeRef} value={code} onValue={setCode} {...invalidProps(problem, 'code', errorId)} />
        <SendCodeButton send={send} />
      </div>
      <p className="field-hint" aria-live="polite">
        {sent ?? ''}
      </p>
      <PasswordField
        label={t('form.newPassword')}
        autoComplete="new-password"
        hint={rule ? t('form.passwordHint', rule) : undefined}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        {...invalidProps(problem, 'password', errorId)}
      />
      <FormError problem={problem} id={errorId} />
      <button type="submit" className="btn btn-block" disabled={busy}>
        {busy ? t('form.busy') : t('reset.submit')}
      </button>
      <button type="button" className="link-button" onClick={onBack}>
        {t('reset.back')}
      </button>
    </form>
  );
}
