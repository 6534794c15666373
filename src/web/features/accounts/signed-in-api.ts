import { useMemo } from 'react';
import { ACCOUNTS_API } from '../../../shared/api/routes-accounts';
import { ResultCode } from '../../../shared/errors';
import { type ApiClient, ApiError } from '../../api/client';
import { useApi } from '../../api/use-api';
import { openLogin, sessionChanged } from './login-store';

/** Result codes that mean "no valid session": 4 (no/expired/revoked token), 5 (another user's id). */
export const isSessionError = (err: unknown): err is ApiError =>
  err instanceof ApiError && (err.code === ResultCode.token || err.code === ResultCode.identity);

/**
 * The API client for calls that need a signed-in user: when one answers code 4 or 5, the stale
 * session cookies are cleared (logout clears them even for an invalid token) and the login sheet
 * opens; the error still reaches the caller and the client's toast.
 *
 * Why a wrapper around useApi rather than the client's `onError`: `onError` is wired once in
 * use-api.ts for every call of the site, including anonymous ones that have nothing to do with a
 * session; a wrapper changes neither client.ts nor use-api.ts, and only the pages that opt in
 * (by using this hook for their signed-in-only calls) get the sheet.
 */
export function useSignedInApi(): ApiClient {
  const api = useApi();
  return useMemo(() => {
    const call = (async (route, input, opts) => {
      try {
        return await api.call(route, input, opts);
      } catch (err) {
        if (isSessionError(err)) {
          await clearSession(api);
          openLogin();
        }
        throw err;
      }
    }) as ApiClient['call'];
    return { call };
  }, [api]);
}

/** Clears the session cookies (also for a token the server no longer knows). */
export async function clearSession(api: ApiClient): Promise<void> {
  await api.call(ACCOUNTS_API.logout, undefined, { quiet: true }).catch(() => {});
  sessionChanged();
}
