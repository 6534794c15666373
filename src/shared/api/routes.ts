/**
 * Method and path of every endpoint, without schemas: the browser imports these (zod stays on the
 * server); the contracts in `api/<domain>.ts` spread them and add the schemas.
 */
export interface RouteRef {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
}

/**
 * A route whose path names parameters (`:id`), filled in (URI-encoded). The result keeps the
 * route's type, so a call still finds its contract by the pattern.
 */
export const withParams = <R extends RouteRef>(route: R, params: Record<string, string | number>): R => ({
  ...route,
  path: route.path.replace(/:(\w+)/g, (whole, name: string) => (name in params ? encodeURIComponent(String(params[name])) : whole)),
});

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
