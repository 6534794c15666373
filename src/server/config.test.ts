import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { assertProductionSafe } from './production-guard';

describe('configuration', () => {
  it('has working defaults: SQLite under data/, port 3000, international edition', () => {
    const c = loadConfig({});
    expect(c.database).toEqual({ dialect: 'sqlite', file: 'data/cxy.sqlite' });
    expect(c.PORT).toBe(3000);
    expect(c.EDITION).toBe('intl');
    expect(c.isProduction).toBe(true);
  });

  it('seeds the demo locally, but not in a deployment (production with PUBLIC_URL) unless asked', () => {
    expect(loadConfig({}).SEED_DEMO_DATA).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://cloud.example.com' }).SEED_DEMO_DATA).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'https://cloud.example.com' }).SEED_DEMO_DATA).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://cloud.example.com', SEED_DEMO_DATA: 'true' }).SEED_DEMO_DATA).toBe(true);
    expect(loadConfig({ SEED_DEMO_DATA: '0' }).SEED_DEMO_DATA).toBe(false);
    expect(() => loadConfig({ SEED_DEMO_DATA: 'maybe' })).toThrow(/SEED_DEMO_DATA/);
  });

  it('switches to PostgreSQL with DATABASE_URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/cxy' }).database).toEqual({
      dialect: 'postgres',
      url: 'postgres://u@db:5432/cxy',
    });
  });

  it('stops with a message naming each wrong variable', () => {
    const attempt = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', EDITION: 'eu', PUBLIC_URL: 'not a url' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (e) {
      const msg = (e as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'EDITION', 'PUBLIC_URL']) expect(msg).toContain(name);
    }
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', REDIS_URL: '' }).PORT).toBe(3000);
  });

  it('drains for 5 seconds on SIGTERM unless told otherwise, 0 to 300 whole seconds', () => {
    expect(loadConfig({}).DRAIN_SECONDS).toBe(5);
    expect(loadConfig({ DRAIN_SECONDS: '0' }).DRAIN_SECONDS).toBe(0);
    for (const wrong of ['-1', '301', '1.5', 'soon']) expect(() => loadConfig({ DRAIN_SECONDS: wrong })).toThrow(/DRAIN_SECONDS/);
  });

  it('listens on this machine only unless HOST says otherwise or production has its PUBLIC_URL', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).HOST).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'development', PUBLIC_URL: 'https://example.com' }).HOST).toBe('127.0.0.1');
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(loadConfig({ PUBLIC_URL: 'https://example.com' }).HOST).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'development', HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });

  it('refuses to serve other machines in production without PUBLIC_URL', () => {
    for (const HOST of ['0.0.0.0', '::', '10.0.0.5']) {
      expect(() => assertProductionSafe(loadConfig({ HOST })), HOST).toThrow(/PUBLIC_URL: required in production/);
    }
    // The local demo and benchmarks: only this machine can connect.
    for (const HOST of ['127.0.0.1', 'localhost', '::1']) expect(() => assertProductionSafe(loadConfig({ HOST })), HOST).not.toThrow();
    expect(() => assertProductionSafe(loadConfig({ HOST: '0.0.0.0', PUBLIC_URL: 'https://example.com' }))).not.toThrow();
    // Outside production the host guard allows this machine's names.
    expect(() => assertProductionSafe(loadConfig({ NODE_ENV: 'development', HOST: '0.0.0.0' }))).not.toThrow();
  });

  it('reads ALLOWED_HOSTS as host names, refusing URLs and ports', () => {
    expect(loadConfig({ ALLOWED_HOSTS: 'a.example, B.example.com ,[::1]' }).ALLOWED_HOSTS).toEqual(['a.example', 'B.example.com', '[::1]']);
    expect(loadConfig({}).ALLOWED_HOSTS).toEqual([]);
    for (const wrong of ['https://a.example', 'a.example:8080', 'a b'])
      expect(() => loadConfig({ ALLOWED_HOSTS: wrong }), wrong).toThrow(/ALLOWED_HOSTS/);
  });

  it('takes OAUTH_SIGNING_KEY as an RSA private key of 2048+ bits, PEM or JWK, and refuses anything else', () => {
    const rsa = (bits: number) => generateKeyPairSync('rsa', { modulusLength: bits }).privateKey;
    const good = rsa(2048);
    expect(loadConfig({ OAUTH_SIGNING_KEY: good.export({ format: 'pem', type: 'pkcs8' }).toString() }).OAUTH_SIGNING_KEY).toBeTruthy();
    expect(loadConfig({ OAUTH_SIGNING_KEY: good.export({ format: 'pem', type: 'pkcs1' }).toString() }).OAUTH_SIGNING_KEY).toBeTruthy();
    expect(loadConfig({ OAUTH_SIGNING_KEY: JSON.stringify(good.export({ format: 'jwk' })) }).OAUTH_SIGNING_KEY).toBeTruthy();
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const weak = rsa(1024).export({ format: 'pem', type: 'pkcs8' }).toString();
    const publicOnly = JSON.stringify(createPublicKey(good).export({ format: 'jwk' }));
    for (const wrong of ['not a key', '{"kty":"RSA"}', ec, weak, publicOnly]) {
      expect(() => loadConfig({ OAUTH_SIGNING_KEY: wrong }), wrong.slice(0, 30)).toThrow(/OAUTH_SIGNING_KEY: must be an RSA private key/);
    }
  });

  it('refuses development-only settings in production', () => {
    expect(() => assertProductionSafe(loadConfig({ PUBLIC_URL: 'http://example.com' }))).toThrow(/PUBLIC_URL/);
    expect(() => assertProductionSafe(loadConfig({ PUBLIC_URL: 'https://example.com' }))).not.toThrow();
  });
});

