import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useApp } from '../../app-context';
import { useTranslation } from '../../i18n/react';
import { paths } from '../../paths';
import { withSlots } from './form-parts';
import { loadRules } from './lazy-rules';
import { closeLogin } from './login-store';
import { defaultRegion, type RegionId } from './regions';
import { CodeLogin } from './sheet-code-login';
import { SheetI18n } from './sheet-i18n';
import { PasswordLogin } from './sheet-password-login';
import { ResetForm } from './sheet-reset';
import { lastSignIn, type Method } from './sign-in-memory';
import { isWechat, startWechatLogin } from './wechat-login';

/** The login sheet (lazy chunk): code or password sign-in, and the password reset. */
export default function LoginSheet({ initialView }: { initialView: 'login' | 'reset' }) {
  return (
    <SheetI18n>
      <Sheet initialView={initialView} />
    </SheetI18n>
  );
}

function Sheet({ initialView }: { initialView: 'login' | 'reset' }) {
  const { t } = useTranslation('accounts');
  const { config, locale } = useApp();
  const [view, setView] = useState(initialView);
  // The sheet renders in the browser only, so it may read the device's storage and languages.
  const [last] = useState(lastSignIn);
  // Accounts are made by SMS code (the first code sign-in registers), so a visitor starts there.
  const [method, setMethod] = useState<Method>(last?.method ?? 'code');
  const [region, setRegion] = useState<RegionId>(() => defaultRegion(config.edition, locale, navigator.languages ?? [], last?.region));
  const [account, setAccount] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const headingId = useId();
  // Inside WeChat, its own sign-in is one tap (the sheet renders in the browser only).
  const wechatClient = config.wechatLogin && isWechat() ? config.wechatLogin : null;

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
            {wechatClient ? (
              <button type="button" className="btn btn-block btn-wechat" onClick={() => startWechatLogin(wechatClient)}>
                {t('sheet.wechat')}
              </button>
            ) : null}
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
