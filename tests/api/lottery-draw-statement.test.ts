import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coinBalance } from '../../src/server/campaigns/ledger';
import { type Db, openDatabase } from '../../src/server/db/database';
import type { Prepared } from '../../src/server/db/prepared';
import { draw } from '../../src/server/lottery/draw';
import { drawStatement } from '../../src/server/lottery/draw-statement';
import { PrizeKind, WinState } from '../../src/shared/enums';
import { ResultCode } from '../../src/shared/errors';
import { createTestDb, ENGINES, type TestDb } from '../helpers/app';
import { contentRows } from '../helpers/content';
import { makeCampaign } from '../helpers/lottery';

const uuid = () => crypto.randomUUID();

// A participant's draws after the first of the day (their chances granted) are one statement on
// an engine with writable CTEs: the same outcomes, credits, retries and stock guard as the
// draw's transaction, which SQLite keeps.
describe.each(ENGINES)('draws as one statement on %s', (engine) => {
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

  /** The test database's port, counting the runs of each prepared query. */
  function counting(port: Db) {
    const runs = new Map<Prepared<never, unknown>, number>();
    const counted: Db = {
      ...port,
      run: (query, on, values) => {
        runs.set(query as Prepared<never, unknown>, (runs.get(query as Prepared<never, unknown>) ?? 0) + 1);
        return port.run(query, on, values);
      },
    };
    return { db: counted, statements: () => runs.get(drawStatement as Prepared<never, unknown>) ?? 0 };
  }
  const another = () => {
    const d = openDatabase({ dialect: 'postgres', url: t.url }, { poolSize: 10 });
    extra.push(d);
    return d;
  };

  it('credits each kind of prize and records the win like the transaction does', async () => {
    const now = Date.now();
    for (const p of [
      { kind: PrizeKind.bean, value: 30 },
      { kind: PrizeKind.space, value: 4 },
      { kind: PrizeKind.entity, value: 0 },
      { kind: PrizeKind.virtual, value: 0 },
    ]) {
      const u = await users.user(`Statement winner ${p.kind}`);
      const { campaignId, prizeIds } = await makeCampaign(db(), {
        now,
        settings: { dailyChances: 3 },
        prizes: [{ ...p, stock: 2, weight: 1 }],
      });
      const c = counting(t.db);
      const first = await draw(c.db, u, campaignId, uuid(), now);
      expect(c.statements()).toBe(0);
      const second = await draw(c.db, u, campaignId, uuid(), now);
      expect(c.statements()).toBe(engine === 'postgres' ? 1 : 0);
      for (const out of [first, second]) expect(out).toMatchObject({ result: WinState.win, prizeId: prizeIds[0] });
      expect(second.remaining).toBe(1);
      const win = await db()
        .selectFrom('lottery_wins')
        .selectAll()
        .where('id', '=', second.winId ?? 0)
        .executeTakeFirstOrThrow();
      expect(win).toMatchObject({
        draw_id: second.drawId,
        user_id: u,
        prize_id: prizeIds[0],
        state: p.kind === PrizeKind.entity ? 'won' : 'received',
      });
      expect(win.redeem_code).toMatch(/^[A-Z2-9]{12}$/);
      const user = await db().selectFrom('users').select('storage_bonus_gb').where('id', '=', u).executeTakeFirstOrThrow();
      expect(await coinBalance(db(), u)).toBe(p.kind === PrizeKind.bean ? 60 : 0);
      expect(user.storage_bonus_gb).toBe(p.kind === PrizeKind.space ? 8 : 0);
      // Stock gone: the third draw is a no-win, whatever the kept list of prizes still says.
      const third = await draw(c.db, u, campaignId, uuid(), now);
      expect(third).toMatchObject({ result: WinState.nowin, prizeId: null, winId: null, remaining: 0 });
      await expect(draw(c.db, u, campaignId, uuid(), now)).rejects.toMatchObject({ code: ResultCode.noDraws });
    }
  });

  it('answers concurrent and later retries of one request id with its first outcome, drawing once', async () => {
    const u = await users.user('Statement retrier');
    const now = Date.now();
    const { campaignId } = await makeCampaign(db(), { now, noWinWeight: 1, settings: { dailyChances: 5 }, prizes: [] });
    await draw(t.db, u, campaignId, uuid(), now);
    const instances = engine === 'postgres' ? [t.db, another()] : [t.db];
    const id = uuid();
    const outs = await Promise.all(
      Array.from({ length: 10 }, (_, i) => draw(instances[i % instances.length] as Db, u, campaignId, id, now)),
    );
    expect(new Set(outs.map((o) => JSON.stringify(o))).size).toBe(1);
    expect(outs[0]).toMatchObject({ result: WinState.nowin, remaining: 3 });
    await draw(t.db, u, campaignId, uuid(), now);
    expect(await draw(t.db, u, campaignId, id, now)).toEqual(outs[0]);
    const draws = await db().selectFrom('lottery_draws').select('id').where('campaign_id', '=', campaignId).execute();
    expect(draws).toHaveLength(3);
  });

  it('never oversells: participants with their chances granted drawing at once on a small stock, from two instances', async () => {
    const stock = 9;
    const { campaignId, prizeIds } = await makeCampaign(db(), {
      noWinWeight: 1,
      settings: { dailyChances: 4 },
      prizes: [{ kind: PrizeKind.bean, value: 1, stock: 0, weight: 4 }],
    });
    const instances = engine === 'postgres' ? [t.db, another()] : [t.db];
    const fans = await Promise.all(Array.from({ length: 40 }, (_, i) => users.user(`Statement crowd ${i}`)));
    const at = (i: number) => instances[i % instances.length] as Db;
    // The first draw of each fan grants the day's chances (the transaction), with no stock yet;
    // then the stock arrives, and the other three draws and a fifth with none left run at once.
    await Promise.all(fans.map((u, i) => draw(at(i), u, campaignId, uuid())));
    await db()
      .updateTable('lottery_prizes')
      .set({ stock })
      .where('id', '=', prizeIds[0] ?? 0)
      .execute();
    for (const d of instances) d.caches.changed('campaign', campaignId);
    const out = await Promise.all(
      fans.flatMap((u, i) =>
        Array.from({ length: 4 }, () =>
          draw(at(i), u, campaignId, uuid()).then(
            (o) => ({ ok: true as const, o }),
            (e: { code?: number }) => ({ ok: false as const, code: e.code }),
          ),
        ),
      ),
    );
    expect(out.filter((r) => !r.ok).map((r) => (r.ok ? 0 : r.code))).toEqual(fans.map(() => ResultCode.noDraws));
    const prize = await db()
      .selectFrom('lottery_prizes')
      .select('stock')
      .where('id', '=', prizeIds[0] ?? 0)
      .executeTakeFirstOrThrow();
    const wins = await db().selectFrom('lottery_wins').select('user_id').where('campaign_id', '=', campaignId).execute();
    const draws = await db().selectFrom('lottery_draws').select(['prize_id']).where('campaign_id', '=', campaignId).execute();
    const coins = await db().selectFrom('coin_ledger').select('id').where('reason', '=', 'prize').where('user_id', 'in', fans).execute();
    expect(prize.stock).toBe(0);
    expect(wins).toHaveLength(stock);
    expect(coins).toHaveLength(stock);
    expect(draws).toHaveLength(fans.length * 4);
    expect(draws.filter((d) => d.prize_id !== null)).toHaveLength(stock);
  });
});
