import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { showToast } from '../../ui/toast';
import { closeLogin, openLogin, useLoginSheet, useSignedIn } from './login-store';

export const ACCOUNT_PATH = '/account';

/**
 * The sheet's code (and its catalogue, per language) arrives when it is first wanted, or about to
 * be: pointer over or focus on the button. Only this loader, the open state and the two header
 * labels per language are part of every page's first load.
 */
type SheetModule = { default: ComponentType<{ initialView: 'login' | 'reset' }> };
const loadSheet = (): Promise<SheetModule> => import('./login-sheet');
// A chunk that does not arrive closes the sheet with the network message (not the page's error
// screen), and the next attempt loads it again.
const lazySheet = () => lazy<SheetModule['default']>(() => loadSheet().catch(() => ({ default: SheetLoadFailed })));
let LoginSheet = lazySheet();
function SheetLoadFailed() {
  const { t } = useTranslation('errors');
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per failure.
  useEffect(() => {
    LoginSheet = lazySheet();
    showToast(t('noResponse'));
    closeLogin();
  }, []);
  return null;
}
const preload = () => {
  void loadSheet().catch(() => {});
};

// Finishing a WeChat sign-in is needed on one page load only: its code arrives then.
const WechatFinish = lazy(() => import('./wechat-finish'));

/** Mounted on every page: when WeChat just sent the visitor back, the sign-in is finished. */
export function WechatReturnHost() {
  const [returning, setReturning] = useState(false);
  useEffect(() => {
    setReturning(window.location.search.includes('state=') && !!sessionStorage.getItem('wechatLoginPending'));
  }, []);
  return returning ? (
    <Suspense fallback={null}>
      <WechatFinish />
    </Suspense>
  ) : null;
}

/** "Sign in" for visitors, "Account" once signed in. */
export function AccountEntry() {
  const signedIn = useSignedIn();
  // In the common catalogue, which every page's root data carries.
  const { t } = useTranslation('common');
  if (signedIn) {
    return (
      <Link to={ACCOUNT_PATH} className="header-link">
        {t('header.account')}
      </Link>
    );
  }
  return (
    <button type="button" className="header-link" onClick={() => openLogin()} onPointerEnter={preload} onFocus={preload}>
      {t('header.signIn')}
    </button>
  );
}

/** Renders the sheet while it is open; until its code has arrived, a dimmed screen with a spinner. */
export function LoginSheetHost() {
  const { open, view } = useLoginSheet();
  if (!open) return null;
  return (
    <Suspense
      fallback={
        <div className="sheet-backdrop sheet-loading" aria-busy="true">
          <div className="spinner" />
        </div>
      }
    >
      <LoginSheet initialView={view} />
    </Suspense>
  );
}
