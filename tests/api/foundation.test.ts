import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageServices } from '../../src/server/page-services';
import { HEADER } from '../../src/shared/context';
import { ResultCode } from '../../src/shared/errors';
import { CLIENT_HEADERS, createTestApp, ENGINES, type TestApp } from '../helpers/app';

describe.each(ENGINES)('foundation API on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, {}, (app) => {
      // A route that fails the way a bug would: the answer must not leak what went wrong.
      app.get('/api/test/explode', async () => {
        throw new Error('secret internal detail: password=hunter2');
      });
    });
  });
  afterAll(() => t.close());

  it('registers every domain as a named plugin, and adds their jobs without starting them', async () => {
    for (const name of ['core', 'http', 'jobs', 'accounts', 'content', 'lottery', 'mall', 'oauth', 'photo-scan', 'free-model', 'wechat'])
      expect(t.app.hasPlugin(name), name).toBe(true);
    expect(t.app.jobs.names().sort()).toEqual(['account purge', 'mall orders', 'oauth2 purge', 'photo scan cleanup', 'referral coins']);
  });

  it("gives page loaders the domains' reads only: no database, no module, no write", () => {
    const page = pageServices(t.app.services);
    expect(Object.keys(page)).not.toContain('db');
    expect(Object.keys(page)).not.toContain('pageCache');
    expect(Object.isFrozen(page) && Object.isFrozen(page.content)).toBe(true);
    expect(Object.keys(page.content)).not.toContain('storage');
    expect(Object.keys(page.mall).sort()).toEqual(['product', 'products']);
    expect(Object.keys(page.accounts).sort()).toEqual(['authenticate', 'me', 'rolesOf']);
    for (const service of Object.values(page))
      for (const [name, value] of Object.entries(service))
        if (typeof value === 'function') expect(name).not.toMatch(/^(create|update|delete|set|add|remove|draw|redeem|purge)/);
  });

  it('answers health with the database state', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok', dialect: engine });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers unknown API paths with a 404 envelope in the caller language', async () => {
    const en = await t.app.inject({ method: 'GET', url: '/api/cxy/v2/nothing-here' });
    expect(en.statusCode).toBe(404);
    expect(en.json()).toEqual({ code: 404, msg: 'Resource not found', result: null });

    const zh = await t.app.inject({ method: 'GET', url: '/api/nothing', headers: { [HEADER.languageCode]: '1' } });
    expect(zh.json().msg).toBe('请求的资源不存在');
    const tw = await t.app.inject({
      method: 'POST',
      url: '/api/nothing',
      headers: { ...CLIENT_HEADERS, [HEADER.languageCode]: '2' },
      payload: '{}',
    });
    expect(tw.json().msg).toBe('請求的資源不存在');
    const fr = await t.app.inject({ method: 'GET', url: '/api/nothing', headers: { cookie: 'lang=fr' } });
    expect(fr.json().msg).toBe('Ressource introuvable');
  });

  it('round-trips the header context', async () => {
    const requestId = '3f1e2d4c-5b6a-4789-8abc-def012345678';
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/cxy/v2/system/context',
      headers: {
        [HEADER.osVersion]: 'iOS 17.2',
        [HEADER.platform]: '4',
        [HEADER.duid]: 'A1B2C3D4-E5F6-4789-8ABC-DEF012345678',
        [HEADER.requestId]: requestId,
        [HEADER.token]: 'tok_abc.def',
        [HEADER.userId]: '10086',
        [HEADER.appChannel]: 'wechat',
        [HEADER.lotteryChannel]: '3',
        [HEADER.languageCode]: '9',
        [HEADER.appId]: 'creality_model',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 0,
      msg: 'succès',
      result: {
        osVersion: 'iOS 17.2',
        platform: 4,
        duid: 'a1b2c3d4-e5f6-4789-8abc-def012345678',
        requestId,
        token: true,
        userId: '10086',
        appChannel: 'wechat',
        lotteryChannel: 3,
        locale: 'fr',
        appId: 'creality_model',
      },
    });
    // Answers carry personal data: never kept by a browser or a proxy.
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('applies the documented defaults when the header context is missing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/cxy/v2/system/context', headers: { 'accept-language': 'zh-TW,zh;q=0.9' } });
    const { result } = res.json();
    expect(result).toMatchObject({ platform: 4, duid: '', token: false, userId: '', lotteryChannel: 1, locale: 'zh-TW', appId: '' });
    expect(result.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reads token and user id from cookies when the headers are absent (web)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/cxy/v2/system/context',
      headers: { cookie: 'token=abc123; userId=42; appChannel=h5' },
    });
    expect(res.json().result).toMatchObject({ token: true, userId: '42', appChannel: 'h5' });
  });

  it('drops malformed descriptive headers instead of failing', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/cxy/v2/system/context',
      headers: {
        [HEADER.osVersion]: '<script>alert(1)</script>',
        [HEADER.platform]: 'four',
        [HEADER.duid]: 'not-a-uuid',
        [HEADER.requestId]: 'x'.repeat(500),
        [HEADER.userId]: "1' OR '1'='1",
        [HEADER.languageCode]: '77',
      },
    });
    expect(res.statusCode).toBe(200);
    const { result } = res.json();
    expect(result).toMatchObject({ osVersion: '', platform: 4, duid: '', userId: '', locale: 'en' });
    expect(result.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a malformed lottery channel with result code 1 naming the header', async () => {
    for (const bad of ['abc', '-1', '0', '1.5', '99999999']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/cxy/v2/system/context', headers: { [HEADER.lotteryChannel]: bad } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: ResultCode.parameter, result: { field: HEADER.lotteryChannel } });
      expect(res.json().msg).toContain(HEADER.lotteryChannel);
    }
  });

  it('echoes the request id header as the request id of the answer log', async () => {
    const id = '0b8f7c5e-2d3a-4b1c-9e8f-7a6b5c4d3e2f';
    const res = await t.app.inject({ method: 'GET', url: '/api/cxy/v2/system/context', headers: { [HEADER.requestId]: id } });
    expect(res.json().result.requestId).toBe(id);
  });

  describe('parameter errors', () => {
    const post = (payload: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: '/api/cxy/v2/system/ping', headers: { ...CLIENT_HEADERS, ...headers }, payload });

    it('accepts a valid call', async () => {
      const res = await post(JSON.stringify({ message: 'hello' }));
      expect(res.json()).toMatchObject({ code: 0, result: { echo: 'hello' } });
    });

    it('names the missing field', async () => {
      const res = await post('{}');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ code: 1, msg: 'Parameter error: message', result: { issues: [{ field: 'message' }] } });
    });

    it('refuses the wrong type and too long values', async () => {
      expect((await post(JSON.stringify({ message: 42 }))).json().code).toBe(1);
      expect((await post(JSON.stringify({ message: 'x'.repeat(201) }))).json().code).toBe(1);
      expect((await post(JSON.stringify({ message: '' }))).json().code).toBe(1);
    });

    it('refuses malformed JSON with a parameter error', async () => {
      const res = await post('{"message": ');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 1, msg: 'Parameter error: the request body is not valid JSON' });
    });

    it('refuses an oversized body with 413', async () => {
      const res = await post(JSON.stringify({ message: 'x'.repeat(2 * 1024 * 1024) }));
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ code: 413 });
    });

    it('refuses an unsupported content type with 415', async () => {
      const res = await post('message=hi', { 'content-type': 'application/x-www-form-urlencoded' });
      expect(res.statusCode).toBe(415);
      expect(res.json().code).toBe(415);
    });

    it('ignores prototype pollution attempts', async () => {
      const res = await post('{"message":"hi","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}');
      expect(res.statusCode).toBe(400);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });

    it('keeps hostile strings as data', async () => {
      const hostile = `<img src=x onerror=alert(1)>'; DROP TABLE seed_runs;--`;
      const res = await post(JSON.stringify({ message: hostile }));
      expect(res.json().result.echo).toBe(hostile);
      expect(res.headers['content-type']).toContain('application/json');
      const health = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.json().database).toBe('ok');
    });
  });

  describe('CSRF', () => {
    it('refuses a state-changing call without the app id header', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/cxy/v2/system/ping',
        headers: { 'content-type': 'application/json' },
        payload: '{"message":"x"}',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 403, result: { reason: 'missing-app-id' } });
    });

    it('refuses a call from another origin', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/cxy/v2/system/ping',
        headers: { ...CLIENT_HEADERS, origin: 'https://evil.example', host: 'localhost:3000' },
        payload: '{"message":"x"}',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().result.reason).toBe('origin');
    });

    it('refuses a cross-site fetch even without an Origin header', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/cxy/v2/system/ping',
        headers: { ...CLIENT_HEADERS, 'sec-fetch-site': 'cross-site' },
        payload: '{"message":"x"}',
      });
      expect(res.statusCode).toBe(403);
    });

    it('accepts a same-origin call', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/cxy/v2/system/ping',
        headers: { ...CLIENT_HEADERS, origin: 'http://localhost:3000', host: 'localhost:3000', 'sec-fetch-site': 'same-origin' },
        payload: '{"message":"x"}',
      });
      expect(res.json().code).toBe(0);
    });
  });

  describe('language choice', () => {
    const choose = (payload: string, headers: Record<string, string> = CLIENT_HEADERS) =>
      t.app.inject({ method: 'POST', url: '/api/cxy/v2/system/language', headers, payload });

    it('stores the language in a cookie and answers in it from then on', async () => {
      const res = await choose('{"locale":"zh-TW"}');
      expect(res.json()).toMatchObject({ code: 0, result: { locale: 'zh-TW' } });
      const cookie = res.cookies.find((c) => c.name === 'lang');
      expect(cookie).toMatchObject({ value: 'zh-TW', path: '/', sameSite: 'Lax', maxAge: 31536000 });
      expect(cookie?.secure).toBeUndefined();
      const next = await t.app.inject({ method: 'GET', url: '/api/nothing', headers: { cookie: 'lang=zh-TW' } });
      expect(next.json().msg).toBe('請求的資源不存在');
    });

    it('marks the cookie Secure behind HTTPS', async () => {
      const res = await choose('{"locale":"fr"}', { ...CLIENT_HEADERS, 'x-forwarded-proto': 'https' });
      expect(res.cookies.find((c) => c.name === 'lang')?.secure).toBe(true);
    });

    it('refuses languages we do not serve, and bad bodies, without setting anything', async () => {
      for (const body of ['{"locale":"de"}', '{}', '{"locale":["fr"]}', '{"locale":"fr<script>"}', 'null']) {
        const res = await choose(body);
        expect(res.json().code).toBe(1);
        expect(res.cookies).toHaveLength(0);
      }
    });

    it('is protected from cross-site requests', async () => {
      const res = await choose('{"locale":"fr"}', { 'content-type': 'application/json' });
      expect(res.statusCode).toBe(403);
      expect(res.cookies).toHaveLength(0);
    });
  });

  it('hides internals of a server error and logs them with the request id', async () => {
    const id = '11111111-2222-4333-8444-555555555555';
    const res = await t.app.inject({ method: 'GET', url: '/api/test/explode', headers: { [HEADER.requestId]: id } });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toMatchObject({ code: 500, result: { requestId: id } });
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain('secret');
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('sends the API security headers on envelope answers: never rendered, framed, cached or sniffed', async () => {
    // An answer, a parameter error, and a refusal in a hook (the draw without the app-id header).
    for (const url of [
      '/api/cxy/v2/checkin/status?activityId=1',
      '/api/cxy/v2/checkin/status?activityId=x',
      '/api/rest/lottery/tLottery/lottery?lotteryId=1',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers).toMatchObject({
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'cache-control': 'no-store',
      });
      expect(res.headers['referrer-policy']).toBeUndefined();
    }
  });

  it('rate-limits a route that asks for it', async () => {
    const call = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/cxy/v2/system/ping',
        headers: { ...CLIENT_HEADERS, 'x-forwarded-for': '203.0.113.9' },
        remoteAddress: '198.51.100.7',
        payload: '{"message":"x"}',
      });
    const codes: number[] = [];
    for (let i = 0; i < 61; i++) codes.push((await call()).statusCode);
    expect(codes.slice(0, 60).every((c) => c === 200)).toBe(true);
    const last = await call();
    expect(last.statusCode).toBe(429);
    expect(last.json()).toMatchObject({ code: 429, result: { retryAfterSeconds: expect.any(Number) } });
  });
});
