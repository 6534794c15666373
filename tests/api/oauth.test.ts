import { execFile } from 'node:child_process';
import net from 'node:net';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessions } from '../../src/server/accounts/sessions';
import * as store from '../../src/server/accounts/store';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { type Db, openDatabase } from '../../src/server/db/database';
import { ResultCode } from '../../src/shared/errors';
import { createTestApp, createTestDb, ENGINES, type TestApp } from '../helpers/app';

/**
 * The OAuth 2.0 authorisation server at /api/cxy/oauth2, driven by openid-client as the
 * third-party application (over real HTTP, as an application would) and by `inject` as the
 * person's browser (redirects followed by hand, cookies kept in a jar).
 */
const PREFIX = '/api/cxy/oauth2';
const PUBLIC_APP = {
  clientId: 'printfarm-app',
  name: 'Print Farm',
  redirectUris: ['https://app.example/callback', 'https://app.example/other'],
};
const SECRET = 'conf-secret-0123456789-abcdefghijklmnop';
const CONFIDENTIAL_APP = { clientId: 'slicer-web', name: 'Slicer Web', redirectUris: ['https://slicer.example/cb'], clientSecret: SECRET };
const OAUTH_CLIENTS = JSON.stringify([PUBLIC_APP, CONFIDENTIAL_APP]);
const APP_ID = { __cxy_app_id_: 'creality_model' };

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A person's browser: a cookie jar (paths ignored) over `inject`, against one app or another. */
class Browser {
  readonly jar = new Map<string, string>();
  constructor(readonly host: string) {}

  async request(app: FastifyInstance, method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}, payload?: string) {
    const u = new URL(url, `http://${this.host}`);
    const cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await app.inject({
      method,
      url: u.pathname + u.search,
      headers: { host: this.host, ...(cookie ? { cookie } : {}), ...headers },
      ...(payload === undefined ? {} : { payload }),
    });
    for (const c of res.cookies as { name: string; value: string; expires?: Date }[]) {
      if (!c.value || (c.expires && c.expires.getTime() < Date.now())) this.jar.delete(c.name);
      else this.jar.set(c.name, c.value);
    }
    return res;
  }

  signIn(user: { userId: number; token: string }) {
    this.jar.set('token', user.token);
    this.jar.set('userId', String(user.userId));
  }
}

async function createUser(db: Db, nickname: string, avatarUrl = '') {
  const t = Date.now();
  const userId = await store.createUser(db.kysely, { nickname, locale: 'en', avatarUrl }, t);
  await store.addIdentity(db.kysely, userId, 'email', `${nickname.toLowerCase()}-${userId}@example.com`, t);
  const session = await createSessions(db, { days: 1 }).create(userId, { userAgent: 'vitest', ip: '127.0.0.1' });
  return { userId, token: session.token };
}

interface Party {
  config: client.Configuration;
  redirectUri: string;
}

async function thirdParty(origin: string, app: { clientId: string; redirectUris: string[]; clientSecret?: string }): Promise<Party> {
  const config = await client.discovery(
    new URL(`${origin}${PREFIX}`),
    app.clientId,
    app.clientSecret ? undefined : { token_endpoint_auth_method: 'none' },
    app.clientSecret ? client.ClientSecretBasic(app.clientSecret) : client.None(),
    { execute: [client.allowInsecureRequests] },
  );
  return { config, redirectUri: app.redirectUris[0] ?? '' };
}

async function authorizationRequest(party: Party, extra: Record<string, string> = {}) {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(party.config, {
    redirect_uri: party.redirectUri,
    scope: 'openid profile',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    ...extra,
  });
  return { url, verifier, state };
}

