/**
 * The operator console's own calls, in a module of their own: only the console's pages load them.
 * The console otherwise calls the domains' admin APIs.
 */
const BASE = '/api/cxy/admin/v2/console';

export const CONSOLE_API = {
  /** Today and the last 7 days at a glance. */
  dashboard: { method: 'GET', path: `${BASE}/dashboard` },
  /** One page of the audit log, newest first, filtered. */
  audit: { method: 'GET', path: `${BASE}/audit` },
  /** The whole filtered audit log as CSV (streamed). */
  auditExport: { method: 'GET', path: `${BASE}/audit/export` },
  /** Members found by phone, e-mail or nickname (contacts masked but for support staff). */
  peopleSearch: { method: 'GET', path: `${BASE}/people/search` },
  /** One member: sign-in methods, sessions, roles, wins, orders and coins. */
  person: { method: 'GET', path: `${BASE}/people/get` },
  /** Ends every session of a member. */
  personSignOut: { method: 'POST', path: `${BASE}/people/sign-out` },
  /** Adds or takes coins, with the reason, as one ledger movement per request key. */
  personCoins: { method: 'POST', path: `${BASE}/people/coins` },
} as const;
