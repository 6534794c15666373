import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, ENGINES, type TestApp } from '../helpers/app';

/**
 * Secrets supplied by the operator (a secret manager, the environment) instead of generated and
 * kept in the database's app_secrets: they are used, and never written to the database.
 */
const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const PEM = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
const JWK = JSON.stringify(privateKey.export({ format: 'jwk' }));
const N = privateKey.export({ format: 'jwk' }).n;
const AUTH_SECRET = 'operator-supplied-secret-0123456789abcdef';

describe.each(ENGINES)('secrets from the environment on %s', (engine) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  for (const [format, key] of [
    ['PEM', PEM],
    ['JWK', JWK],
  ] as const) {
    it(`signs id tokens with OAUTH_SIGNING_KEY (${format}) and uses AUTH_SECRET, storing neither`, async () => {
      t = await createTestApp(engine, { OAUTH_SIGNING_KEY: key, AUTH_SECRET });
      const jwks = (await t.app.inject({ url: '/api/cxy/oauth2/jwks' })).json();
      expect(jwks.keys).toEqual([expect.objectContaining({ kty: 'RSA', n: N, alg: 'RS256', use: 'sig' })]);
      expect(jwks.keys[0]).not.toHaveProperty('d');
      const stored = await t.db.kysely.selectFrom('app_secrets').select('name').execute();
      expect(stored).toEqual([]);
    });
  }

  it('without them: generates both once and keeps them in app_secrets', async () => {
    t = await createTestApp(engine);
    const jwks = (await t.app.inject({ url: '/api/cxy/oauth2/jwks' })).json();
    expect(jwks.keys[0].n).not.toBe(N);
    const stored = await t.db.kysely.selectFrom('app_secrets').select('name').orderBy('name').execute();
    expect(stored.map((r) => r.name)).toEqual(['auth', 'oidc_jwks']);
  });
});
