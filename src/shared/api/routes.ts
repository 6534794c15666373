/**
 * Method and path of every endpoint, without schemas: the browser imports these (zod stays on the
 * server); the contracts in `api/<domain>.ts` spread them and add the schemas.
 */
export interface RouteRef {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
}

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

export const OAUTH_API = {
  interaction: (uid: string) => ({ method: 'GET', path: `/api/cxy/oauth2/interaction/${encodeURIComponent(uid)}` }) as const,
  approve: (uid: string) => ({ method: 'POST', path: `/api/cxy/oauth2/interaction/${encodeURIComponent(uid)}/approve` }) as const,
  deny: (uid: string) => ({ method: 'POST', path: `/api/cxy/oauth2/interaction/${encodeURIComponent(uid)}/deny` }) as const,
} as const;

export const ACCOUNTS_API = {
  sendCode: { method: 'POST', path: '/api/cxy/account/v2/sendCode' },
  loginV2: { method: 'POST', path: '/api/cxy/account/v2/loginV2' },
  quickLogin: { method: 'POST', path: '/api/cxy/account/v2/quickLogin' },
  register: { method: 'POST', path: '/api/cxy/account/v2/register' },
  resetPassword: { method: 'POST', path: '/api/cxy/account/v2/resetPassword' },
  changePassword: { method: 'POST', path: '/api/cxy/account/v2/changePassword' },
  verifyCurrent: { method: 'POST', path: '/api/cxy/account/v2/verifyCurrent' },
  bind: { method: 'POST', path: '/api/cxy/account/v2/bind' },
  unbind: { method: 'POST', path: '/api/cxy/account/v2/unbind' },
  cancel: { method: 'POST', path: '/api/cxy/account/v2/cancel' },
  logout: { method: 'POST', path: '/api/cxy/account/v2/logout' },
  logoutAll: { method: 'POST', path: '/api/cxy/account/v2/logoutAll' },
  me: { method: 'GET', path: '/api/cxy/account/v2/me' },
  updateProfile: { method: 'POST', path: '/api/cxy/account/v2/updateProfile' },
  oauthLogin: { method: 'POST', path: '/api/cxy/account/v2/oauthLogin' },
  oauthStart: { method: 'GET', path: '/api/cxy/account/v2/oauthStart' },
  adminUpdateUser: { method: 'POST', path: '/api/cxy/admin/v2/user/update' },
} as const;

/** Shared content: lists behind "load more", comments, and the signed-in visitor's reactions. */
export const CONTENT_API = {
  comments: { method: 'GET', path: '/api/cxy/v2/content/comments' },
  replies: { method: 'GET', path: '/api/cxy/v2/content/replies' },
  comment: { method: 'POST', path: '/api/cxy/v2/content/comment' },
  deleteComment: { method: 'POST', path: '/api/cxy/v2/content/comment/delete' },
  like: { method: 'POST', path: '/api/cxy/v2/content/like' },
  collect: { method: 'POST', path: '/api/cxy/v2/content/collect' },
  follow: { method: 'POST', path: '/api/cxy/v2/content/follow' },
  relation: { method: 'GET', path: '/api/cxy/v2/content/relation' },
  models: { method: 'GET', path: '/api/cxy/v2/content/models' },
  posts: { method: 'GET', path: '/api/cxy/v2/content/posts' },
  circles: { method: 'GET', path: '/api/cxy/v2/content/circles' },
  timelapses: { method: 'GET', path: '/api/cxy/v2/content/timelapses' },
} as const;
