import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { runSeeds, type Seed } from '../../src/server/db/seed/seed';
import { CLIENT_HEADERS, createTestDb, ENGINES } from '../helpers/app';

/**
 * PostgreSQL is the several-instances engine: each "instance" here has its own pool. SQLite runs
 * as one process with one connection (better-sqlite3 is synchronous: two connections in one
 * process would block each other's event loop), so there the same calls race on that connection.
 */
const instances = (engine: string, url: string, own: ReturnType<typeof openDatabase>) =>
  engine === 'postgres' ? [own, openDatabase(parse(url)), openDatabase(parse(url))] : [own, own, own];

describe.each(ENGINES)('several instances on one %s database', (engine) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('migrates once when instances start together, and again is a no-op', async () => {
    const t = await createTestDb(engine);
    cleanups.push(t.drop);
    const dbs = instances(engine, t.url, t.db);
    cleanups.push(async () => {
      for (const d of new Set(dbs.slice(1))) if (d !== t.db) await d.close();
    });
    const results = await Promise.all(dbs.map((d) => migrateToLatest(d.kysely)));
    // The template is already migrated: nothing left to apply, and no instance failed.
    expect(results.flat()).toEqual([]);
    const tables = await sql<{ n: number }>`select count(*) as n from seed_runs`.execute(t.db.kysely);
    expect(Number(tables.rows[0]?.n)).toBe(0);
  });

  it('runs each demo seed exactly once under concurrency', async () => {
    const t = await createTestDb(engine);
    cleanups.push(t.drop);
    let runs = 0;
    const seed: Seed = {
      name: 'test-seed',
      async run(trx, now) {
        runs++;
        await trx.insertInto('seed_runs').values({ name: 'test-seed-row', applied_at: now }).execute();
      },
    };
    const dbs = instances(engine, t.url, t.db);
    cleanups.push(async () => {
      for (const d of new Set(dbs)) if (d !== t.db) await d.close();
    });
    const applied = await Promise.allSettled(dbs.flatMap((d) => [runSeeds(d.kysely, [seed]), runSeeds(d.kysely, [seed])]));
    const ok = applied.filter((r) => r.status === 'fulfilled').map((r) => (r as PromiseFulfilledResult<string[]>).value);
    expect(ok.flat().filter((n) => n === 'test-seed')).toHaveLength(1);
    expect(runs).toBe(1);
    const rows = await t.db.kysely.selectFrom('seed_runs').select('name').orderBy('name').execute();
    expect(rows.map((r) => r.name)).toEqual(['test-seed', 'test-seed-row']);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.skipIf(!redisUrl)('rate limits shared through Redis', () => {
  it('counts calls to two instances against one limit', async () => {
    const t = await createTestDb('sqlite');
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: t.url, REDIS_URL: redisUrl ?? '' });
    const a = await buildApp(config, { db: t.db });
    const b = await buildApp(config, { db: t.db });
    // A fresh client address per run, so earlier runs' counters in Redis do not count.
    const ip = `10.${rand()}.${rand()}.${rand()}`;
    const call = (app: typeof a) =>
      app.inject({
        method: 'POST',
        url: '/api/cxy/v2/system/ping',
        headers: CLIENT_HEADERS,
        remoteAddress: ip,
        payload: '{"message":"x"}',
      });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) statuses.push((await call(a)).statusCode, (await call(b)).statusCode);
      expect(statuses.every((s) => s === 200)).toBe(true);
      expect((await call(a)).statusCode).toBe(429);
      expect((await call(b)).statusCode).toBe(429);
    } finally {
      await a.close();
      await b.close();
      await t.drop();
    }
  });
});

const rand = () => Math.floor(Math.random() * 250) + 1;
function parse(url: string) {
  return url.startsWith('file:') ? ({ dialect: 'sqlite', file: url.slice(5) } as const) : ({ dialect: 'postgres', url } as const);
}
