import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { errors } from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { DbOidcAdapter, purgeExpiredOidcRows } from './adapter';

describe('oidc-provider adapter over oidc_payloads', () => {
  let dir: string;
  let db: Db;
  let now = Date.UTC(2026, 0, 1);
  const clock = () => now;
  const adapter = (model: string) => new DbOidcAdapter(db.kysely, model, clock);

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cxy-oauth-adapter-'));
    db = openDatabase({ dialect: 'sqlite', file: path.join(dir, 'test.sqlite') });
    await migrateToLatest(db.kysely);
  });
  afterAll(async () => {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('stores payloads per model and finds them by id, uid and user code', async () => {
    const sessions = adapter('Session');
    await sessions.upsert('s1', { jti: 's1', uid: 'u1', accountId: '42', kind: 'Session' }, 600);
    await adapter('Interaction').upsert('s1', { jti: 's1', kind: 'Interaction' }, 600);
    await adapter('DeviceCode').upsert('d1', { jti: 'd1', userCode: 'ABCD-EFGH' }, 600);

    expect(await sessions.find('s1')).toEqual({ jti: 's1', uid: 'u1', accountId: '42', kind: 'Session' });
    expect(await sessions.findByUid('u1')).toMatchObject({ accountId: '42' });
    expect(await adapter('Interaction').find('s1')).toEqual({ jti: 's1', kind: 'Interaction' });
    expect(await adapter('DeviceCode').findByUserCode('ABCD-EFGH')).toMatchObject({ jti: 'd1' });
    expect(await adapter('AccessToken').find('s1')).toBeUndefined();
    expect(await sessions.findByUid('nope')).toBeUndefined();

    // An update replaces the payload and its lookup columns.
    await sessions.upsert('s1', { jti: 's1', uid: 'u2', accountId: '43' }, 600);
    expect(await sessions.findByUid('u1')).toBeUndefined();
    expect(await sessions.findByUid('u2')).toMatchObject({ accountId: '43' });
  });

  it('treats expired rows as absent, and keeps rows without expiry', async () => {
    const codes = adapter('AuthorizationCode');
    const sessions = adapter('Session');
    const start = now;
    await codes.upsert('c-exp', { jti: 'c-exp', grantId: 'g-exp' }, 60);
    await sessions.upsert('s-exp', { jti: 's-exp', uid: 'u-exp' }, 60);
    await adapter('Client').upsert('client-1', { client_id: 'client-1' });
    now = start + 59_000;
    expect(await codes.find('c-exp')).toBeDefined();
    now = start + 60_000;
    expect(await codes.find('c-exp')).toBeUndefined();
    expect(await sessions.findByUid('u-exp')).toBeUndefined();
    now = start + 10 * 365 * 86_400_000;
    expect(await adapter('Client').find('client-1')).toEqual({ client_id: 'client-1' });

    // The clean-up removes expired rows only.
    const purged = await purgeExpiredOidcRows(db.kysely, now);
    expect(purged).toBeGreaterThanOrEqual(2);
    const left = await db.kysely.selectFrom('oidc_payloads').select('id').where('id', 'in', ['c-exp', 's-exp', 'client-1']).execute();
    expect(left.map((r) => r.id)).toEqual(['client-1']);
  });

  it('consumes once: the payload says when, and a second consumption is refused and revokes the grant', async () => {
    const codes = adapter('AuthorizationCode');
    const tokens = adapter('AccessToken');
    await codes.upsert('c1', { jti: 'c1', grantId: 'g1' }, 60);
    await tokens.upsert('t1', { jti: 't1', grantId: 'g1' }, 3600);
    await tokens.upsert('t-other', { jti: 't-other', grantId: 'g2' }, 3600);
    expect((await codes.find('c1'))?.consumed).toBeUndefined();

    await codes.consume('c1');
    expect((await codes.find('c1'))?.consumed).toBe(Math.floor(now / 1000));
    // A re-save does not undo the consumption.
    await codes.upsert('c1', { jti: 'c1', grantId: 'g1' }, 60);
    expect((await codes.find('c1'))?.consumed).toBe(Math.floor(now / 1000));

    await expect(codes.consume('c1')).rejects.toBeInstanceOf(errors.InvalidGrant);
    expect(await codes.find('c1')).toBeUndefined();
    expect(await tokens.find('t1')).toBeUndefined();
    expect(await tokens.find('t-other')).toBeDefined();
    await expect(codes.consume('never-issued')).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('destroys one row, and revokes every row of a grant', async () => {
    const codes = adapter('AuthorizationCode');
    const tokens = adapter('AccessToken');
    await codes.upsert('c3', { jti: 'c3', grantId: 'g3' }, 60);
    await tokens.upsert('t3', { jti: 't3', grantId: 'g3' }, 3600);
    await tokens.upsert('t4', { jti: 't4', grantId: 'g4' }, 3600);
    await tokens.destroy('t4');
    expect(await tokens.find('t4')).toBeUndefined();
    await tokens.revokeByGrantId('g3');
    expect(await codes.find('c3')).toBeUndefined();
    expect(await tokens.find('t3')).toBeUndefined();
  });
});
