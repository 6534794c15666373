/**
 * Accounts' and OAuth consent's routes, in a module of their own: the sign-in sheet and the account
 * pages load them when they open (routes.ts is part of every page's first load).
 */
/** The OAuth consent page's calls on one interaction: fill its `:uid` with `withParams`. */
export const OAUTH_API = {
  interaction: { method: 'GET', path: '/api/cxy/oauth2/interaction/:uid' },
  approve: { method: 'POST', path: '/api/cxy/oauth2/interaction/:uid/approve' },
  deny: { method: 'POST', path: '/api/cxy/oauth2/interaction/:uid/deny' },
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
