import { useSyncExternalStore } from 'react';
import { identify, track } from '../../analytics/track';
import { readCookie } from '../../api/identity';

/**
 * The login sheet's open state and the visitor's signed-in flag, callable from any page and
 * from outside React: `openLogin()`. Part of the first-load code, so it stays tiny; the sheet
 * itself is a lazy chunk (login-sheet.tsx).
 */
interface LoginSheetState {
  open: boolean;
  /** Which view the sheet opens on. */
  view: 'login' | 'reset';
}

/** Where after-sign-in.ts keeps the action to resume (this tab only). */
export const AFTER_SIGN_IN_KEY = 'cxy_after_sign_in';

const CLOSED: LoginSheetState = { open: false, view: 'login' };
let state = CLOSED;
/** Where focus was when the sheet opened: it goes back there on close. */
let opener: HTMLElement | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
};

export function openLogin(view: LoginSheetState['view'] = 'login'): void {
  if (!state.open && typeof document !== 'undefined') opener = document.activeElement as HTMLElement | null;
  state = { open: true, view };
  if (view === 'login') track('LoginStart', {});
  emit();
}

export function closeLogin(): void {
  if (!state.open) return;
  // Closed without signing in: the action that opened the sheet is not carried out later.
  if (!readCookie('userId')) {
    try {
      sessionStorage.removeItem(AFTER_SIGN_IN_KEY);
    } catch {}
  }
  state = CLOSED;
  emit();
  const back = opener;
  opener = null;
  // After React removed the sheet: the element that opened it gets focus again.
  if (back?.isConnected) setTimeout(() => back.focus(), 0);
}

export function useLoginSheet(): LoginSheetState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => CLOSED,
  );
}

/**
 * Signed in, as far as the page can tell: the server sets the readable `userId` cookie together
 * with the HttpOnly `token` and clears both on sign-out. The server render says "signed out"
 * (pages are cached for anonymous visitors); the browser corrects it right after hydration.
 */
export function useSignedIn(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => Boolean(readCookie('userId')),
    () => false,
  );
}

/** Call after anything that sets or clears the session cookies (analytics learns the user). */
export function sessionChanged(): void {
  identify(readCookie('userId'));
  emit();
}
