/**
 * Method and path of every endpoint, without schemas: the browser imports these (zod stays on the
 * server); the contracts in `api/<domain>.ts` spread them and add the schemas.
 */
export interface RouteRef {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
}

/**
 * One export per domain: the browser bundles only the routes of the domains a page calls (a
 * single map would put every endpoint of the product into every page's first load).
 */
export const SYSTEM_API = {
  health: { method: 'GET', path: '/healthz' },
  context: { method: 'GET', path: '/api/cxy/v2/system/context' },
  ping: { method: 'POST', path: '/api/cxy/v2/system/ping' },
  language: { method: 'POST', path: '/api/cxy/v2/system/language' },
} as const;
