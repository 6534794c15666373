import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JsapiStandIn, startJsapiStandIn } from '../../src/dev/wechat/jsapi-stand-in';
import { buildApp } from '../../src/server/app';
import { ConfigError, loadConfig } from '../../src/server/config';
import { LOTTERY_API } from '../../src/shared/api/routes-lottery';
import { ResultCode } from '../../src/shared/errors';
import { createTestApp, createTestDb, type TestApp } from '../helpers/app';

const APP_ID = 'wx1234567890abcdef';
const SECRET = 'jsapi-secret-0123456789abcdef';
const PATH = LOTTERY_API.getJsapiSignature.path;
const SITE = 'https://cloud.example.com';

const clients = (apiBase: string) =>
  JSON.stringify([
    { clientId: 'wechat-h5', appId: 'wxabcdef0123456789', appSecret: 'other-secret-0123456789abcdef', apiBase },
    { clientId: 'wechat-mp', appId: APP_ID, appSecret: SECRET, apiBase },
  ]);

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');

function get(t: TestApp, url: string | undefined, opts: { host?: string; ip?: string } = {}) {
  return t.app.inject({
    method: 'GET',
    url: PATH,
    query: url === undefined ? {} : { url },
    headers: opts.host ? { host: opts.host } : {},
    remoteAddress: opts.ip ?? '198.51.100.7',
  });
}

describe('GET tLottery/getJsapiSignature', () => {
  let wechat: JsapiStandIn;
  let t: TestApp;
  beforeAll(async () => {
    wechat = await startJsapiStandIn({ appId: APP_ID, appSecret: SECRET });
    t = await createTestApp('sqlite', { PUBLIC_URL: SITE, WECHAT_CLIENTS: clients(wechat.url), WECHAT_JSAPI_CLIENT_ID: 'wechat-mp' });
  });
  afterAll(async () => {
    await t?.close();
    await wechat?.close();
  });

  it('signs a page of this site with the ticket of the configured official account', async () => {
    const page = `${SITE}/activitys?activeId=12&lang=zh-CN#share`;
    const before = Math.floor(Date.now() / 1000);
    const res = await get(t, page);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.code, JSON.stringify(body)).toBe(0);
    const { appId, timestamp, nonceStr, signature } = body.result;
    expect(Object.keys(body.result).sort()).toEqual(['appId', 'nonceStr', 'signature', 'timestamp']);
    expect(appId).toBe(APP_ID);
    expect(timestamp).toBeGreaterThanOrEqual(before);
    expect(timestamp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expect(nonceStr).toMatch(/^[A-Za-z0-9]{16}$/);
    const ticket = wechat.tickets[0];
    expect(signature).toBe(
      sha1(`jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${SITE}/activitys?activeId=12&lang=zh-CN`),
    );
    expect(wechat.requests.find((r) => r.path === '/cgi-bin/token')?.query.appid).toBe(APP_ID);

    // The ticket is cached: another page, another nonce, no new call to WeChat.
    const again = (await get(t, `${SITE}/activitys/my-prize`)).json().result;
    expect(again.nonceStr).not.toBe(nonceStr);
    expect(again.signature).toBe(
      sha1(`jsapi_ticket=${ticket}&noncestr=${again.nonceStr}&timestamp=${again.timestamp}&url=${SITE}/activitys/my-prize`),
    );
    expect(wechat.requests.map((r) => r.path)).toEqual(['/cgi-bin/token', '/cgi-bin/ticket/getticket']);
  });

  it('refuses a missing, malformed or foreign url with code 1', async () => {
    const bad = [
      undefined,
      '',
      'not a url',
      '/activitys?activeId=1',
      'javascript:alert(1)//https://cloud.example.com/',
      'ftp://cloud.example.com/activitys',
      'https://evil.example/activitys',
      'https://cloud.example.com.evil.example/activitys',
      'https://user:pw@cloud.example.com/activitys',
      'http://cloud.example.com/activitys', // another origin than PUBLIC_URL's
      ' https://cloud.example.com/activitys',
      `${SITE}/${'a'.repeat(2100)}`,
    ];
    for (const url of bad) {
      const res = await get(t, url);
      expect(res.statusCode, String(url)).toBe(200);
      expect(res.json().code, String(url)).toBe(ResultCode.parameter);
    }
  });

  it('is rate limited per address', async () => {
    const ip = '203.0.113.44';
    let limited = 0;
    for (let i = 0; i < 65; i++) if ((await get(t, `${SITE}/activitys`, { ip })).statusCode === 429) limited++;
    expect(limited).toBe(5);
    expect((await get(t, `${SITE}/activitys`, { ip: '203.0.113.45' })).json().code).toBe(0);
  });
});

