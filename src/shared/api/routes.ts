/**
 * Method and path of every endpoint, without schemas: the browser imports these (zod stays on the
 * server); the contracts in `api/<domain>.ts` spread them and add the schemas.
 */
export interface RouteRef {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
}

const r = <M extends RouteRef['method'], P extends string>(method: M, path: P) => ({ method, path }) as const;

export const API = {
  system: {
    health: r('GET', '/healthz'),
    context: r('GET', '/api/cxy/v2/system/context'),
    ping: r('POST', '/api/cxy/v2/system/ping'),
    language: r('POST', '/api/cxy/v2/system/language'),
  },
  accounts: {
    sendCode: r('POST', '/api/cxy/account/v2/sendCode'),
    loginV2: r('POST', '/api/cxy/account/v2/loginV2'),
    quickLogin: r('POST', '/api/cxy/account/v2/quickLogin'),
    register: r('POST', '/api/cxy/account/v2/register'),
    resetPassword: r('POST', '/api/cxy/account/v2/resetPassword'),
    changePassword: r('POST', '/api/cxy/account/v2/changePassword'),
    verifyCurrent: r('POST', '/api/cxy/account/v2/verifyCurrent'),
    bind: r('POST', '/api/cxy/account/v2/bind'),
    unbind: r('POST', '/api/cxy/account/v2/unbind'),
    cancel: r('POST', '/api/cxy/account/v2/cancel'),
    logout: r('POST', '/api/cxy/account/v2/logout'),
    logoutAll: r('POST', '/api/cxy/account/v2/logoutAll'),
    me: r('GET', '/api/cxy/account/v2/me'),
    updateProfile: r('POST', '/api/cxy/account/v2/updateProfile'),
    oauthLogin: r('POST', '/api/cxy/account/v2/oauthLogin'),
    oauthStart: r('GET', '/api/cxy/account/v2/oauthStart'),
    adminUpdateUser: r('POST', '/api/cxy/admin/v2/user/update'),
  },
} as const;
