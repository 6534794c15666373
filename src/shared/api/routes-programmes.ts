/** The programmes' routes (issue 8): in a module of their own, like the campaigns', so only their pages load them. */

/** University programme registration (`/univer-register`). */
export const UNIVER_API = {
  register: { method: 'POST', path: '/api/cxy/v2/univer/register' },
  mine: { method: 'GET', path: '/api/cxy/v2/univer/mine' },
  /** Staff: every registration as CSV (not the envelope: a file to open in a spreadsheet). */
  export: { method: 'GET', path: '/api/cxy/admin/v2/univer/export' },
} as const;

/** The free-model funnel (`/free-model/register`, `/free-model/model`, `/free-model/download`). */
export const FREE_MODEL_API = {
  list: { method: 'GET', path: '/api/cxy/v2/free-model/list' },
  files: { method: 'GET', path: '/api/cxy/v2/free-model/files' },
  /** A signed link to one file, valid a few minutes, for the signed-in member. */
  link: { method: 'POST', path: '/api/cxy/v2/free-model/link' },
  /** The file behind a signed link (not the envelope: the download itself). */
  file: { method: 'GET', path: '/api/cxy/v2/free-model/file/:token' },
} as const;
