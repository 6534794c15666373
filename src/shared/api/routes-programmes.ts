import { type RouteRef, withParams } from './routes';

/** The programmes' routes: in a module of their own, like the campaigns', so only their pages load them. */

/** University programme registration (`/univer-register`). */
export const UNIVER_API = {
  register: { method: 'POST', path: '/api/cxy/v2/univer/register' },
  mine: { method: 'GET', path: '/api/cxy/v2/univer/mine' },
} as const;

/**
 * Files, not envelope calls (so not in the API aggregate and its OpenAPI document): the staff's
 * CSV of every registration, and a free model's file behind a signed link.
 */
export const UNIVER_EXPORT_PATH = '/api/cxy/admin/v2/univer/export';
export const FREE_MODEL_FILE_PATH = '/api/cxy/v2/free-model/file/:token';

/** The free-model funnel (`/free-model/register`, `/free-model/model`, `/free-model/download`). */
export const FREE_MODEL_API = {
  list: { method: 'GET', path: '/api/cxy/v2/free-model/list' },
  files: { method: 'GET', path: '/api/cxy/v2/free-model/files' },
  /** A signed link to one file, valid a few minutes, for the signed-in member. */
  link: { method: 'POST', path: '/api/cxy/v2/free-model/link' },
} as const;

/** Photo modelling scan jobs (`/webview/photo-modelling`): open one. */
export const PHOTO_SCAN_API = {
  create: { method: 'POST', path: '/api/cxy/v2/photo-scan/jobs' },
} as const;

/**
 * A job's calls, read (for resume) and submit: envelope calls documented in the OpenAPI document
 * (their contracts are in photo-scan.ts), but with a `:id` path parameter, so outside the API
 * aggregate (whose check fills only OAuth's `uid`); `photoJobRoute` fills the id.
 */
export const PHOTO_SCAN_JOB_API = {
  job: { method: 'GET', path: '/api/cxy/v2/photo-scan/jobs/:id' },
  submit: { method: 'POST', path: '/api/cxy/v2/photo-scan/jobs/:id/submit' },
} as const;

/**
 * One photo of a job: the raw image as the body (JPEG, PNG or WebP, read from the bytes), the ring
 * as `?band=`. Not an envelope input, so not in the API aggregate (its answer is the envelope).
 */
export const PHOTO_SCAN_PHOTO_PATH = '/api/cxy/v2/photo-scan/jobs/:id/photos/:index';

/** A route of a job, its id filled in. */
export const photoJobRoute = <R extends RouteRef>(route: R, id: number): R => withParams(route, { id });

/** The modeler programme (`/modeler`, `/modeler/voteDetail`, `/modeler/sendRequirement`). */
const MODELER = '/api/cxy/v2/modeler';
const MODELER_ADMIN = '/api/cxy/admin/v2/modeler';
export const MODELER_API = {
  requests: { method: 'GET', path: `${MODELER}/requests` },
  request: { method: 'GET', path: `${MODELER}/request` },
  /** Posting a request: JSON with the images base64-encoded (limits in shared/modeler-rules.ts). */
  post: { method: 'POST', path: `${MODELER}/request/post` },
  close: { method: 'POST', path: `${MODELER}/request/close` },
  contest: { method: 'GET', path: `${MODELER}/contest` },
  myVotes: { method: 'GET', path: `${MODELER}/contest/my-votes` },
  vote: { method: 'POST', path: `${MODELER}/vote` },
  unvote: { method: 'POST', path: `${MODELER}/unvote` },
  adminCreateContest: { method: 'POST', path: `${MODELER_ADMIN}/contest/create` },
  adminAddEntry: { method: 'POST', path: `${MODELER_ADMIN}/entry/add` },
} as const;
