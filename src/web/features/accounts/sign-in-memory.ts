import { isRegionId, type RegionId } from './regions';

/**
 * How the visitor last signed in on this device. A first visit opens on phone + code (the way
 * accounts are made here); someone who signed in with a password, or with a +852 number, finds
 * that again next time — as the big sign-in pages do ("last used"). Only a sign-in that worked is
 * remembered, never a tab merely tapped, and nothing that identifies the account.
 */
export type Method = 'code' | 'password';

const KEY = 'sign-in.last';

export interface LastSignIn {
  method: Method;
  region?: RegionId;
}

export function lastSignIn(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): LastSignIn | null {
  try {
    const v = JSON.parse(storage?.getItem(KEY) ?? 'null') as { method?: unknown; region?: unknown } | null;
    if (v?.method !== 'code' && v?.method !== 'password') return null;
    return { method: v.method, ...(isRegionId(v.region) ? { region: v.region } : {}) };
  } catch {
    return null; // storage blocked or not ours
  }
}

/** After a sign-in: its method, and its region when it was a phone number (an e-mail keeps the one before). */
export function rememberSignIn(
  last: LastSignIn,
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = globalThis.localStorage,
): void {
  const region = last.region ?? lastSignIn(storage)?.region;
  try {
    storage?.setItem(KEY, JSON.stringify({ method: last.method, ...(region ? { region } : {}) }));
  } catch {
    // Private mode with no storage: next time simply starts on the defaults.
  }
}
