import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountsService } from '../accounts/service';
import { type Db, openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { createOAuthProvider, findAccount, issuerFor, loadJwks } from './provider';

type Me = Awaited<ReturnType<AccountsService['me']>>;
const me = (over: Partial<Me> = {}): Me => ({
  userId: '7',
  nickname: 'Ada',
  avatarUrl: 'https://cdn.example/a.png',
  gender: 2,
  age: null,
  introduction: '',
  level: 1,
  premiumUntil: null,
  isPremium: false,
  state: 'active',
  phone: '138****0000',
  email: null,
  wechat: false,
  hasPassword: false,
  roles: [],
  ...over,
});
const accountsWith = (answer: (id: number) => Me) =>
  ({
    me: async (id: number) => answer(id),
  }) as unknown as AccountsService;

describe('OAuth provider set-up', () => {
  let dir: string;
  let db: Db;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cxy-oauth-provider-'));
    db = openDatabase({ dialect: 'sqlite', file: path.join(dir, 'test.sqlite') });
    await migrateToLatest(db.kysely);
  });
  afterAll(async () => {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('builds the issuer from the public origin', () => {
    expect(issuerFor('https://cloud.example.com')).toBe('https://cloud.example.com/api/cxy/oauth2');
    expect(issuerFor('https://cloud.example.com/')).toBe('https://cloud.example.com/api/cxy/oauth2');
    expect(issuerFor('http://localhost:3000')).toBe('http://localhost:3000/api/cxy/oauth2');
  });

  it('generates the signing key once and keeps it in app_secrets', async () => {
    const [a, b] = await Promise.all([loadJwks(db.kysely), loadJwks(db.kysely)]);
    expect(a).toEqual(b);
    expect(await loadJwks(db.kysely)).toEqual(a);
    expect(a.keys).toHaveLength(1);
    expect(a.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(a.keys[0]?.d).toBeTruthy();
    expect(a.keys[0]?.kid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await db.kysely.selectFrom('app_secrets').select('name').where('name', '=', 'oidc_jwks').execute();
    expect(rows).toHaveLength(1);
  });

  it('finds accounts through the accounts service: sub is the user id, claims nickname and picture', async () => {
    const account = await findAccount(
      accountsWith((id) => me({ userId: String(id) })),
      '7',
    );
    expect(account?.accountId).toBe('7');
    expect(await account?.claims('userinfo', 'openid profile')).toEqual({
      sub: '7',
      nickname: 'Ada',
      picture: 'https://cdn.example/a.png',
    });
    const noAvatar = await findAccount(
      accountsWith(() => me({ avatarUrl: '' })),
      '7',
    );
    expect(await noAvatar?.claims('userinfo', 'openid profile')).toEqual({ sub: '7', nickname: 'Ada' });
  });

  it('knows no one for blocked or cancelled accounts, unknown users or malformed ids', async () => {
    expect(
      await findAccount(
        accountsWith(() => me({ state: 'blocked' })),
        '7',
      ),
    ).toBeUndefined();
    expect(
      await findAccount(
        accountsWith(() => me({ state: 'cancelled' })),
        '7',
      ),
    ).toBeUndefined();
    expect(
      await findAccount(
        accountsWith(() => me({ state: 'at_risk' })),
        '7',
      ),
    ).toBeDefined();
    const missing = accountsWith(() => {
      throw new Error('no such user');
    });
    expect(await findAccount(missing, '8')).toBeUndefined();
    for (const bad of ['', '0', '-1', '1.5', 'abc', '99999999999999999999']) {
      expect(
        await findAccount(
          accountsWith(() => me()),
          bad,
        ),
      ).toBeUndefined();
    }
  });

  it('creates the provider with the issuer under the prefix', async () => {
    const provider = await createOAuthProvider({
      publicOrigin: 'https://cloud.example.com',
      db: db.kysely,
      accounts: accountsWith(() => me()),
      secret: Buffer.from('x'.repeat(32)),
      clients: [],
      siteUser: async () => null,
    });
    expect(provider.issuer).toBe('https://cloud.example.com/api/cxy/oauth2');
  });
});
