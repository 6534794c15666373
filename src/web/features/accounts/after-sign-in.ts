import { useEffect } from 'react';
import { readCookie } from '../../api/identity';
import { AFTER_SIGN_IN_KEY, openLogin, useSignedIn } from './login-store';

/**
 * "Sign in, then carry on": an action a signed-out visitor starts (like, collect, follow, send a
 * comment) is remembered for this tab and this page while the login sheet is open, and runs once
 * they are signed in — also after a sign-in that left the page (WeChat, OAuth) and came back.
 */
const KEY = AFTER_SIGN_IN_KEY;
const TTL_MS = 15 * 60_000;

interface Pending {
  action: string;
  data: unknown;
  path: string;
  at: number;
}

const signedIn = () => Boolean(readCookie('userId'));

/** Runs `run(data)` now when signed in; otherwise remembers it and opens the login sheet. */
export function whenSignedIn<T>(action: string, data: T, run: (data: T) => void): void {
  if (signedIn()) {
    run(data);
    return;
  }
  try {
    const pending: Pending = { action, data, path: location.pathname, at: Date.now() };
    sessionStorage.setItem(KEY, JSON.stringify(pending));
  } catch {
    // Storage unavailable (private mode quotas): the visitor repeats the action after signing in.
  }
  openLogin();
}

function takePending(action: string): { data: unknown } | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const p = JSON.parse(raw) as Pending;
    if (p.action !== action || p.path !== location.pathname) return null;
    sessionStorage.removeItem(KEY);
    return Date.now() - p.at < TTL_MS ? { data: p.data } : null;
  } catch {
    return null;
  }
}

/** Resumes the remembered `action` of this page once the visitor is signed in. */
export function useResume<T>(action: string, run: (data: T) => void): void {
  const isSignedIn = useSignedIn();
  // biome-ignore lint/correctness/useExhaustiveDependencies: resume when the sign-in state changes, not when `run` is re-created
  useEffect(() => {
    if (!isSignedIn) return;
    const pending = takePending(action);
    if (pending) run(pending.data as T);
  }, [isSignedIn, action]);
}
