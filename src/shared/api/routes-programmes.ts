/** The programmes' routes (issue 8): in a module of their own, like the campaigns', so only their pages load them. */

/** University programme registration (`/univer-register`). */
export const UNIVER_API = {
  register: { method: 'POST', path: '/api/cxy/v2/univer/register' },
  mine: { method: 'GET', path: '/api/cxy/v2/univer/mine' },
  /** Staff: every registration as CSV (not the envelope: a file to open in a spreadsheet). */
  export: { method: 'GET', path: '/api/cxy/admin/v2/univer/export' },
} as const;
