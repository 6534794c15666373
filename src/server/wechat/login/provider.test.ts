import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startWechatStandIn, type WechatStandIn } from '../../../dev/wechat/oauth-stand-in';
import { ConfigError, loadConfig } from '../../config';
import { createWechatProvider, ExternalSignInError, type ExternalSignInProvider } from './provider';

const APP_ID = 'wx1234567890abcdef';
const SECRET = 'stand-in-secret-0123456789abcdef';

let wechat: WechatStandIn;
let provider: ExternalSignInProvider;

beforeEach(async () => {
  wechat = await startWechatStandIn({ appId: APP_ID, appSecret: SECRET });
  provider = createWechatProvider({ clientId: 'h5', appId: APP_ID, appSecret: SECRET, apiBase: wechat.url });
});
afterEach(() => wechat.close());

/** The failure of `p`, checked to hold neither the secret nor any access token WeChat issued. */
async function failure(p: Promise<unknown>): Promise<ExternalSignInError> {
  const e = await p.then(
    () => expect.fail('expected the exchange to fail'),
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ExternalSignInError);
  const err = e as ExternalSignInError;
  const tokens = wechat.requests.flatMap((r) => (r.query.access_token ? [r.query.access_token] : []));
  for (const hidden of [SECRET, ...tokens]) expect(`${err.message}\n${err.stack}\n${String(err.cause)}`).not.toContain(hidden);
  return err;
}

const paths = () => wechat.requests.map((r) => r.path);

describe('WeChat web authorisation', () => {
  it('exchanges a snsapi_userinfo code for openid, unionid, nickname and avatar', async () => {
    const code = wechat.issueCode({
      openId: 'o-alice',
      unionId: 'u-alice',
      nickname: ' 小明 ',
      avatarUrl: 'https://thirdwx.qlogo.cn/a/132',
    });
    expect(await provider.exchange(code)).toEqual({
      provider: 'wechat',
      openId: 'o-alice',
      unionId: 'u-alice',
      nickname: '小明',
      avatarUrl: 'https://thirdwx.qlogo.cn/a/132',
    });
    expect(paths()).toEqual(['/sns/oauth2/access_token', '/sns/userinfo']);
    expect(wechat.requests[0]?.query).toMatchObject({ appid: APP_ID, code, grant_type: 'authorization_code' });
    expect(wechat.requests[1]?.query).toMatchObject({ openid: 'o-alice', lang: 'zh_CN' });
  });

  it('with snsapi_base, returns the openid without asking for user info', async () => {
    const code = wechat.issueCode({ openId: 'o-bob', scope: 'snsapi_base', nickname: 'Bob' });
    expect(await provider.exchange(code)).toEqual({ provider: 'wechat', openId: 'o-bob', unionId: null, nickname: '', avatarUrl: '' });
    expect(paths()).toEqual(['/sns/oauth2/access_token']);
  });

  it('cuts long nicknames by characters and drops non-https avatars', async () => {
    const code = wechat.issueCode({ openId: 'o-c', nickname: `${'😀'.repeat(70)}`, avatarUrl: 'http://thirdwx.qlogo.cn/a/132' });
    const profile = await provider.exchange(code);
    expect(profile.nickname).toBe('😀'.repeat(64));
    expect(profile.avatarUrl).toBe('');
    expect(profile.unionId).toBeNull();
  });

  it('refuses reused, unknown and empty codes as invalid_code', async () => {
    const code = wechat.issueCode({ openId: 'o-d' });
    await provider.exchange(code);
    expect((await failure(provider.exchange(code))).message).toMatch(/40163/);
    expect((await failure(provider.exchange('no-such-code'))).message).toMatch(/40029/);
    expect((await failure(provider.exchange(''))).reason).toBe('invalid_code');
    expect(paths().filter((p) => p === '/sns/oauth2/access_token')).toHaveLength(3); // '' never sent
  });

  it('reports a wrong secret or appId as provider_error, without the secret', async () => {
    const code = wechat.issueCode({ openId: 'o-e' });
    const wrongSecret = createWechatProvider({ clientId: 'h5', appId: APP_ID, appSecret: `${SECRET}x`, apiBase: wechat.url });
    const e1 = await failure(wrongSecret.exchange(code));
    expect([e1.reason, e1.message]).toEqual(['provider_error', expect.stringMatching(/40125/)]);
    expect(e1.message).not.toContain(`${SECRET}x`);
    const wrongApp = createWechatProvider({ clientId: 'h5', appId: 'wxffffffffffffffff', appSecret: SECRET, apiBase: wechat.url });
    expect((await failure(wrongApp.exchange(code))).message).toMatch(/40013/);
    // Neither attempt used the code up.
    expect((await provider.exchange(code)).openId).toBe('o-e');
  });

  it('reports 500s as unavailable and non-JSON answers as provider_error; the code survives', async () => {
    const code = wechat.issueCode({ openId: 'o-f' });
    wechat.failNext('http500');
    expect((await failure(provider.exchange(code))).reason).toBe('unavailable');
    wechat.failNext('garbage');
    expect((await failure(provider.exchange(code))).reason).toBe('provider_error');
    expect((await provider.exchange(code)).openId).toBe('o-f');
  });

  it('gives up on a hung WeChat after timeoutMs', async () => {
    const quick = createWechatProvider({ clientId: 'h5', appId: APP_ID, appSecret: SECRET, apiBase: wechat.url }, { timeoutMs: 200 });
    wechat.failNext('hang');
    const started = Date.now();
    const e = await failure(quick.exchange(wechat.issueCode({ openId: 'o-g' })));
    expect([e.reason, e.message]).toEqual(['unavailable', expect.stringMatching(/200 ms/)]);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('reports a refused connection as unavailable', async () => {
    await wechat.close();
    expect((await failure(provider.exchange('some-code'))).reason).toBe('unavailable');
    wechat = await startWechatStandIn({ appId: APP_ID, appSecret: SECRET }); // for afterEach
  });

  it('fails the user-info step without leaking the access token', async () => {
    // A fetch that breaks only the second call: an outage, then a token used for another openid.
    const breakUserInfo = (how: (url: URL) => URL | undefined): typeof fetch => {
      return (input, init) => {
        const url = new URL(String(input));
        const changed = url.pathname === '/sns/userinfo' ? how(url) : url;
        return fetch(changed ?? url, init);
      };
    };
    const base = { clientId: 'h5', appId: APP_ID, appSecret: SECRET, apiBase: wechat.url };
    const outage = createWechatProvider(base, { fetch: breakUserInfo(() => void wechat.failNext('http500')) });
    expect((await failure(outage.exchange(wechat.issueCode({ openId: 'o-h' })))).reason).toBe('unavailable');
    const otherOpenId = createWechatProvider(base, {
      fetch: breakUserInfo((url) => {
        url.searchParams.set('openid', 'o-someone-else');
        return url;
      }),
    });
    const e = await failure(otherOpenId.exchange(wechat.issueCode({ openId: 'o-i' })));
    expect([e.reason, e.message]).toEqual(['provider_error', expect.stringMatching(/40001/)]);
  });

  it('stand-in answers like WeChat: text/plain JSON, 41008 without a code', async () => {
    const res = await fetch(`${wechat.url}/sns/oauth2/access_token?appid=${APP_ID}&secret=${SECRET}&grant_type=authorization_code`);
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'text/plain']);
    expect(await res.json()).toMatchObject({ errcode: 41008 });
  });
});

