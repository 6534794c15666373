/**
 * The other campaign families' routes (issue 6), in a module of their own like the raffle's:
 * only their pages load them.
 */

/** Daily check-in (`/webview/check-in`). */
export const CHECKIN_API = {
  status: { method: 'GET', path: '/api/cxy/v2/checkin/status' },
  checkIn: { method: 'POST', path: '/api/cxy/v2/checkin/checkIn' },
} as const;

/** Spec §7: joining an activity (`activityId`, `activityType` default 3). */
export const ACTIVITY_API = {
  join: { method: 'POST', path: '/api/cxy/v2/allActivity/join' },
} as const;