describe('GET tLottery/getJsapiSignature, other configurations', () => {
  it('without WECHAT_JSAPI_CLIENT_ID: a clear refusal, not a 500', async () => {
    const t = await createTestApp('sqlite', { PUBLIC_URL: SITE, WECHAT_CLIENTS: clients('http://127.0.0.1:9') });
    try {
      const res = await get(t, `${SITE}/activitys`);
      expect(res.statusCode).toBe(200);
      expect(res.json().code).toBe(ResultCode.wechatShareNotConfigured);
      expect(res.json().msg).toBeTruthy();
    } finally {
      await t.close();
    }
  });

  it('refuses to start when WECHAT_JSAPI_CLIENT_ID names no WECHAT_CLIENTS entry', () => {
    const env = { NODE_ENV: 'test', WECHAT_CLIENTS: clients('http://127.0.0.1:9'), WECHAT_JSAPI_CLIENT_ID: 'nope' };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(/WECHAT_JSAPI_CLIENT_ID/);
  });

  it('without PUBLIC_URL, pages of the requested host are signed', async () => {
    const wechat = await startJsapiStandIn({ appId: APP_ID, appSecret: SECRET });
    const t = await createTestApp('sqlite', {
      WECHAT_CLIENTS: clients(wechat.url),
      WECHAT_JSAPI_CLIENT_ID: 'wechat-mp',
      ALLOWED_HOSTS: 'share.example',
    });
    try {
      expect((await get(t, 'http://share.example/activitys?activeId=1', { host: 'share.example' })).json().code).toBe(0);
      expect((await get(t, 'http://localhost/activitys', { host: 'localhost:80' })).json().code).toBe(0);
      expect((await get(t, 'http://other.example/activitys', { host: 'share.example' })).json().code).toBe(ResultCode.parameter);
    } finally {
      await t.close();
      await wechat.close();
    }
  });

  it('WeChat down or refusing: code 3122, no 5xx, no secret in the answer; works again when WeChat is back', async () => {
    const wechat = await startJsapiStandIn({ appId: APP_ID, appSecret: SECRET });
    const lines: string[] = [];
    const testDb = await createTestDb('sqlite');
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATABASE_URL: testDb.url,
      PUBLIC_URL: SITE,
      WECHAT_CLIENTS: clients(wechat.url),
      WECHAT_JSAPI_CLIENT_ID: 'wechat-mp',
    });
    const app = await buildApp(config, { db: testDb.db, logStream: { write: (l) => void lines.push(l) } });
    const t: TestApp = {
      app,
      db: testDb.db,
      url: testDb.url,
      close: async () => {
        await app.close();
        await testDb.drop();
      },
    };
    try {
      for (const failure of ['http500', 'garbage', { errcode: 40164, errmsg: `invalid ip, secret=${SECRET}` }] as const) {
        wechat.failNext(failure);
        const res = await get(t, `${SITE}/activitys`);
        expect(res.statusCode).toBe(200);
        expect(res.json().code).toBe(ResultCode.wechatShareUnavailable);
        expect(res.json().result).toBeNull();
        expect(res.body).not.toContain(SECRET);
        expect(res.body).not.toMatch(/errcode|cgi-bin|127\.0\.0\.1/);
      }
      expect((await get(t, `${SITE}/activitys`)).json().code).toBe(0);
      // The log says what happened (step and errcode), never the secret or a token.
      const log = lines.join('\n');
      expect(log).toMatch(/WeChat JS-SDK ticket unavailable/);
      expect(log).toMatch(/errcode 40164/);
      const tokens = wechat.requests.flatMap((r) => (r.query.access_token ? [r.query.access_token] : []));
      for (const hidden of [SECRET, ...tokens, ...wechat.tickets]) expect(log).not.toContain(hidden);
      await wechat.close();
    } finally {
      await t.close();
      await wechat.close();
    }
    // Nothing listening at all.
    const down = await createTestApp('sqlite', {
      PUBLIC_URL: SITE,
      WECHAT_CLIENTS: clients(wechat.url),
      WECHAT_JSAPI_CLIENT_ID: 'wechat-mp',
    });
    try {
      const res = await get(down, `${SITE}/activitys`);
      expect(res.statusCode).toBe(200);
      expect(res.json().code).toBe(ResultCode.wechatShareUnavailable);
      expect(res.body).not.toContain(SECRET);
    } finally {
      await down.close();
    }
  });
});
