import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeStamp, StampedCache } from './change-stamp';
import { type Db, openDatabase } from './database';

// What the embedded engine keeps between reads (a campaign on every draw) is read again whenever
// its table may have changed: written by this process, rolled back, or committed by another one.
describe('change stamps (SQLite)', () => {
  let dir: string;
  let db: Db;
  const file = () => path.join(dir, 'stamp.sqlite');
  const stamp = () => changeStamp(db.kysely, 'lottery_campaigns');
  const cache = new StampedCache<number, string>('lottery_campaigns');
  let reads = 0;
  const title = (runner: Parameters<typeof changeStamp>[0] = db.kysely) =>
    cache.get(runner, 1, async () => {
      reads++;
      return (await sql<{ title: string }>`select title from lottery_campaigns where id = 1`.execute(runner)).rows[0]?.title ?? '';
    });

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cxy-stamp-'));
    db = openDatabase({ dialect: 'sqlite', file: file() });
    await sql`create table lottery_campaigns (id integer primary key, title text)`.execute(db.kysely);
    await sql`create table other (n integer)`.execute(db.kysely);
    await sql`insert into lottery_campaigns (id, title) values (1, 'first')`.execute(db.kysely);
    reads = 0;
  });
  afterEach(async () => {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('stays the same across reads and other tables’ writes, and moves on a write to the table', async () => {
    const s0 = stamp();
    await sql`select * from lottery_campaigns`.execute(db.kysely);
    await db.kysely
      .insertInto('other' as never)
      .values({ n: 1 } as never)
      .execute();
    expect(stamp()).toBe(s0);
    expect(await title()).toBe('first');
    expect(await title()).toBe('first');
    expect(reads).toBe(1);

    await db.kysely
      .updateTable('lottery_campaigns')
      .set({ title: 'second' } as never)
      .where('id', '=', 1)
      .execute();
    expect(stamp()).not.toBe(s0);
    expect(await title()).toBe('second');
    expect(reads).toBe(2);
  });

  it('moves when a transaction that wrote the table rolls back', async () => {
    expect(await title()).toBe('first');
    await expect(
      db.kysely.transaction().execute(async (trx) => {
        await sql`update lottery_campaigns set title = 'never' where id = 1`.execute(trx);
        // Read inside the transaction: the uncommitted title is what the cache sees now…
        expect(await title(trx)).toBe('never');
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    // …and the rollback makes it read again.
    expect(await title()).toBe('first');
  });

  it('moves when another process commits to the database file', async () => {
    expect(await title()).toBe('first');
    const other = new SQLite(file());
    other.prepare(`update lottery_campaigns set title = 'from the CLI' where id = 1`).run();
    other.close();
    expect(await title()).toBe('from the CLI');
  });

  it('keeps nothing on PostgreSQL (no stamp): every read goes to the database', () => {
    const pgLike = { getExecutor: () => ({ adapter: {} }) } as unknown as Db['kysely'];
    expect(changeStamp(pgLike, 'lottery_campaigns')).toBeNull();
  });
});
