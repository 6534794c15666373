import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateCampaign } from '../../src/server/campaigns/admin';
import { coinBalance, grantChances, moveCoins, remainingChances } from '../../src/server/campaigns/ledger';
import { type Db, openDatabase } from '../../src/server/db/database';
import { draw } from '../../src/server/lottery/draw';
import { PrizeKind, WinState } from '../../src/shared/enums';
import { ResultCode } from '../../src/shared/errors';
import { createTestDb, ENGINES, type TestDb } from '../helpers/app';
import { contentRows } from '../helpers/content';
import { makeCampaign } from '../helpers/lottery';

const uuid = () => crypto.randomUUID();
const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 0,
    (e: { code?: number }) => e.code ?? -1,
  );

describe.each(ENGINES)('the draw engine on %s', (engine) => {
  let t: TestDb;
  let users: ReturnType<typeof contentRows>;
  const extra: Db[] = [];
  beforeAll(async () => {
    t = await createTestDb(engine);
    users = contentRows(t.db);
  });
  afterAll(async () => {
    for (const d of extra) await d.close();
    await t.drop();
  });
  const db = () => t.db.kysely;
  const port = () => t.db;

  it('spends the daily chance, then answers "0 draws"; the next day grants again', async () => {
    const u = await users.user('Daily');
    const now = Date.UTC(2026, 10, 22, 10);
    const { campaignId } = await makeCampaign(db(), {
      now,
      noWinWeight: 1,
      prizes: [],
      settings: { dailyChances: 1, premiumDailyChances: 0 },
    });
    const first = await draw(port(), u, campaignId, uuid(), now);
    expect(first).toMatchObject({ result: WinState.nowin, prizeId: null, remaining: 0 });
    expect(await codeOf(draw(port(), u, campaignId, uuid(), now))).toBe(ResultCode.noDraws);
    const tomorrow = await draw(port(), u, campaignId, uuid(), now + 86_400_000);
    expect(tomorrow.result).toBe(WinState.nowin);
  });

  it('gives premium members their extra daily chances', async () => {
    const u = await users.user('Premium');
    const now = Date.now();
    await db()
      .updateTable('users')
      .set({ premium_until: now + 86_400_000 })
      .where('id', '=', u)
      .execute();
    const { campaignId } = await makeCampaign(db(), {
      now,
      noWinWeight: 1,
      prizes: [],
      settings: { dailyChances: 1, premiumDailyChances: 2 },
    });
    await draw(port(), u, campaignId, uuid(), now);
    expect(await remainingChances(db(), campaignId, u)).toBe(2);
  });

  it('refuses outside the campaign period and while restocking, spending nothing', async () => {
    const u = await users.user('Early');
    const now = Date.now();
    const before = await makeCampaign(db(), { now, startsAt: now + 3_600_000, prizes: [] });
    const after = await makeCampaign(db(), { now, endsAt: now - 1, prizes: [] });
    const paused = await makeCampaign(db(), { now, restocking: true, prizes: [] });
    expect(await codeOf(draw(port(), u, before.campaignId, uuid(), now))).toBe(ResultCode.drawNotStarted);
    expect(await codeOf(draw(port(), u, after.campaignId, uuid(), now))).toBe(ResultCode.drawEnded);
    expect(await codeOf(draw(port(), u, paused.campaignId, uuid(), now))).toBe(ResultCode.drawRestocking);
    expect(await codeOf(draw(port(), u, 987654, uuid(), now))).toBe(ResultCode.notFound);
    const draws = await db().selectFrom('lottery_draws').select('id').where('user_id', '=', u).execute();
    expect(draws).toHaveLength(0);
  });

  it('answers a retried request id with the same outcome, drawing once', async () => {
    const u = await users.user('Retry');
    const { campaignId } = await makeCampaign(db(), { noWinWeight: 1, prizes: [], settings: { dailyChances: 3 } });
    const id = uuid();
    const [a, b, c] = await Promise.all([
      draw(port(), u, campaignId, id),
      draw(port(), u, campaignId, id),
      draw(port(), u, campaignId, id),
    ]);
    expect(b.drawId).toBe(a.drawId);
    expect(c.drawId).toBe(a.drawId);
    expect(await remainingChances(db(), campaignId, u)).toBe(2);
    // Another participant sending the same request id draws for themselves: never the first one's outcome.
    const other = await users.user('Thief');
    const theirs = await draw(port(), other, campaignId, id);
    expect(theirs.drawId).not.toBe(a.drawId);
    expect(await remainingChances(db(), campaignId, u)).toBe(2);
  });

  it("answers a retry of the participant's latest draw after earlier ones, and counts each draw once", async () => {
    const u = await users.user('Again');
    const { campaignId } = await makeCampaign(db(), { noWinWeight: 1, prizes: [], settings: { dailyChances: 5 } });
    const first = await draw(port(), u, campaignId, uuid());
    const id = uuid();
    const second = await draw(port(), u, campaignId, id);
    expect(second.drawId).not.toBe(first.drawId);
    expect(await draw(port(), u, campaignId, id)).toEqual(second);
    const b = await db()
      .selectFrom('lottery_chance_balances')
      .select(['remaining', 'draws'])
      .where('campaign_id', '=', campaignId)
      .where('user_id', '=', u)
      .executeTakeFirstOrThrow();
    expect(b).toEqual({ remaining: 3, draws: 2 });
  });

  it('answers a retry with the first outcome even once the chances are gone', async () => {
    const u = await users.user('Last');
    const { campaignId } = await makeCampaign(db(), { noWinWeight: 1, prizes: [], settings: { dailyChances: 1, premiumDailyChances: 0 } });
    const id = uuid();
    const first = await draw(port(), u, campaignId, id);
    expect(first.remaining).toBe(0);
    expect(await draw(port(), u, campaignId, id)).toEqual(first);
    expect(await codeOf(draw(port(), u, campaignId, uuid()))).toBe(ResultCode.noDraws);
    const draws = await db().selectFrom('lottery_draws').select('id').where('user_id', '=', u).execute();
    expect(draws).toHaveLength(1);
  });

  it('credits beans, premium days and cloud space in the draw; an entity prize waits for its claim', async () => {
    const now = Date.now();
    const cases = [
      { kind: PrizeKind.bean, value: 50 },
      { kind: PrizeKind.vip, value: 7 },
      { kind: PrizeKind.space, value: 20 },
      { kind: PrizeKind.entity, value: 0 },
      { kind: PrizeKind.virtual, value: 0 },
    ];
    for (const p of cases) {
      const u = await users.user(`Winner ${p.kind}`);
      const { campaignId, prizeIds } = await makeCampaign(db(), { now, prizes: [{ ...p, stock: 1, weight: 1 }] });
      const out = await draw(port(), u, campaignId, uuid(), now);
      expect(out).toMatchObject({ result: WinState.win, prizeId: prizeIds[0] });
      const win = await db()
        .selectFrom('lottery_wins')
        .selectAll()
        .where('id', '=', out.winId ?? 0)
        .executeTakeFirstOrThrow();
      expect(win.state).toBe(p.kind === PrizeKind.entity ? 'won' : 'received');
      expect(win.redeem_code).toMatch(/^[A-Z2-9]{12}$/);
      const user = await db()
        .selectFrom('users')
        .select(['premium_until', 'storage_bonus_gb'])
        .where('id', '=', u)
        .executeTakeFirstOrThrow();
      if (p.kind === PrizeKind.bean) expect(await coinBalance(db(), u)).toBe(50);
      if (p.kind === PrizeKind.vip) expect(user.premium_until).toBe(now + 7 * 86_400_000);
      if (p.kind === PrizeKind.space) expect(user.storage_bonus_gb).toBe(20);
    }
  });

  it('respects the per-user cap and falls back to no-win when stock is gone', async () => {
    const u = await users.user('Capped');
    const { campaignId, prizeIds } = await makeCampaign(db(), {
      noWinWeight: 0,
      settings: { dailyChances: 5 },
      prizes: [
        { kind: PrizeKind.virtual, stock: 10, weight: 1, perUserCap: 2 },
        { kind: PrizeKind.entity, stock: 0, weight: 1000 },
      ],
    });
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await draw(port(), u, campaignId, uuid()));
    expect(results.map((r) => r.prizeId)).toEqual([prizeIds[0], prizeIds[0], null, null, null]);
  });

  it('never oversells: many users drawing at once on a small stock, from several instances', async () => {
    // On PostgreSQL three pools stand for three server instances; SQLite has one connection.
    const pools =
      engine === 'postgres'
        ? [
            t.db,
            openDatabase({ dialect: 'postgres', url: t.url }, { poolSize: 15 }),
            openDatabase({ dialect: 'postgres', url: t.url }, { poolSize: 15 }),
          ]
        : [t.db];
    for (const p of pools) if (p !== t.db) extra.push(p);
    const stock = 7;
    const { campaignId, prizeIds } = await makeCampaign(db(), {
      noWinWeight: 1,
      settings: { dailyChances: 1 },
      prizes: [{ kind: PrizeKind.entity, stock, weight: 3 }],
    });
    const fans = await Promise.all(Array.from({ length: 120 }, (_, i) => users.user(`Crowd ${i}`)));
    // 240 draws at once: each fan taps twice; one draw spends the day's chance, the other finds none.
    const attempts = fans.flatMap((u, i) =>
      Array.from({ length: 2 }, (_, k) =>
        draw(pools[(i + k) % pools.length] as Db, u, campaignId, uuid()).then(
          (o) => ({ ok: true as const, o }),
          (e: { code?: number; message?: string }) => ({ ok: false as const, code: e.code, message: e.message }),
        ),
      ),
    );
    const out = await Promise.all(attempts);
    const failures = out.filter((r) => !r.ok);
    expect(failures.filter((f) => f.code !== ResultCode.noDraws)).toEqual([]);
    const wins = out.filter((r) => r.ok && r.o.result === WinState.win);
    const prize = await db()
      .selectFrom('lottery_prizes')
      .select('stock')
      .where('id', '=', prizeIds[0] ?? 0)
      .executeTakeFirstOrThrow();
    const winRows = await db().selectFrom('lottery_wins').select('id').where('campaign_id', '=', campaignId).execute();
    const drawRows = await db().selectFrom('lottery_draws').select('id').where('campaign_id', '=', campaignId).execute();
    const left = await db().selectFrom('lottery_chance_balances').select('remaining').where('campaign_id', '=', campaignId).execute();
    expect(prize.stock).toBe(0);
    expect(wins).toHaveLength(stock);
    expect(winRows).toHaveLength(stock);
    // Every chance granted was spent by exactly one recorded draw; none went below zero.
    expect(drawRows).toHaveLength(120);
    expect(left.every((l) => l.remaining === 0)).toBe(true);
    expect(failures).toHaveLength(120);
  });

  it('replacing prizes while draws run never leaves a win without its prize', async () => {
    const pools = engine === 'postgres' ? [t.db, openDatabase({ dialect: 'postgres', url: t.url }, { poolSize: 10 })] : [t.db];
    for (const p of pools) if (p !== t.db) extra.push(p);
    const { campaignId } = await makeCampaign(db(), {
      noWinWeight: 0,
      settings: { dailyChances: 1 },
      prizes: [{ kind: PrizeKind.virtual, stock: 100, weight: 1 }],
    });
    const fans = await Promise.all(Array.from({ length: 30 }, (_, i) => users.user(`Racer ${i}`)));
    const texts = { en: 'New', 'zh-CN': 'New', 'zh-TW': 'New', fr: 'New' };
    const replace = updateCampaign(
      pools[1] ?? t.db,
      { id: campaignId, prizes: [{ kind: PrizeKind.virtual, name: texts, imageUrl: '', stock: 5, weight: 1, perUserCap: null, value: 0 }] },
      Date.now(),
    ).then(
      () => 'replaced',
      (e: { code?: number }) => e.code,
    );
    const draws = fans.map((u) => draw(port(), u, campaignId, uuid()).catch((e: { code?: number }) => e.code));
    const [outcome] = await Promise.all([replace, ...draws]);
    // Either the prizes were replaced before any draw (refused after one), never halfway.
    expect(['replaced', ResultCode.parameter]).toContain(outcome);
    const orphans = await db()
      .selectFrom('lottery_wins')
      .leftJoin('lottery_prizes', 'lottery_prizes.id', 'lottery_wins.prize_id')
      .select('lottery_wins.id')
      .where('lottery_wins.campaign_id', '=', campaignId)
      .where('lottery_prizes.id', 'is', null)
      .execute();
    expect(orphans).toEqual([]);
  });

  it('coins: a debit never takes the balance below zero, a business key moves coins once', async () => {
    const u = await users.user('Coins');
    const now = Date.now();
    expect(await moveCoins(db(), { userId: u, delta: 100, reason: 'admin', key: `k-${u}-1` }, now)).toBe(true);
    expect(await moveCoins(db(), { userId: u, delta: 100, reason: 'admin', key: `k-${u}-1` }, now)).toBe(false);
    const spends = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        port().transaction((trx) => moveCoins(trx, { userId: u, delta: -30, reason: 'exchange', key: `k-${u}-spend-${i}` }, now)),
      ),
    );
    expect(spends.filter(Boolean)).toHaveLength(3);
    expect(await coinBalance(db(), u)).toBe(10);
    const { campaignId } = await makeCampaign(db(), { prizes: [] });
    expect(await grantChances(db(), { campaignId, userId: u, amount: 2, reason: 'share', key: 'share:x' }, now)).toBe(true);
    expect(await grantChances(db(), { campaignId, userId: u, amount: 2, reason: 'share', key: 'share:x' }, now)).toBe(false);
    expect(await remainingChances(db(), campaignId, u)).toBe(2);
  });
});
