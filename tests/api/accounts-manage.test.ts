import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startWechatStandIn } from '../../src/dev/wechat/oauth-stand-in';
import { ResultCode } from '../../src/shared/errors';
import { api, e164, newPhone } from '../helpers/accounts';
import { createTestApp, ENGINES, type TestApp } from '../helpers/app';

const APP_ID = 'wx1234567890abcdef';
const SECRET = 'wechat-secret-0123456789abcdef';

describe.each(ENGINES)('managing an account on %s', (engine) => {
  let t: TestApp;
  let a: ReturnType<typeof api>;
  let wechat: Awaited<ReturnType<typeof startWechatStandIn>>;
  beforeAll(async () => {
    wechat = await startWechatStandIn({ appId: APP_ID, appSecret: SECRET });
    t = await createTestApp(engine, {
      WECHAT_CLIENTS: JSON.stringify([
        { clientId: 'wechat-h5', appId: APP_ID, appSecret: SECRET, apiBase: wechat.url },
        { clientId: 'wechat-app', kind: 'app', appId: APP_ID, appSecret: SECRET, apiBase: wechat.url },
      ]),
    });
  });
  beforeEach(() => {
    a = api(t.app);
  });
  afterAll(async () => {
    await t.close();
    await wechat.close();
  });
  afterEach(() => vi.useRealTimers());
  const later = (ms: number) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + ms);
  };

  async function codeFor(account: string, type: 0 | 1, purpose: number, cookie?: string) {
    const res = await a.post('/api/cxy/account/v2/sendCode', { account, type, purpose, region: 'CN' }, cookie ? { cookie } : {});
    expect(res.json().code, JSON.stringify(res.json())).toBe(0);
    return a.outboxCode(type === 1 ? e164(account) : account);
  }

  it('binds an e-mail after bind-verify of the current phone, then signs in with it', async () => {
    const phone = newPhone();
    const { cookie } = await a.phoneLogin(phone);
    const email = `maker${Date.now()}${Math.floor(Math.random() * 1e6)}@example.com`;
    // Without bind-verify: refused.
    const direct = await a.post(
      '/api/cxy/account/v2/bind',
      { account: email, type: 0, code: await codeFor(email, 0, 3, cookie) },
      { cookie },
    );
    expect(direct.json().code).toBe(ResultCode.verifyFirst);

    later(61_000);
    const verify = await a.post('/api/cxy/account/v2/verifyCurrent', { type: 1, code: await codeFor(phone, 1, 5, cookie) }, { cookie });
    expect(verify.json().code).toBe(0);
    const bound = await a.post(
      '/api/cxy/account/v2/bind',
      { account: email, type: 0, code: await codeFor(email, 0, 3, cookie) },
      { cookie },
    );
    expect(bound.json().code, JSON.stringify(bound.json())).toBe(0);
    const me = (await a.get('/api/cxy/account/v2/me', { cookie })).json().result;
    expect(me.email).toBe(`m***@example.com`);

    // The same e-mail cannot be bound by someone else.
    const other = await a.phoneLogin(newPhone());
    later(61_000);
    const taken = await a.post('/api/cxy/account/v2/sendCode', { account: email, type: 0, purpose: 3 }, { cookie: other.cookie });
    expect(taken.json().code).toBe(ResultCode.identityTaken);
    // Asking again at once meets the send limits first: a signed-in caller cannot probe which
    // numbers and addresses have accounts faster than codes may be sent.
    const again = await a.post('/api/cxy/account/v2/sendCode', { account: email, type: 0, purpose: 3 }, { cookie: other.cookie });
    expect(again.json().code).not.toBe(ResultCode.identityTaken);
    expect(again.json().code).not.toBe(0);

    // Unbinding the phone leaves the e-mail; unbinding the last method is refused.
    later(200_000);
    await a.post('/api/cxy/account/v2/verifyCurrent', { type: 1, code: await codeFor(phone, 1, 5, cookie) }, { cookie });
    const unbind = await a.post('/api/cxy/account/v2/unbind', { type: 1, code: await codeFor(phone, 1, 4, cookie) }, { cookie });
    expect(unbind.json().code, JSON.stringify(unbind.json())).toBe(0);
    later(400_000);
    await a.post('/api/cxy/account/v2/verifyCurrent', { type: 0, code: await codeFor(email, 0, 5, cookie) }, { cookie });
    const last = await a.post('/api/cxy/account/v2/unbind', { type: 0, code: '123456' }, { cookie });
    expect(last.json().code).toBe(ResultCode.lastIdentity);
  });

  it('changes the password with the old one', async () => {
    const { cookie } = await a.phoneLogin(newPhone());
    // No password yet: bind-verify first.
    expect((await a.post('/api/cxy/account/v2/changePassword', { password: 'maker1234' }, { cookie })).json().code).toBe(
      ResultCode.verifyFirst,
    );
  });

  it('cancels after a code, signs out, and signing in during the cooling-off period undoes it', async () => {
    const phone = newPhone();
    const { cookie, session } = await a.phoneLogin(phone);
    later(61_000);
    const res = await a.post('/api/cxy/account/v2/cancel', { type: 1, code: await codeFor(phone, 1, 2, cookie) }, { cookie });
    expect(res.json().code).toBe(0);
    expect(res.json().result.deleteAfter).toBeGreaterThan(Date.now() + 14 * 86_400_000);
    expect((await a.get('/api/cxy/account/v2/me', { cookie })).json().code).toBe(ResultCode.token);

    later(120_000);
    const back = await a.phoneLogin(phone);
    expect(back.session.userId).toBe(session.userId);
    expect((await a.get('/api/cxy/account/v2/me', { cookie: back.cookie })).json().result.state).toBe('active');
  });

  it('forgets a cancelled account after the cooling-off period: the number starts a new account', async () => {
    const phone = newPhone();
    const { cookie, session } = await a.phoneLogin(phone);
    later(61_000);
    await a.post('/api/cxy/account/v2/cancel', { type: 1, code: await codeFor(phone, 1, 2, cookie) }, { cookie });
    later(16 * 86_400_000);
    expect(await t.app.services.accounts.purgeCancelled()).toBeGreaterThanOrEqual(1);
    expect(await t.app.services.accounts.purgeCancelled()).toBe(0);
    const fresh = await a.phoneLogin(phone);
    expect(fresh.session.isNew).toBe(true);
    expect(fresh.session.userId).not.toBe(session.userId);
  });

  it('lets only admins change levels, states and roles; a blocked account is signed out and refused', async () => {
    const target = await a.phoneLogin(newPhone());
    const admin = await a.phoneLogin(newPhone());
    const update = { userId: Number(target.session.userId), level: 3, premiumUntil: Date.now() + 86_400_000 };
    const denied = await a.post('/api/cxy/admin/v2/user/update', update, { cookie: admin.cookie });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe(ResultCode.forbiddenRole);

    await t.app.services.accounts.adminUpdate({ userId: Number(admin.session.userId), addRoles: [{ role: 'admin', scope: '*' }] });
    const ok = await a.post(
      '/api/cxy/admin/v2/user/update',
      { ...update, addRoles: [{ role: 'staff', scope: 'venue:cd16' }] },
      { cookie: admin.cookie },
    );
    expect(ok.json().result).toMatchObject({ level: 3, isPremium: true, roles: [{ role: 'staff', scope: 'venue:cd16' }] });
    expect(await t.app.services.accounts.hasRole(Number(target.session.userId), 'staff', 'venue:cd16')).toBe(true);
    expect(await t.app.services.accounts.hasRole(Number(target.session.userId), 'staff', 'venue:tct')).toBe(false);

    const blocked = await a.post(
      '/api/cxy/admin/v2/user/update',
      { userId: Number(target.session.userId), state: 'blocked' },
      { cookie: admin.cookie },
    );
    expect(blocked.json().result.state).toBe('blocked');
    expect((await a.get('/api/cxy/account/v2/me', { cookie: target.cookie })).json().code).toBe(ResultCode.token);
    later(61_000);
    const phone = (
      await t.db.kysely
        .selectFrom('user_identities')
        .select('value')
        .where('user_id', '=', Number(target.session.userId))
        .executeTakeFirstOrThrow()
    ).value;
    await a.post('/api/cxy/account/v2/sendCode', { account: phone, type: 1, purpose: 6 });
    const refused = await a.post('/api/cxy/account/v2/quickLogin', { account: phone, type: 1, code: await a.outboxCode(phone) });
    expect(refused.json()).toMatchObject({ code: ResultCode.accountBlocked, result: { redirect: '/pullblack' } });

    const bad = await a.post(
      '/api/cxy/admin/v2/user/update',
      { userId: 'x', addRoles: [{ role: 'root', scope: '*' }] },
      { cookie: admin.cookie },
    );
    expect(bad.json().code).toBe(ResultCode.parameter);
  });

  it('updates the profile, keeping hostile text as text', async () => {
    const { cookie } = await a.phoneLogin(newPhone());
    const res = await a.post(
      '/api/cxy/account/v2/updateProfile',
      { nickname: '<b>Ada</b>', gender: 0, age: 30, introduction: 'I print <script>x</script>' },
      { cookie },
    );
    expect(res.json().result).toMatchObject({ nickname: '<b>Ada</b>', gender: 0, age: 30 });
    for (const bad of [
      { nickname: '' },
      { nickname: 'x'.repeat(33) },
      { gender: 5 },
      { age: -1 },
      { age: 'old' },
      { introduction: 'x'.repeat(201) },
    ]) {
      expect((await a.post('/api/cxy/account/v2/updateProfile', bad, { cookie })).json().code, JSON.stringify(bad)).toBe(
        ResultCode.parameter,
      );
    }
  });

  describe('WeChat sign-in', () => {
    /** The web's return from WeChat: the code with the state of the browser's cookie. */
    const webLogin = (code: string) =>
      a.post('/api/cxy/account/v2/oauthLogin', { code, clientId: 'wechat-h5', state: 's1' }, { cookie: 'oauth_state=s1' });

    it('creates the account on the first sign-in and finds it on the next', async () => {
      const openId = `o${Date.now()}${Math.random().toString(36).slice(2, 8)}`;
      const code1 = wechat.issueCode({ openId, unionId: `u-${openId}`, nickname: '微信用户', avatarUrl: 'https://thirdwx.qlogo.cn/a.png' });
      const first = await webLogin(code1);
      expect(first.json()).toMatchObject({ code: 0, result: { isNew: true } });
      const cookie = `token=${first.json().result.token}`;
      expect((await a.get('/api/cxy/account/v2/me', { cookie })).json().result).toMatchObject({ nickname: '微信用户', wechat: true });

      const second = await webLogin(wechat.issueCode({ openId, unionId: `u-${openId}` }));
      expect(second.json().result).toMatchObject({ isNew: false, userId: first.json().result.userId });
      // A code is single use at WeChat too.
      expect((await webLogin(code1)).json().code).toBe(ResultCode.externalLoginFailed);
    });

    it('checks the state and the client id', async () => {
      const code = wechat.issueCode({ openId: `o-state-${Date.now()}` });
      const mismatch = await a.post(
        '/api/cxy/account/v2/oauthLogin',
        { code, clientId: 'wechat-h5', state: 'abc' },
        { cookie: 'oauth_state=xyz' },
      );
      expect(mismatch.json()).toMatchObject({ code: ResultCode.externalLoginFailed, result: { reason: 'state' } });
      // A web client must send the state: a code alone (say, planted by someone else) signs no one in.
      for (const headers of [{}, { cookie: 'oauth_state=abc' }] as Record<string, string>[]) {
        const missing = await a.post('/api/cxy/account/v2/oauthLogin', { code, clientId: 'wechat-h5' }, headers);
        expect(missing.json()).toMatchObject({ code: ResultCode.externalLoginFailed, result: { reason: 'state' } });
      }
      const noCookie = await a.post('/api/cxy/account/v2/oauthLogin', { code, clientId: 'wechat-h5', state: 'abc' });
      expect(noCookie.json()).toMatchObject({ code: ResultCode.externalLoginFailed, result: { reason: 'state' } });
      const matching = await a.post(
        '/api/cxy/account/v2/oauthLogin',
        { code, clientId: 'wechat-h5', state: 'abc' },
        { cookie: 'oauth_state=abc' },
      );
      expect(matching.json().code).toBe(0);
      // A native app (spec: code, clientId, redirecturi) gets its code from the WeChat SDK, not a redirect.
      const app = await a.post('/api/cxy/account/v2/oauthLogin', {
        code: wechat.issueCode({ openId: `o-app-${Date.now()}` }),
        clientId: 'wechat-app',
      });
      expect(app.json().code).toBe(0);
      expect((await a.post('/api/cxy/account/v2/oauthLogin', { code: 'x', clientId: 'nope' })).json().code).toBe(ResultCode.parameter);
      expect((await a.post('/api/cxy/account/v2/oauthLogin', { code: '', clientId: 'wechat-h5' })).json().code).toBe(ResultCode.parameter);
    });

    it('starts at WeChat with a state bound to this browser', async () => {
      const res = await a.get('/api/cxy/account/v2/oauthStart?clientId=wechat-h5&redirect=%2Factivitys%3Fx%3D1');
      expect(res.statusCode).toBe(302);
      const location = new URL(res.headers.location as string);
      expect(location.origin + location.pathname).toBe('https://open.weixin.qq.com/connect/oauth2/authorize');
      expect(location.searchParams.get('appid')).toBe(APP_ID);
      expect(location.searchParams.get('redirect_uri')).toMatch(/\/activitys\?x=1$/);
      const state = res.cookies.find((c) => c.name === 'oauth_state');
      expect(state).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
      expect(location.searchParams.get('state')).toBe(state?.value);
      for (const bad of [
        'clientId=nope',
        'clientId=wechat-h5&redirect=https%3A%2F%2Fevil.example',
        'clientId=wechat-h5&redirect=%2F%2Fevil.example',
        '',
      ]) {
        const r = await a.get(`/api/cxy/account/v2/oauthStart?${bad}`);
        expect(r.statusCode, bad).toBeLessThan(500);
        expect(r.json().code, bad).toBe(ResultCode.parameter);
      }
    });

    it('says so when WeChat is down', async () => {
      wechat.failNext('http500');
      const res = await webLogin(wechat.issueCode({ openId: `o-down-${Date.now()}` }));
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: ResultCode.externalLoginFailed, result: { reason: 'unavailable' } });
    });
  });
});
