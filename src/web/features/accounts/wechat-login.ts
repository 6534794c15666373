import { ACCOUNTS_API } from '../../../shared/api/routes-accounts';

/**
 * WeChat web sign-in, the browser's part. The button sends the visitor to our start endpoint
 * (which sets a state cookie and redirects to WeChat); WeChat sends them back to the same page
 * with `code` and `state`, where `finishWechatLogin` exchanges them for a session. The marker in
 * session storage makes sure only a sign-in we started is finished (pages may have other `code`s).
 */
const PENDING = 'wechatLoginPending';

export const isWechat = () => typeof navigator !== 'undefined' && /MicroMessenger/i.test(navigator.userAgent);

export function startWechatLogin(clientId: string): void {
  const here = window.location.pathname + window.location.search;
  sessionStorage.setItem(PENDING, clientId);
  const q = new URLSearchParams({ clientId, redirect: here });
  window.location.assign(`${ACCOUNTS_API.oauthStart.path}?${q}`);
}

/** The pending sign-in's client id and WeChat's answer, when this page load is the return. */
export function wechatReturn(): { clientId: string; code: string; state: string } | null {
  const params = new URLSearchParams(window.location.search);
  const code = params.get('code');
  const state = params.get('state');
  const clientId = sessionStorage.getItem(PENDING);
  if (!code || !state || !clientId) return null;
  return { clientId, code, state };
}

/** Removes WeChat's parameters from the address, so a reload does not try the used code again. */
export function clearWechatReturn(): void {
  sessionStorage.removeItem(PENDING);
  const url = new URL(window.location.href);
  url.searchParams.delete('code');
  url.searchParams.delete('state');
  // WeChat's authorise URL ends in #wechat_redirect, which the browser carries back over the redirect.
  const hash = url.hash === '#wechat_redirect' ? '' : url.hash;
  window.history.replaceState(window.history.state, '', url.pathname + url.search + hash);
}