/** Authorize → /oauth?uid → approve (or deny) → back through the provider to the redirect URI. */
async function runFlow(
  browser: Browser,
  party: Party,
  opts: { authorizeVia: FastifyInstance; interactVia?: FastifyInstance; resumeVia?: FastifyInstance; decision?: 'approve' | 'deny' },
) {
  const { url, verifier, state } = await authorizationRequest(party);
  const start = await browser.request(opts.authorizeVia, 'GET', url.href);
  expect(start.statusCode).toBe(303);
  const interactionUrl = new URL(String(start.headers.location), `http://${browser.host}`);
  expect(interactionUrl.pathname).toBe('/oauth');
  const uid = interactionUrl.searchParams.get('uid') ?? '';
  const via = opts.interactVia ?? opts.authorizeVia;
  const details = await browser.request(via, 'GET', `${PREFIX}/interaction/${uid}`);
  // As the page calls it (the web API client): JSON content type, empty object.
  const decided = await browser.request(
    via,
    'POST',
    `${PREFIX}/interaction/${uid}/${opts.decision ?? 'approve'}`,
    { ...APP_ID, 'content-type': 'application/json' },
    '{}',
  );
  expect(decided.json()).toMatchObject({ code: 0 });
  const callback = await follow(browser, opts.resumeVia ?? opts.authorizeVia, decided.json().result.redirectTo);
  return { uid, details: details.json(), callback, verifier, state };
}

/** Follows the provider's redirects until one leaves our origin (the client's redirect URI). */
async function follow(browser: Browser, app: FastifyInstance, location: string): Promise<URL> {
  let next = new URL(location, `http://${browser.host}`);
  for (let i = 0; i < 5 && next.host === browser.host; i++) {
    const res = await browser.request(app, 'GET', next.href);
    expect([302, 303]).toContain(res.statusCode);
    next = new URL(String(res.headers.location), next);
  }
  return next;
}

