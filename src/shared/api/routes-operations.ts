/**
 * The console's winners, gift codes and moderation calls, and visitors' Report, in a module of
 * their own without zod: the console's pages and the Report sheet load only these paths.
 */
export const OPERATIONS_API = {
  winners: { method: 'GET', path: '/api/rest/lottery/admin/winners' },
  shippingExport: { method: 'GET', path: '/api/rest/lottery/admin/winners/export' },
  ship: { method: 'POST', path: '/api/rest/lottery/admin/winners/ship' },
  unship: { method: 'POST', path: '/api/rest/lottery/admin/winners/unship' },
  codes: { method: 'GET', path: '/api/rest/lottery/admin/giftcode/codes' },
  voidCode: { method: 'POST', path: '/api/rest/lottery/admin/giftcode/void' },
  report: { method: 'POST', path: '/api/cxy/v2/content/report' },
  queue: { method: 'GET', path: '/api/cxy/admin/v2/moderation/queue' },
  hide: { method: 'POST', path: '/api/cxy/admin/v2/moderation/hide' },
  restore: { method: 'POST', path: '/api/cxy/admin/v2/moderation/restore' },
  dismiss: { method: 'POST', path: '/api/cxy/admin/v2/moderation/dismiss' },
} as const;

/** The reasons a visitor picks from when reporting something. */
export const REPORT_REASONS = ['spam', 'abuse', 'sexual', 'violence', 'copyright', 'other'] as const;
export type TReportReason = (typeof REPORT_REASONS)[number];
/** What visitors can report. */
export const REPORTED_KINDS = ['model', 'post', 'comment', 'user'] as const;
export type TReportedKind = (typeof REPORTED_KINDS)[number];
