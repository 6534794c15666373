/**
 * The operator console's own calls, in a module of their own: only the console's pages load them.
 * The console otherwise calls the domains' admin APIs.
 */
const BASE = '/api/cxy/admin/v2/console';

export const CONSOLE_API = {
  /** One page of the audit log, newest first, filtered. */
  audit: { method: 'GET', path: `${BASE}/audit` },
  /** The whole filtered audit log as CSV (streamed). */
  auditExport: { method: 'GET', path: `${BASE}/audit/export` },
} as const;
