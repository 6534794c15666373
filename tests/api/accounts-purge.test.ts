import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeGuards } from '../../src/server/accounts/guards-purge';
import { createTestDb, ENGINES, type TestDb } from '../helpers/app';

const DAY = 86_400_000;

describe.each(ENGINES)('purging the account guards on %s', (engine) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(engine);
  });
  afterAll(() => t.drop());

  it('deletes the rows no limit reads any more and keeps the others', async () => {
    const now = Date.now();
    const k = t.db.kysely;
    const code = (destination: string, createdAt: number, expiresAt: number) => ({
      purpose: 6,
      channel: 'sms' as const,
      destination,
      code_hmac: 'x',
      created_at: createdAt,
      expires_at: expiresAt,
      consumed_at: null,
    });
    await k
      .insertInto('verification_codes')
      .values([
        code('old', now - 2 * DAY, now - 2 * DAY + 300_000),
        // Expired but still inside the day the send caps count over.
        code('today', now - 3_600_000, now - 3_300_000),
        code('live', now - 60_000, now + 240_000),
      ])
      .execute();
    await k
      .insertInto('password_guesses')
      .values([
        { name_hmac: 'forgotten', failures: 3, last_failure_at: now - 2 * DAY, locked_until: 0 },
        { name_hmac: 'recent', failures: 3, last_failure_at: now - 60_000, locked_until: 0 },
        { name_hmac: 'waiting', failures: 9, last_failure_at: now - 2 * DAY, locked_until: now + 60_000 },
      ])
      .execute();
    await k
      .insertInto('code_devices')
      .values([
        { destination: 'd', device: 'stale', verified_at: now - 100 * DAY },
        { destination: 'd', device: 'known', verified_at: now - 10 * DAY },
      ])
      .execute();

    expect(await purgeGuards(t.db, now)).toEqual({ codes: 1, guesses: 1, devices: 1 });
    const codes = await k.selectFrom('verification_codes').select('destination').orderBy('destination').execute();
    expect(codes.map((r) => r.destination)).toEqual(['live', 'today']);
    const names = await k.selectFrom('password_guesses').select('name_hmac').orderBy('name_hmac').execute();
    expect(names.map((r) => r.name_hmac)).toEqual(['recent', 'waiting']);
    const devices = await k.selectFrom('code_devices').select('device').execute();
    expect(devices.map((r) => r.device)).toEqual(['known']);
    // Nothing left to delete: a second run (another instance) finds nothing.
    expect(await purgeGuards(t.db, now)).toEqual({ codes: 0, guesses: 0, devices: 0 });
  });
});
