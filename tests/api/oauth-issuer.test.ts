import type { FastifyInstance } from 'fastify';
import * as client from 'openid-client';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, ENGINES, type TestApp } from '../helpers/app';

/**
 * The OAuth server names one origin: its issuer's. A client reads the discovery document, checks
 * the issuer against the address it asked, and then calls the endpoints the document names, so
 * the host a request came by (another allowed name, a proxy's) must not leak into them.
 */
const PREFIX = '/api/cxy/oauth2';
const DISCOVERY = `${PREFIX}/.well-known/openid-configuration`;
const OAUTH_CLIENTS = JSON.stringify([{ clientId: 'printfarm-app', name: 'Print Farm', redirectUris: ['https://app.example/callback'] }]);
const ENDPOINTS = ['authorization_endpoint', 'token_endpoint', 'userinfo_endpoint', 'jwks_uri'] as const;

/** openid-client's HTTP, answered by the app as if the request came by `host`. */
function through(app: FastifyInstance, host: string): client.CustomFetch {
  return async (url, options) => {
    const u = new URL(url);
    const res = await app.inject({
      method: options.method as 'GET' | 'POST',
      url: u.pathname + u.search,
      headers: { ...(options.headers as Record<string, string>), host },
      ...(options.body ? { payload: String(options.body) } : {}),
    });
    return new Response(new Uint8Array(res.rawPayload), { status: res.statusCode, headers: res.headers as Record<string, string> });
  };
}

describe.each(ENGINES)('the OAuth issuer on %s', (engine) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('with PUBLIC_URL: the issuer and every endpoint are on the public origin, whatever host the request came by', async () => {
    t = await createTestApp(engine, { PUBLIC_URL: 'https://cloud.example.com', ALLOWED_HOSTS: 'internal.example', OAUTH_CLIENTS });
    for (const host of ['cloud.example.com', 'internal.example:8080', '127.0.0.1:3000']) {
      const doc = (await t.app.inject({ url: DISCOVERY, headers: { host } })).json();
      expect(doc.issuer, host).toBe(`https://cloud.example.com${PREFIX}`);
      for (const name of ENDPOINTS) expect(new URL(doc[name]).origin, `${host} ${name}`).toBe('https://cloud.example.com');
    }
    // A standard client accepts it, reached by the internal name.
    const config = await client.discovery(new URL(`https://cloud.example.com${PREFIX}`), 'printfarm-app', undefined, client.None(), {
      [client.customFetch]: through(t.app, 'internal.example'),
    });
    expect(config.serverMetadata().token_endpoint).toBe(`https://cloud.example.com${PREFIX}/token`);

    // Its cookies are Secure, the public origin being https.
    const authorize = client.buildAuthorizationUrl(config, {
      redirect_uri: 'https://app.example/callback',
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    const res = await t.app.inject({ url: authorize.pathname + authorize.search, headers: { host: 'internal.example' } });
    expect(res.statusCode).toBe(303);
    expect(res.cookies.length).toBeGreaterThan(0);
    for (const c of res.cookies as { secure?: boolean }[]) expect(c.secure).toBe(true);
  });

  it('without PUBLIC_URL (this machine only): the issuer and every endpoint are on http://localhost:PORT', async () => {
    t = await createTestApp(engine, { PORT: '45678', OAUTH_CLIENTS });
    for (const host of ['localhost:45678', '127.0.0.1:45678', '[::1]:45678']) {
      const doc = (await t.app.inject({ url: DISCOVERY, headers: { host } })).json();
      expect(doc.issuer, host).toBe(`http://localhost:45678${PREFIX}`);
      for (const name of ENDPOINTS) expect(new URL(doc[name]).origin, `${host} ${name}`).toBe('http://localhost:45678');
    }
    const config = await client.discovery(new URL(`http://localhost:45678${PREFIX}`), 'printfarm-app', undefined, client.None(), {
      [client.customFetch]: through(t.app, '127.0.0.1:45678'),
      execute: [client.allowInsecureRequests],
    });
    expect(config.serverMetadata().issuer).toBe(`http://localhost:45678${PREFIX}`);
  });
});
