import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { type Db, openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { createClientStore, newClientSecret, toClientMetadata } from './clients';

const parseOAuthClients = (json: string | undefined) =>
  loadConfig(json === undefined ? {} : { OAUTH_CLIENTS: json }).oauthClients.map(toClientMetadata);

const SECRET = 's3cret-0123456789-abcdefghijklmnopq';

describe('OAUTH_CLIENTS', () => {
  it('is empty when unset', () => {
    expect(parseOAuthClients(undefined)).toEqual([]);
    expect(parseOAuthClients('  ')).toEqual([]);
  });

  it('turns entries into code-flow clients: public without a secret, HTTP Basic with one', () => {
    const clients = parseOAuthClients(
      JSON.stringify([
        { clientId: 'farm-app', name: 'Print Farm', redirectUris: ['https://farm.example/cb', 'http://127.0.0.1:8080/cb'] },
        { clientId: 'slicer.web', name: 'Slicer', redirectUris: ['https://slicer.example/cb'], clientSecret: SECRET },
      ]),
    );
    expect(clients).toEqual([
      {
        client_id: 'farm-app',
        client_name: 'Print Farm',
        redirect_uris: ['https://farm.example/cb', 'http://127.0.0.1:8080/cb'],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
      },
      {
        client_id: 'slicer.web',
        client_name: 'Slicer',
        redirect_uris: ['https://slicer.example/cb'],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        client_secret: SECRET,
      },
    ]);
  });

  it('refuses bad entries, naming the entry and field but never the secret', () => {
    const bad = (entry: unknown) => () => parseOAuthClients(JSON.stringify([entry]));
    const ok = { clientId: 'farm-app', name: 'Farm', redirectUris: ['https://farm.example/cb'] };
    expect(bad({ ...ok, redirectUris: [] })).toThrow(/OAUTH_CLIENTS\[0\]\.redirectUris/);
    expect(bad({ ...ok, redirectUris: ['ftp://farm.example/cb'] })).toThrow(ConfigError);
    expect(bad({ ...ok, redirectUris: ['https://farm.example/cb#x'] })).toThrow(/fragment/);
    expect(bad({ ...ok, clientId: 'a b' })).toThrow(/clientId/);
    expect(bad({ ...ok, name: '' })).toThrow(/name/);
    expect(bad({ ...ok, redirecturis: ['https://farm.example/cb'] })).toThrow(ConfigError);
    try {
      bad({ ...ok, clientSecret: 'short-secret' })();
      expect.unreachable();
    } catch (err) {
      expect(String(err)).toMatch(/clientSecret/);
      expect(String(err)).not.toContain('short-secret');
    }
    expect(() => parseOAuthClients(JSON.stringify([ok, ok]))).toThrow(/duplicate clientId "farm-app"/);
    expect(() => parseOAuthClients(`[{"clientSecret": "${SECRET}"`)).toThrow('OAUTH_CLIENTS: not valid JSON');
    expect(() => parseOAuthClients('{}')).toThrow('OAUTH_CLIENTS: must be a JSON array');
  });

  it('makes long random secrets', () => {
    const a = newClientSecret();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(newClientSecret());
  });
});

describe('database clients', () => {
  let dir: string;
  let db: Db;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cxy-oauth-clients-'));
    db = openDatabase({ dialect: 'sqlite', file: path.join(dir, 'test.sqlite') });
    await migrateToLatest(db.kysely);
  });
  afterAll(async () => {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('are saved, listed, replaced and removed as the provider reads them (model Client)', async () => {
    const store = createClientStore(db.kysely);
    await store.save({ clientId: 'b-app', name: 'B', redirectUris: ['https://b.example/cb'] });
    await store.save({ clientId: 'a-app', name: 'A', redirectUris: ['https://a.example/cb'], clientSecret: SECRET });
    expect((await store.list()).map((c) => c.client_id)).toEqual(['a-app', 'b-app']);
    expect(await store.find('a-app')).toMatchObject({ token_endpoint_auth_method: 'client_secret_basic', client_secret: SECRET });
    const row = await db.kysely.selectFrom('oidc_payloads').selectAll().where('id', '=', 'b-app').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ model: 'Client', expires_at: null });

    await store.save({ clientId: 'b-app', name: 'B two', redirectUris: ['https://b.example/cb2'] });
    expect(await store.find('b-app')).toMatchObject({ client_name: 'B two', redirect_uris: ['https://b.example/cb2'] });
    await expect(store.save({ clientId: 'c-app', name: 'C', redirectUris: ['javascript:alert(1)'] })).rejects.toThrow(/redirectUris/);

    expect(await store.remove('b-app')).toBe(true);
    expect(await store.remove('b-app')).toBe(false);
    expect(await store.find('b-app')).toBeUndefined();
  });
});