describe.each(ENGINES)('OAuth 2.0 authorisation server on %s', (engine) => {
  let t: TestApp;
  let origin: string;
  let host: string;
  let publicApp: Party;

  beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    host = `127.0.0.1:${port}`;
    t = await createTestApp(engine, { PUBLIC_URL: origin, OAUTH_CLIENTS });
    await t.app.listen({ port, host: '127.0.0.1' });
    publicApp = await thirdParty(origin, PUBLIC_APP);
  });
  afterAll(() => t?.close());

  it('publishes its discovery document under the prefix', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${PREFIX}/.well-known/openid-configuration`, headers: { host } });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc).toMatchObject({
      issuer: `${origin}${PREFIX}`,
      authorization_endpoint: `${origin}${PREFIX}/authorize`,
      token_endpoint: `${origin}${PREFIX}/token`,
      userinfo_endpoint: `${origin}${PREFIX}/userinfo`,
      jwks_uri: `${origin}${PREFIX}/jwks`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code'],
      code_challenge_methods_supported: ['S256'],
      scopes_supported: ['openid', 'profile'],
      token_endpoint_auth_methods_supported: ['none', 'client_secret_basic'],
    });
    // openid-client read the same document (issuer check included) in beforeAll.
    expect(publicApp.config.serverMetadata().issuer).toBe(`${origin}${PREFIX}`);
    const jwks = await t.app.inject({ method: 'GET', url: `${PREFIX}/jwks`, headers: { host } });
    expect(jwks.json().keys).toEqual([expect.objectContaining({ kty: 'RSA', alg: 'RS256', use: 'sig' })]);
    expect(jwks.json().keys[0]).not.toHaveProperty('d');
  });

  it("names its endpoints on the public origin only: callers' and proxies' X-Forwarded-* change nothing", async () => {
    const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' };
    const discovery = `${PREFIX}/.well-known/openid-configuration`;
    const untrusted = await t.app.inject({ method: 'GET', url: discovery, headers: { host, ...forwarded }, remoteAddress: '203.0.113.9' });
    expect(untrusted.json().token_endpoint).toBe(`${origin}${PREFIX}/token`);
    // A trusted proxy forwarding a host this instance does not serve: refused (http/hosts.ts).
    const viaProxy = await t.app.inject({ method: 'GET', url: discovery, headers: { host, ...forwarded }, remoteAddress: '127.0.0.1' });
    expect(viaProxy.statusCode).toBe(421);
    const httpsProxy = await t.app.inject({
      method: 'GET',
      url: discovery,
      headers: { host, 'x-forwarded-proto': 'https' },
      remoteAddress: '127.0.0.1',
    });
    expect(httpsProxy.json()).toMatchObject({ issuer: `${origin}${PREFIX}`, token_endpoint: `${origin}${PREFIX}/token` });

    const { url } = await authorizationRequest(publicApp);
    const path = url.pathname + url.search;
    const plain = await t.app.inject({
      method: 'GET',
      url: path,
      headers: { host, 'x-forwarded-proto': 'https' },
      remoteAddress: '203.0.113.9',
    });
    expect(plain.statusCode).toBe(303);
    expect(plain.cookies.length).toBeGreaterThan(0);
    for (const c of plain.cookies as { secure?: boolean; path?: string }[]) {
      expect(c.secure).toBeUndefined();
      expect(c.path?.startsWith(PREFIX)).toBe(true);
    }
    // Secure cookies follow the public origin (https in production): oauth-issuer.test.ts.
  });

  it('answers unknown paths under the prefix with the 404 envelope', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({ method, url: `${PREFIX}/nothing-here`, headers: { host, cookie: 'lang=fr' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 404, msg: 'Ressource introuvable', result: null });
    }
  });

  it('runs the authorisation code flow with PKCE for a public client', async () => {
    const user = await createUser(t.db, 'Ada', 'https://cdn.example/ada.png');
    const browser = new Browser(host);
    const { url, verifier, state } = await authorizationRequest(publicApp);
    expect(url.href.startsWith(`${origin}${PREFIX}/authorize?`)).toBe(true);

    const start = await browser.request(t.app, 'GET', url.href);
    expect(start.statusCode).toBe(303);
    const uid = new URL(String(start.headers.location), origin).searchParams.get('uid') ?? '';
    expect(start.headers.location).toBe(`/oauth?uid=${uid}`);

    // The page, before the person signs in.
    const anonymous = await browser.request(t.app, 'GET', `${PREFIX}/interaction/${uid}`);
    expect(anonymous.headers['cache-control']).toBe('no-store');
    expect(anonymous.json()).toEqual({
      code: 0,
      msg: 'success',
      result: {
        uid,
        prompt: 'login',
        client: { clientId: PUBLIC_APP.clientId, name: 'Print Farm' },
        scopes: ['openid', 'profile'],
        signedIn: false,
      },
    });
    const refused = await browser.request(t.app, 'POST', `${PREFIX}/interaction/${uid}/approve`, APP_ID);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe(ResultCode.token);

    // Signed in (our session cookie), the person approves.
    browser.signIn(user);
    expect((await browser.request(t.app, 'GET', `${PREFIX}/interaction/${uid}`)).json().result.signedIn).toBe(true);
    const approved = await browser.request(t.app, 'POST', `${PREFIX}/interaction/${uid}/approve`, APP_ID);
    expect(approved.json()).toMatchObject({ code: 0, result: { redirectTo: `${origin}${PREFIX}/authorize/${uid}` } });
    const callback = await follow(browser, t.app, approved.json().result.redirectTo);
    expect(callback.origin + callback.pathname).toBe('https://app.example/callback');
    expect(callback.searchParams.get('state')).toBe(state);
    expect(callback.searchParams.get('code')).toBeTruthy();

    // The application exchanges the code (real HTTP, PKCE verifier, state and iss checked).
    const tokens = await client.authorizationCodeGrant(publicApp.config, callback, { pkceCodeVerifier: verifier, expectedState: state });
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    expect(tokens.access_token.split('.')).toHaveLength(1); // opaque
    expect(tokens.expires_in).toBeGreaterThan(3500);
    expect(tokens.expires_in).toBeLessThanOrEqual(3600);
    expect(tokens.refresh_token).toBeUndefined();
    expect(tokens.scope?.split(' ').sort()).toEqual(['openid', 'profile']);
    const claims = tokens.claims();
    expect(claims).toMatchObject({ sub: String(user.userId), iss: `${origin}${PREFIX}`, aud: PUBLIC_APP.clientId });

    const info = await client.fetchUserInfo(publicApp.config, tokens.access_token, String(user.userId));
    expect(info).toMatchObject({ sub: String(user.userId), nickname: 'Ada', picture: 'https://cdn.example/ada.png' });
  });

  it('keeps codes for 60 seconds and access tokens for an hour in the database', async () => {
    const user = await createUser(t.db, 'Ttl');
    const browser = new Browser(host);
    browser.signIn(user);
    const before = Date.now();
    const { callback } = await runFlow(browser, publicApp, { authorizeVia: t.app });
    const rows = await t.db.kysely.selectFrom('oidc_payloads').select(['model', 'expires_at', 'grant_id']).execute();
    const code = rows.find((r) => r.model === 'AuthorizationCode' && r.expires_at !== null && r.expires_at >= before);
    expect(code).toBeDefined();
    const ttl = (code?.expires_at ?? 0) - before;
    expect(ttl).toBeGreaterThan(55_000);
    expect(ttl).toBeLessThanOrEqual(62_000);
    expect(callback.searchParams.get('code')).toBeTruthy();
  });

  it('lets a confidential client authenticate with HTTP Basic, and refuses a wrong secret', async () => {
    const user = await createUser(t.db, 'Grace');
    const party = await thirdParty(origin, CONFIDENTIAL_APP);
    const browser = new Browser(host);
    browser.signIn(user);
    const first = await runFlow(browser, party, { authorizeVia: t.app });
    const tokens = await client.authorizationCodeGrant(party.config, first.callback, {
      pkceCodeVerifier: first.verifier,
      expectedState: first.state,
    });
    expect(tokens.claims()?.sub).toBe(String(user.userId));

    const wrong = await thirdParty(origin, { ...CONFIDENTIAL_APP, clientSecret: 'wrong-secret-0123456789-abcdefghijklmnop' });
    // Same browser, already authorised: no interaction this time, straight back with a code.
    const { url, verifier, state } = await authorizationRequest(wrong);
    const res = await browser.request(t.app, 'GET', url.href);
    const callback = new URL(String(res.headers.location));
    expect(callback.searchParams.get('code')).toBeTruthy();
    // 401 with a Basic challenge naming invalid_client.
    await expect(
      client.authorizationCodeGrant(wrong.config, callback, { pkceCodeVerifier: verifier, expectedState: state }),
    ).rejects.toMatchObject({
      status: 401,
      cause: [expect.objectContaining({ scheme: 'basic', parameters: expect.objectContaining({ error: 'invalid_client' }) })],
    });
  });

  it('asks only for consent when the person is already signed in for another application', async () => {
    const user = await createUser(t.db, 'Linus');
    const browser = new Browser(host);
    browser.signIn(user);
    await runFlow(browser, publicApp, { authorizeVia: t.app });
    const party = await thirdParty(origin, CONFIDENTIAL_APP);
    const second = await runFlow(browser, party, { authorizeVia: t.app });
    expect(second.details.result).toMatchObject({
      prompt: 'consent',
      client: { clientId: CONFIDENTIAL_APP.clientId, name: 'Slicer Web' },
      scopes: ['openid', 'profile'],
      signedIn: true,
    });
    const tokens = await client.authorizationCodeGrant(party.config, second.callback, {
      pkceCodeVerifier: second.verifier,
      expectedState: second.state,
    });
    expect(tokens.claims()?.sub).toBe(String(user.userId));
  });

  it('sends the application access_denied when the person refuses', async () => {
    const browser = new Browser(host);
    const { callback, state, details } = await runFlow(browser, publicApp, { authorizeVia: t.app, decision: 'deny' });
    expect(details.result).toMatchObject({ prompt: 'login', signedIn: false });
    expect(callback.origin + callback.pathname).toBe('https://app.example/callback');
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe(state);
    expect(callback.searchParams.get('code')).toBeNull();
  });

  it('refuses a code used twice, and revokes what the first use gave', async () => {
    const user = await createUser(t.db, 'Reuse');
    const browser = new Browser(host);
    browser.signIn(user);
    const { callback, verifier, state } = await runFlow(browser, publicApp, { authorizeVia: t.app });
    const tokens = await client.authorizationCodeGrant(publicApp.config, callback, { pkceCodeVerifier: verifier, expectedState: state });
    await expect(
      client.authorizationCodeGrant(publicApp.config, callback, { pkceCodeVerifier: verifier, expectedState: state }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
    await expect(client.fetchUserInfo(publicApp.config, tokens.access_token, String(user.userId))).rejects.toMatchObject({ status: 401 });
  });

  it('matches redirect URIs exactly', async () => {
    const browser = new Browser(host);
    // Not registered: an error page here, never a redirect to the unknown address.
    for (const redirectUri of ['https://evil.example/callback', 'https://app.example/callback/', 'https://app.example/callback?x=1']) {
      const { url } = await authorizationRequest({ ...publicApp, redirectUri });
      const res = await browser.request(t.app, 'GET', url.href);
      expect(res.statusCode).toBe(400);
      expect(res.headers.location).toBeUndefined();
      expect(res.body).toContain('invalid_redirect_uri');
    }
    // A code issued for one registered URI cannot be redeemed with another.
    const user = await createUser(t.db, 'Redirect');
    browser.signIn(user);
    const { callback, verifier, state } = await runFlow(browser, publicApp, { authorizeVia: t.app });
    const other = new URL(callback);
    other.pathname = '/other';
    await expect(
      client.authorizationCodeGrant(publicApp.config, other, { pkceCodeVerifier: verifier, expectedState: state }),
    ).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('requires PKCE with S256', async () => {
    const browser = new Browser(host);
    const base = {
      client_id: PUBLIC_APP.clientId,
      response_type: 'code',
      redirect_uri: PUBLIC_APP.redirectUris[0] ?? '',
      scope: 'openid',
      state: 's1',
    };
    const missing = await browser.request(t.app, 'GET', `${PREFIX}/authorize?${new URLSearchParams(base)}`);
    const back = new URL(String(missing.headers.location));
    expect(back.origin + back.pathname).toBe('https://app.example/callback');
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('error_description')).toMatch(/PKCE/);

    const plain = await browser.request(
      t.app,
      'GET',
      `${PREFIX}/authorize?${new URLSearchParams({ ...base, code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' })}`,
    );
    expect(new URL(String(plain.headers.location)).searchParams.get('error')).toBe('invalid_request');

    // Confidential clients too.
    const confidential = await browser.request(
      t.app,
      'GET',
      `${PREFIX}/authorize?${new URLSearchParams({ ...base, client_id: CONFIDENTIAL_APP.clientId, redirect_uri: CONFIDENTIAL_APP.redirectUris[0] ?? '' })}`,
    );
    expect(new URL(String(confidential.headers.location)).searchParams.get('error')).toBe('invalid_request');

    // A wrong verifier at the token endpoint.
    const user = await createUser(t.db, 'Pkce');
    browser.signIn(user);
    const { callback, state } = await runFlow(browser, publicApp, { authorizeVia: t.app });
    await expect(
      client.authorizationCodeGrant(publicApp.config, callback, {
        pkceCodeVerifier: client.randomPKCECodeVerifier(),
        expectedState: state,
      }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses unknown clients', async () => {
    const browser = new Browser(host);
    const query = new URLSearchParams({
      client_id: 'nobody',
      response_type: 'code',
      redirect_uri: 'https://app.example/callback',
      scope: 'openid',
      state: 's',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    const res = await browser.request(t.app, 'GET', `${PREFIX}/authorize?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toContain('invalid_client');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");

    const token = await t.app.inject({
      method: 'POST',
      url: `${PREFIX}/token`,
      headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: 'nobody',
        code: 'x',
        redirect_uri: 'https://app.example/callback',
        code_verifier: 'v'.repeat(43),
      }).toString(),
    });
    expect(token.statusCode).toBe(401);
    expect(token.json().error).toBe('invalid_client');
  });

  it('keeps the CSRF rule on the interaction calls and ties them to the browser that started', async () => {
    const user = await createUser(t.db, 'Csrf');
    const browser = new Browser(host);
    browser.signIn(user);
    const { url } = await authorizationRequest(publicApp);
    const start = await browser.request(t.app, 'GET', url.href);
    const uid = new URL(String(start.headers.location), origin).searchParams.get('uid') ?? '';

    const noAppId = await browser.request(t.app, 'POST', `${PREFIX}/interaction/${uid}/approve`);
    expect(noAppId.statusCode).toBe(403);
    const crossSite = await browser.request(t.app, 'POST', `${PREFIX}/interaction/${uid}/approve`, {
      ...APP_ID,
      origin: 'https://evil.example',
    });
    expect(crossSite.statusCode).toBe(403);

    // Another browser (no interaction cookie) with the same uid, and a uid that is not this one.
    const stranger = new Browser(host);
    stranger.signIn(await createUser(t.db, 'Stranger'));
    expect((await stranger.request(t.app, 'GET', `${PREFIX}/interaction/${uid}`)).json().code).toBe(ResultCode.notFound);
    expect((await stranger.request(t.app, 'POST', `${PREFIX}/interaction/${uid}/approve`, APP_ID)).json().code).toBe(ResultCode.notFound);
    expect((await browser.request(t.app, 'GET', `${PREFIX}/interaction/someoneelsesuid`)).json().code).toBe(ResultCode.notFound);
    expect((await browser.request(t.app, 'GET', `${PREFIX}/interaction/bad%20uid`)).json().code).toBe(ResultCode.parameter);

    // The right browser still can.
    const ok = await browser.request(t.app, 'POST', `${PREFIX}/interaction/${uid}/approve`, APP_ID);
    expect(ok.json().code).toBe(0);
  });

  it('follows the site session: another account signed in means another sign-in to the application', async () => {
    const ada = await createUser(t.db, 'Ann');
    const bob = await createUser(t.db, 'Bob');
    const browser = new Browser(host);
    browser.signIn(ada);
    const first = await runFlow(browser, publicApp, { authorizeVia: t.app });
    const firstTokens = await client.authorizationCodeGrant(publicApp.config, first.callback, {
      pkceCodeVerifier: first.verifier,
      expectedState: first.state,
    });
    expect(firstTokens.claims()?.sub).toBe(String(ada.userId));

    // Still Ann: authorised before, so straight back with a code.
    const again = await authorizationRequest(publicApp);
    const direct = await browser.request(t.app, 'GET', again.url.href);
    expect(new URL(String(direct.headers.location)).searchParams.get('code')).toBeTruthy();

    // Bob signs in on the site in the same browser: the provider asks again, and Bob it is.
    browser.signIn(bob);
    const second = await runFlow(browser, publicApp, { authorizeVia: t.app });
    expect(second.details.result).toMatchObject({ prompt: 'login', signedIn: true });
    const tokens = await client.authorizationCodeGrant(publicApp.config, second.callback, {
      pkceCodeVerifier: second.verifier,
      expectedState: second.state,
    });
    expect(tokens.claims()?.sub).toBe(String(bob.userId));
    const info = await client.fetchUserInfo(publicApp.config, tokens.access_token, String(bob.userId));
    expect(info.nickname).toBe('Bob');

    // Signed out of the site: asked again as well.
    browser.jar.delete('token');
    browser.jar.delete('userId');
    const third = await authorizationRequest(publicApp);
    const res = await browser.request(t.app, 'GET', third.url.href);
    expect(String(res.headers.location)).toMatch(/^\/oauth\?uid=/);
  });

  it('refuses tokens for accounts blocked since', async () => {
    const user = await createUser(t.db, 'Blocked');
    const browser = new Browser(host);
    browser.signIn(user);
    const { callback, verifier, state } = await runFlow(browser, publicApp, { authorizeVia: t.app });
    await t.db.kysely.updateTable('users').set({ state: 'blocked' }).where('id', '=', user.userId).execute();
    await expect(
      client.authorizationCodeGrant(publicApp.config, callback, { pkceCodeVerifier: verifier, expectedState: state }),
    ).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });
});

describe.each(ENGINES)('OAuth server with several instances on one %s database', (engine) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('redeems at instance B a code issued by instance A, with the same keys and clients', async () => {
    const testDb = await createTestDb(engine);
    cleanups.push(testDb.drop);
    // PostgreSQL: each instance has its own pool, as separate processes would. SQLite is one
    // process's file: the instances share the connection.
    const dbB = engine === 'postgres' ? openDatabase({ dialect: 'postgres', url: testDb.url }, { poolSize: 3 }) : testDb.db;
    if (dbB !== testDb.db) cleanups.push(() => dbB.close());
    const [portA, portB] = [await freePort(), await freePort()];
    const origin = `http://127.0.0.1:${portA}`;
    // Same PUBLIC_URL for both, as behind a load balancer.
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: testDb.url, PUBLIC_URL: origin, OAUTH_CLIENTS });
    const [a, b] = await Promise.all([buildApp(config, { db: testDb.db }), buildApp(config, { db: dbB })]);
    cleanups.push(
      () => a.close(),
      () => b.close(),
    );
    await a.listen({ port: portA, host: '127.0.0.1' });
    await b.listen({ port: portB, host: '127.0.0.1' });

    // One signing key, generated once for the database.
    const jwks = await Promise.all(
      [a, b].map((app) => app.inject({ method: 'GET', url: `${PREFIX}/jwks`, headers: { host: `127.0.0.1:${portA}` } })),
    );
    expect(jwks[0]?.json()).toEqual(jwks[1]?.json());

    const user = await createUser(testDb.db, 'Multi');
    const party = await thirdParty(origin, PUBLIC_APP);
    const browser = new Browser(`127.0.0.1:${portA}`);
    browser.signIn(user);
    // Authorisation request at A, the page's calls at B, back through A.
    const { callback, verifier, state } = await runFlow(browser, party, { authorizeVia: a, interactVia: b, resumeVia: a });
    expect(callback.searchParams.get('code')).toBeTruthy();

    // The application's calls all land on B (token, its JWKS for the id_token, userinfo).
    const toB = (url: string, options: client.CustomFetchOptions) =>
      fetch(url.replace(origin, `http://127.0.0.1:${portB}`), options as RequestInit);
    party.config[client.customFetch] = toB;
    const tokens = await client.authorizationCodeGrant(party.config, callback, { pkceCodeVerifier: verifier, expectedState: state });
    expect(tokens.claims()?.sub).toBe(String(user.userId));
    const info = await client.fetchUserInfo(party.config, tokens.access_token, String(user.userId));
    expect(info.nickname).toBe('Multi');
    // And used again at A: refused, as at B.
    delete party.config[client.customFetch];
    await expect(
      client.authorizationCodeGrant(party.config, callback, { pkceCodeVerifier: verifier, expectedState: state }),
    ).rejects.toMatchObject({
      error: 'invalid_grant',
    });

    // The same code redeemed at A and B at the same moment: one answer only.
    const race = await runFlow(browser, party, { authorizeVia: a });
    const redeem = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: `${PREFIX}/token`,
        headers: { host: `127.0.0.1:${portA}`, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: 'authorization_code',
          client_id: PUBLIC_APP.clientId,
          code: race.callback.searchParams.get('code') ?? '',
          redirect_uri: PUBLIC_APP.redirectUris[0] ?? '',
          code_verifier: race.verifier,
        }).toString(),
      });
    const answers = await Promise.all([redeem(a), redeem(b), redeem(a), redeem(b)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400]);
    for (const r of answers.filter((x) => x.statusCode === 400)) expect(r.json().error).toBe('invalid_grant');
  });

  it('serves clients added to the database with the admin command', async () => {
    const testDb = await createTestDb(engine);
    cleanups.push(testDb.drop);
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const env = { ...process.env, DATABASE_URL: testDb.url, LOG_LEVEL: 'silent', NODE_ENV: 'test' };
    const run = (args: string[]) => promisify(execFile)(process.execPath, ['scripts/oauth-client.mjs', ...args], { env });
    const added = await run([
      'add',
      '--id',
      'cli-app',
      '--name',
      'CLI App',
      '--redirect',
      'https://cli.example/cb',
      '--redirect',
      'https://cli.example/cb2',
    ]);
    expect(added.stdout).toContain('cli-app');
    expect((await run(['list'])).stdout).toContain('https://cli.example/cb2');
    await expect(run(['add', '--id', 'bad app', '--name', 'x', '--redirect', 'notaurl'])).rejects.toMatchObject({ code: 1 });

    const app = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: testDb.url, PUBLIC_URL: origin }), {
      db: testDb.db,
    });
    cleanups.push(() => app.close());
    await app.listen({ port, host: '127.0.0.1' });
    const user = await createUser(testDb.db, 'Cli');
    const party = await thirdParty(origin, { clientId: 'cli-app', redirectUris: ['https://cli.example/cb2'] });
    const browser = new Browser(`127.0.0.1:${port}`);
    browser.signIn(user);
    const { callback, verifier, state, details } = await runFlow(browser, party, { authorizeVia: app });
    expect(details.result.client).toEqual({ clientId: 'cli-app', name: 'CLI App' });
    expect(callback.origin + callback.pathname).toBe('https://cli.example/cb2');
    const tokens = await client.authorizationCodeGrant(party.config, callback, { pkceCodeVerifier: verifier, expectedState: state });
    expect(tokens.claims()?.sub).toBe(String(user.userId));

    // Removed: unknown from then on.
    await run(['remove', '--id', 'cli-app']);
    const again = await authorizationRequest(party);
    const res = await browser.request(app, 'GET', again.url.href);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('invalid_client');
  });
});
