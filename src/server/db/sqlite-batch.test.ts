import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type Kysely, sql, type Transaction } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from './database';
import { prepared } from './prepared';
import type { Database } from './schema';
import { transaction } from './transaction';

// Group commit (sqlite-batch.ts): transactions that queue together share one SQL transaction,
// yet each one's outcome is its own and is answered only once it is committed.
describe('SQLite group commit', () => {
  let dir: string;
  let db: Db;
  const file = () => path.join(dir, 'batch.sqlite');
  const rows = async () => (await sql<{ n: string }>`select n from t order by n`.execute(db.kysely)).rows.map((r) => r.n);

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cxy-batch-'));
    db = openDatabase({ dialect: 'sqlite', file: file() });
    await sql`create table t (n text primary key)`.execute(db.kysely);
  });
  afterEach(async () => {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  // Kysely's own transactions, and the dialect's with one handle for all (db/transaction.ts).
  const runners = {
    kysely: <T>(k: Kysely<Database>, fn: (trx: Transaction<Database>) => Promise<T>) => k.transaction().execute(fn),
    'shared handle': transaction,
  };

  it.each(Object.entries(runners))(
    'answers each of many concurrent transactions once committed; a failing one undoes only its own work (%s)',
    async (_, run) => {
      const outcomes = await Promise.allSettled(
        Array.from({ length: 50 }, (_, i) =>
          run(db.kysely, async (trx) => {
            await sql`insert into t (n) values (${`a${i}`})`.execute(trx);
            await sql`insert into t (n) values (${`b${i}`})`.execute(trx);
            // Every tenth fails after writing: its rows must not remain, the others' must.
            if (i % 10 === 3) throw new Error(`refused ${i}`);
            // A unique-key failure inside a transaction (the draw's retried request id).
            if (i % 10 === 7) await sql`insert into t (n) values (${'a0'})`.execute(trx);
            return i;
          }),
        ),
      );
      const ok = outcomes.flatMap((o, i) => (o.status === 'fulfilled' ? [i] : []));
      expect(ok).toHaveLength(40);
      expect(ok.every((i) => i % 10 !== 3 && i % 10 !== 7)).toBe(true);
      // Committed for another connection (another process) to see, not only for this one.
      const other = new SQLite(file(), { readonly: true });
      try {
        const seen = (other.prepare('select n from t').all() as { n: string }[]).map((r) => r.n).sort();
        expect(seen).toEqual(ok.flatMap((i) => [`a${i}`, `b${i}`]).sort());
      } finally {
        other.close();
      }
    },
  );

  it('commits a transaction before a plain write runs, and serves plain reads in between', async () => {
    const tx = db.kysely.transaction().execute(async (trx) => {
      await sql`insert into t (n) values ('tx')`.execute(trx);
    });
    const plain = sql`insert into t (n) values ('plain')`.execute(db.kysely);
    const read = rows();
    await Promise.all([tx, plain]);
    expect(await read).toEqual(['plain', 'tx']);
    const other = new SQLite(file(), { readonly: true });
    try {
      expect(other.prepare('select count(*) as n from t').get()).toEqual({ n: 2 });
    } finally {
      other.close();
    }
  });

  it('refuses the shared transaction handle once its transaction is over', async () => {
    let kept: Transaction<Database> | undefined;
    await transaction(db.kysely, async (trx) => {
      kept = trx;
      await sql`insert into t (n) values ('inside')`.execute(trx);
    });
    await expect(sql`insert into t (n) values ('after')`.execute(kept as Transaction<Database>)).rejects.toThrow(/outside a transaction/);
    expect(await rows()).toEqual(['inside']);
  });

  it('keeps working after a transaction fails on its own', async () => {
    await expect(
      db.kysely.transaction().execute(async (trx) => {
        await sql`insert into t (n) values ('x')`.execute(trx);
        await sql`insert into t (n) values ('x')`.execute(trx);
      }),
    ).rejects.toThrow(/UNIQUE/);
    await db.kysely.transaction().execute(async (trx) => {
      await sql`insert into t (n) values ('y')`.execute(trx);
    });
    expect(await rows()).toEqual(['y']);
  });

  it("runs a prepared query of a transaction on that transaction's connection: its own writes seen, undone with it", async () => {
    const count = prepared(
      (d, p: { n: string }) =>
        (d as unknown as Kysely<{ t: { n: string } }>)
          .selectFrom('t')
          .select((eb) => eb.fn.countAll<number>().as('c'))
          .where('n', '=', p.n) as never,
    );
    const seen = (r: { rows: unknown[] }) => Number((r.rows[0] as { c: number }).c);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        db.kysely.transaction().execute(async (trx) => {
          await sql`insert into t (n) values (${`p${i}`})`.execute(trx);
          const mine = seen(await count(trx, { n: `p${i}` }));
          if (i % 3 === 0) throw new Error('refused');
          return mine;
        }),
      ),
    );
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : 'refused'))).toEqual(
      Array.from({ length: 30 }, (_, i) => (i % 3 === 0 ? 'refused' : 1)),
    );
    expect(await rows()).toEqual(
      Array.from({ length: 30 }, (_, i) => i)
        .filter((i) => i % 3 !== 0)
        .map((i) => `p${i}`)
        .sort(),
    );
    // Outside a transaction it goes through Kysely's queue (the connection may be another's).
    expect(seen(await count(db.kysely, { n: 'p1' }))).toBe(1);
  });
});
