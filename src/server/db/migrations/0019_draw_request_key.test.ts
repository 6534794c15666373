import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../database';
import { migrateTo, migrateToLatest } from '../migrate';

// The SQLite rebuild of lottery_draws keeps every draw and every win (dropping the old table with
// foreign keys on would have cascaded to the wins), and each balance learns its draws and its latest one.
describe('migration 0019 (SQLite): draws rebuilt without the request id index, balances keep the latest', () => {
  let dir: string;
  let db: Db;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cxy-0019-'));
    db = openDatabase({ dialect: 'sqlite', file: path.join(dir, 'db.sqlite') });
  });
  afterEach(async () => {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps draws and wins, and gives each balance its draw count and latest draw', async () => {
    const k = db.kysely;
    await migrateTo(k, '0018_mall');
    const now = Date.now();
    await sql`insert into users (id, nickname, created_at, updated_at) values (1, 'a', ${now}, ${now}), (2, 'b', ${now}, ${now})`.execute(
      k,
    );
    await sql`insert into lottery_campaigns (id, title, rules, starts_at, ends_at, settings, created_at, updated_at)
      values (7, '{}', '{}', 0, ${now}, '{}', ${now}, ${now})`.execute(k);
    await sql`insert into lottery_prizes (id, campaign_id, kind, name, image_url, stock, weight, value, position, created_at)
      values (3, 7, 1, '{}', '', 1, 1, 0, 0, ${now})`.execute(k);
    await sql`insert into lottery_chance_balances (campaign_id, user_id, remaining) values (7, 1, 3), (7, 2, 1)`.execute(k);
    await sql`insert into lottery_draws (id, campaign_id, user_id, request_id, result, prize_id, created_at)
      values (10, 7, 1, 'r1', 1, 3, ${now}), (11, 7, 1, 'r2', 2, null, ${now})`.execute(k);
    await sql`insert into lottery_wins (id, draw_id, campaign_id, user_id, prize_id, state, redeem_code, created_at)
      values (5, 10, 7, 1, 3, 'won', 'CODE', ${now})`.execute(k);

    expect(await migrateTo(k, '0019_draw_request_key')).toContain('0019_draw_request_key');
    const draws = await sql<{ id: number }>`select id from lottery_draws order by id`.execute(k);
    expect(draws.rows.map((r) => Number(r.id))).toEqual([10, 11]);
    const wins = await sql<{ draw_id: number }>`select draw_id from lottery_wins`.execute(k);
    expect(wins.rows.map((r) => Number(r.draw_id))).toEqual([10]);
    expect((await sql`pragma foreign_keys`.execute(k)).rows).toEqual([{ foreign_keys: 1 }]);
    // Each balance knows its draws and its latest one: a retry of 'r2' is still answered.
    const balances = await sql`select user_id, draws, last_request_id, last_draw_id from lottery_chance_balances order by user_id`.execute(
      k,
    );
    expect(balances.rows.map((r) => ({ ...(r as object) }))).toEqual([
      { user_id: 1, draws: 2, last_request_id: 'r2', last_draw_id: 11 },
      { user_id: 2, draws: 0, last_request_id: null, last_draw_id: null },
    ]);

    // No index refuses a request id any more (retries are the balance's business), new ids follow
    // the copied ones, and the foreign keys still hold.
    await sql`insert into lottery_draws (campaign_id, user_id, request_id, result, created_at) values (7, 1, 'r1', 2, ${now})`.execute(k);
    const last = await sql<{ id: number }>`select max(id) as id from lottery_draws`.execute(k);
    expect(Number(last.rows[0]?.id)).toBe(12);
    await expect(
      sql`insert into lottery_draws (campaign_id, user_id, request_id, result, created_at) values (999, 1, 'x', 2, ${now})`.execute(k),
    ).rejects.toThrow(/FOREIGN KEY/);

    // Migration 0020: the latest draw is kept by its time (a retry finds it through the draws'
    // campaign + time index), and the id column goes.
    expect((await migrateToLatest(k))[0]).toBe('0020_draw_time_on_balance');
    const timed = await sql`select * from lottery_chance_balances order by user_id`.execute(k);
    expect(timed.rows.map((r) => ({ ...(r as object) }))).toEqual([
      { campaign_id: 7, user_id: 1, remaining: 3, draws: 2, last_request_id: 'r2', last_draw_at: now },
      { campaign_id: 7, user_id: 2, remaining: 1, draws: 0, last_request_id: null, last_draw_at: null },
    ]);
  });
});