describe('accounts configuration', () => {
  it('delivers codes to the dev outbox outside production, and nowhere by default in production', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).delivery).toEqual({ sms: 'dev', email: 'dev' });
    expect(loadConfig({}).delivery).toEqual({ sms: 'none', email: 'none' });
    expect(
      loadConfig({ SMTP_URL: 'smtp://mail:25', SMS_HTTP_URL: 'https://sms.example/send', SMS_HTTP_KEY: 'k'.repeat(16) }).delivery,
    ).toEqual({ sms: 'http', email: 'smtp' });
  });
  it('refuses incomplete provider settings', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'http' })).toThrow(/SMS_HTTP_URL/);
    expect(() => loadConfig({ EMAIL_PROVIDER: 'smtp' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ WECHAT_CLIENTS: '{oops' })).toThrow(/WECHAT_CLIENTS/);
    expect(() => loadConfig({ AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET/);
  });
  it('refuses the dev outbox in production', () => {
    expect(() => assertProductionSafe(loadConfig({ SMS_PROVIDER: 'dev' }))).toThrow(/SMS_PROVIDER/);
    expect(() => assertProductionSafe(loadConfig({ EMAIL_PROVIDER: 'dev' }))).toThrow(/EMAIL_PROVIDER/);
  });
});

describe('JSON and provider variables, parsed at start-up', () => {
  const client = (clientId: string, kind = 'web') => ({ clientId, kind, appId: 'wx0123456789abcdef', appSecret: 's'.repeat(32) });

  it('reads WECHAT_CLIENTS and OAUTH_CLIENTS into typed lists, naming the entry and field of a problem', () => {
    const c = loadConfig({
      WECHAT_CLIENTS: JSON.stringify([client('site'), client('app', 'app')]),
      OAUTH_CLIENTS: JSON.stringify([{ clientId: 'slicer', name: 'Slicer', redirectUris: ['https://slicer.example/cb'] }]),
    });
    expect([...c.wechatClients.keys()]).toEqual(['site', 'app']);
    expect(c.wechatClients.get('app')?.kind).toBe('app');
    expect(c.oauthClients.map((o) => o.clientId)).toEqual(['slicer']);
    expect(() => loadConfig({ WECHAT_CLIENTS: '{"clientId":"x"}' })).toThrow(/WECHAT_CLIENTS: must be a JSON array/);
    expect(() => loadConfig({ WECHAT_CLIENTS: JSON.stringify([{ ...client('x'), appId: 'nope' }]) })).toThrow(/WECHAT_CLIENTS\[0\]\.appId/);
    expect(() => loadConfig({ WECHAT_CLIENTS: JSON.stringify([client('x'), client('x')]) })).toThrow(/duplicate clientId/);
    expect(() => loadConfig({ OAUTH_CLIENTS: JSON.stringify([{ clientId: 'ab', name: 'n', redirectUris: [] }]) })).toThrow(
      /OAUTH_CLIENTS\[0\]/,
    );
  });

  it('never quotes a secret in a refusal', () => {
    const secret = 'TOP-SECRET-VALUE-0123456789abcdef';
    const refusal = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (err) {
        return String(err);
      }
      return '';
    };
    expect(refusal({ WECHAT_CLIENTS: `[{"clientId":"x","appSecret":"${secret}"` })).not.toContain(secret);
    expect(refusal({ WECHAT_CLIENTS: JSON.stringify([{ ...client('x'), appSecret: secret, extra: secret }]) })).not.toContain(secret);
  });

  it('matches the chosen WeChat clients by id, not by text found somewhere in the list', () => {
    const clients = JSON.stringify([client('site')]);
    // "web" is the kind of the entry, not a clientId.
    expect(() => loadConfig({ WECHAT_CLIENTS: clients, WECHAT_WEB_CLIENT_ID: 'web' })).toThrow(/WECHAT_WEB_CLIENT_ID/);
    expect(() => loadConfig({ WECHAT_CLIENTS: clients, WECHAT_JSAPI_CLIENT_ID: 'other' })).toThrow(/WECHAT_JSAPI_CLIENT_ID/);
    expect(() => loadConfig({ WECHAT_CLIENTS: clients, WECHAT_PAY_CLIENT_ID: 'other' })).toThrow(/WECHAT_PAY_CLIENT_ID/);
    expect(loadConfig({ WECHAT_CLIENTS: clients, WECHAT_WEB_CLIENT_ID: 'site', WECHAT_JSAPI_CLIENT_ID: 'site' }).wechatClients.size).toBe(
      1,
    );
  });

  it('checks the WeChat Pay merchant settings at start-up, all or nothing', () => {
    expect(loadConfig({}).wechatPay).toEqual({ kind: 'none' });
    expect(loadConfig({ NODE_ENV: 'development' }).wechatPay).toEqual({ kind: 'dev' });
    expect(() => loadConfig({ WECHAT_PAY_MCHID: '1900000109' })).toThrow(/WECHAT_PAY_APP_ID: not set/);
    // Told to use no payments or the stand-in, a half-done merchant setup is not read.
    expect(loadConfig({ WECHAT_PAY_PROVIDER: 'none', WECHAT_PAY_MCHID: '1900000109' }).wechatPay).toEqual({ kind: 'none' });
    expect(() => loadConfig({ WECHAT_PAY_PROVIDER: 'http' })).toThrow(/WECHAT_PAY_PROVIDER: http needs/);
  });
});

describe('.env.example', () => {
  it('works as is', async () => {
    const { parseEnv } = await import('node:util');
    const fs = await import('node:fs');
    const env = parseEnv(fs.readFileSync('.env.example', 'utf8')) as Record<string, string>;
    const c = loadConfig(env);
    expect(c.PORT).toBe(3000);
    expect(c.SMTP_FROM).toBe('Creality Cloud <no-reply@crealitycloud.com>');
    expect(() => assertProductionSafe(c)).not.toThrow();
  });
});
