import { useSyncExternalStore } from 'react';
import type { Locale } from '../shared/i18n';

/**
 * The client-side store: language, geography, loading flag, guide flag, whitelist and
 * scanned QR code. Small and synchronous; components subscribe to the slice they read.
 */
export interface AppState {
  language: Locale;
  /** Edition of the site the visitor is on: decides store links and sign-in methods. */
  geography: 'intl' | 'cn';
  /** The 'starting download...' overlay. */
  loading: boolean;
  /** The "open in your browser" guide shown inside WeChat, which blocks app downloads. */
  guide: boolean;
  /** Hosts the site may send visitors to (app stores, makers tools). */
  whitelist: string[];
  /** The last QR code read by the scanner pages. */
  scannedCode: string | null;
}

type Listener = () => void;

export function createStore(initial: AppState) {
  let state = initial;
  const listeners = new Set<Listener>();
  return {
    get: () => state,
    set(patch: Partial<AppState>) {
      state = { ...state, ...patch };
      for (const l of listeners) l();
    },
    subscribe(l: Listener) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
}
export type Store = ReturnType<typeof createStore>;

let current: Store | null = null;
/** One store per page load in the browser; the server renders with a fresh one per request. */
export function provideStore(initial: AppState): Store {
  if (typeof window === 'undefined') return createStore(initial);
  current ??= createStore(initial);
  return current;
}

export function useAppState<T>(store: Store, select: (s: AppState) => T): T {
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.get()),
    () => select(store.get()),
  );
}
