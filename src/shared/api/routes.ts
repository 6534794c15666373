/**
 * Method and path of every endpoint, without schemas: the browser imports these (zod stays on the
 * server); the contracts in `api/<domain>.ts` spread them and add the schemas.
 */
export interface RouteRef {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
}

const r = <M extends RouteRef['method'], P extends string>(method: M, path: P) => ({ method, path }) as const;

export const API = {
  system: {
    health: r('GET', '/healthz'),
    context: r('GET', '/api/cxy/v2/system/context'),
    ping: r('POST', '/api/cxy/v2/system/ping'),
    language: r('POST', '/api/cxy/v2/system/language'),
  },
} as const;
