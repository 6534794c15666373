/**
 * Analytics. The collector is not an envelope call (it answers the SDK in any encoding,
 * docs/analytics.md); the dashboard's calls are, for staff (role `staff` with scope `analytics`,
 * or an admin).
 */
export const ANALYTICS_COLLECT_PATH = '/api/analytics/collect';

const BASE = '/api/cxy/admin/v2/analytics';

export const ANALYTICS_API = {
  /** Events per day, top events and the campaign funnels for a date range and filters. */
  overview: { method: 'GET', path: `${BASE}/overview` },
  /** The campaigns and channels seen in a date range (the filters' choices). */
  dimensions: { method: 'GET', path: `${BASE}/dimensions` },
} as const;
