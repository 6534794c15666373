import { useCallback, useEffect, useState } from 'react';
import type { ApiClient } from '../../api/client';
import { readCookie } from '../../api/identity';
import { useSignedIn } from './login-store';
import { useSignedInApi } from './signed-in-api';

export type SignedInData<T> =
  | { status: 'signedOut' }
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; data: T };

/**
 * Data only the signed-in visitor may read (their prizes, addresses…), fetched in the browser:
 * personal pages render their frame on the server and fill it here. Loads again when the
 * visitor signs in, and on `reload()`. A failure keeps the client's message for the page.
 */
export function useSignedInData<T>(load: (api: ApiClient) => Promise<T>, deps: readonly unknown[]) {
  const api = useSignedInApi();
  const signedIn = useSignedIn();
  const [state, setState] = useState<SignedInData<T>>({ status: 'loading' });
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` is re-created each render; `deps` say when it changes
  useEffect(() => {
    if (!signedIn) {
      // While hydrating, the store answers as the server did (signed out) even with a session:
      // saying "signed out" then would let a tap meant for the member run as a visitor's.
      if (!readCookie('userId')) setState({ status: 'signedOut' });
      return;
    }
    let gone = false;
    setState((s) => (s.status === 'ready' ? s : { status: 'loading' }));
    load(api).then(
      (data) => !gone && setState({ status: 'ready', data }),
      (err: unknown) => !gone && setState({ status: 'failed', message: err instanceof Error ? err.message : String(err) }),
    );
    return () => {
      gone = true;
    };
  }, [signedIn, api, round, ...deps]);
  return { state, reload: useCallback(() => setRound((r) => r + 1), []) };
}