describe('WECHAT_CLIENTS', () => {
  const parseWechatClients = (json: string | undefined) => loadConfig(json === undefined ? {} : { WECHAT_CLIENTS: json }).wechatClients;
  const entry = { clientId: 'h5', appId: APP_ID, appSecret: SECRET };

  it('reads a list of clients by clientId; unset means none', () => {
    const clients = parseWechatClients(JSON.stringify([entry, { ...entry, clientId: 'mp_2', apiBase: 'http://127.0.0.1:9' }]));
    expect([...clients.keys()]).toEqual(['h5', 'mp_2']);
    // A client is a web one unless it says it is a native app's.
    expect(clients.get('mp_2')).toEqual({ ...entry, clientId: 'mp_2', kind: 'web', apiBase: 'http://127.0.0.1:9' });
    expect(parseWechatClients(JSON.stringify([{ ...entry, kind: 'app' }])).get('h5')?.kind).toBe('app');
    expect(parseWechatClients(undefined).size).toBe(0);
    expect(parseWechatClients('[]').size).toBe(0);
  });

  it.each([
    ['not JSON', `[{"appSecret":"${SECRET}"`, /WECHAT_CLIENTS: not valid JSON/],
    ['not an array', JSON.stringify(entry), /must be a JSON array/],
    ['bad appId', JSON.stringify([entry, { ...entry, clientId: 'b', appId: 'gh_123' }]), /WECHAT_CLIENTS\[1\]\.appId/],
    ['short secret', JSON.stringify([{ ...entry, appSecret: 'short' }]), /WECHAT_CLIENTS\[0\]\.appSecret/],
    ['bad clientId', JSON.stringify([{ ...entry, clientId: 'a b' }]), /WECHAT_CLIENTS\[0\]\.clientId/],
    ['unknown kind', JSON.stringify([{ ...entry, kind: 'desktop' }]), /WECHAT_CLIENTS\[0\]\.kind/],
    ['ftp apiBase', JSON.stringify([{ ...entry, apiBase: 'ftp://x' }]), /WECHAT_CLIENTS\[0\]\.apiBase/],
    ['misspelt key', JSON.stringify([{ ...entry, apibase: 'https://x' }]), /WECHAT_CLIENTS\[0\]: .*apibase/],
    ['duplicate clientId', JSON.stringify([entry, entry]), /WECHAT_CLIENTS\[1\]: duplicate clientId "h5"/],
  ])('refuses %s, naming the entry and never the secret', (_, json, message) => {
    expect(() => parseWechatClients(json)).toThrow(ConfigError);
    expect(() => parseWechatClients(json)).toThrow(message);
    try {
      parseWechatClients(json);
    } catch (e) {
      expect((e as Error).message).not.toContain(SECRET);
    }
  });
});
