/**
 * The venues' routes, in a module of their own: only the venue pages load them (routes.ts is part
 * of every page's first load).
 */
const ADMIN = '/api/cxy/admin/v2/venues';

/** Set-up of venues: admins create and change them; a venue's staff read it and change its texts. */
export const VENUES_ADMIN_API = {
  create: { method: 'POST', path: `${ADMIN}/create` },
  update: { method: 'POST', path: `${ADMIN}/update` },
  get: { method: 'GET', path: `${ADMIN}/get` },
  list: { method: 'GET', path: `${ADMIN}/list` },
} as const;

/** The venue staff's calls (role `staff`, scope `venue:<slug>`). */
export const VENUES_API = {
  today: { method: 'GET', path: '/api/cxy/v2/venues/today' },
} as const;
