import { randomUUID as uuid } from 'node:crypto';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaigns } from '../../src/server/campaign-kinds';
import { updateCampaign } from '../../src/server/campaigns/admin';
import { campaignOr404 } from '../../src/server/campaigns/campaign';
import { coinBalance, moveCoins, remainingChances } from '../../src/server/campaigns/ledger';
import { claimPrize, writeOff } from '../../src/server/campaigns/wins';
import { checkIn } from '../../src/server/checkin/service';
import { forgetCollections, runningCollections } from '../../src/server/collection/running';
import { type Db, openDatabase } from '../../src/server/db/database';
import { generateCodes, redeemGiftCode } from '../../src/server/giftpack/service';
import { exchangeChance } from '../../src/server/lottery/actions';
import { draw } from '../../src/server/lottery/draw';
import { wheelWith } from '../../src/server/lottery/views';
import { PrizeKind, WinState } from '../../src/shared/enums';
import { ResultCode } from '../../src/shared/errors';
import { createTestDb, ENGINES, type TestDb } from '../helpers/app';
import { contentRows } from '../helpers/content';
import { makeCampaign } from '../helpers/lottery';

/** What the data layer promises every domain: answers after commits, keyed calls once, faults survived. */
describe.each(ENGINES)('the data layer on %s', (engine) => {
  let t: TestDb;
  let users: ReturnType<typeof contentRows>;
  const others: Db[] = [];
  beforeAll(async () => {
    t = await createTestDb(engine);
    users = contentRows(t.db);
    // The campaign kinds hear the core's hooks (a collection drops its kept list on an edit) as in the app.
    createCampaigns(t.db);
    // On PostgreSQL, two more pools stand for two more server instances.
    if (engine === 'postgres') for (let i = 0; i < 2; i++) others.push(openDatabase({ dialect: 'postgres', url: t.url }, { poolSize: 10 }));
  });
  afterAll(async () => {
    for (const d of others) await d.close();
    await t.drop();
  });
  const instances = () => [t.db, ...others];

  it('answers a write with RETURNING only once it is committed, also while a transaction is running', async () => {
    const u = await users.user('Writer');
    // A transaction that is still running when the plain write is made.
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    const running = t.db.transaction(async (trx) => {
      await trx.updateTable('users').set({ introduction: 'in a transaction' }).where('id', '=', u).execute();
      await held;
    });
    const written = t.db.kysely
      .insertInto('seed_runs')
      .values({ name: `returning-${u}`, applied_at: Date.now() })
      .returning('name')
      .executeTakeFirstOrThrow();
    release();
    await running;
    const row = await written;
    // Another connection sees the row as soon as the write was answered: it was committed.
    expect(await seenElsewhere(row.name)).toBe(true);
  });

  async function seenElsewhere(name: string): Promise<boolean> {
    if (engine === 'sqlite') {
      const other = new SQLite(t.url.replace(/^file:/, ''), { readonly: true });
      try {
        return other.prepare('select 1 from seed_runs where name = ?').get(name) !== undefined;
      } finally {
        other.close();
      }
    }
    const client = new pg.Client({ connectionString: t.url });
    await client.connect();
    try {
      return (await client.query('select 1 from seed_runs where name = $1', [name])).rowCount === 1;
    } finally {
      await client.end();
    }
  }

  it('answers any earlier request id of a draw with its first outcome, spending nothing', async () => {
    const u = await users.user('Retrier');
    const { campaignId } = await makeCampaign(t.db.kysely, { noWinWeight: 1, prizes: [], settings: { dailyChances: 5 } });
    const ids = [uuid(), uuid(), uuid()];
    const first = await Promise.all(ids.map((id) => draw(t.db, u, campaignId, id)).map((p) => p));
    const before = await remainingChances(t.db.kysely, campaignId, u);
    // The first of three is retried after the others, then all of them at once on every instance.
    const again = await draw(t.db, u, campaignId, ids[0] as string);
    expect(again).toEqual(first[0]);
    const all = await Promise.all(instances().flatMap((d) => ids.map((id) => draw(d, u, campaignId, id))));
    expect(all).toEqual(instances().flatMap(() => first));
    expect(await remainingChances(t.db.kysely, campaignId, u)).toBe(before);
    const draws = await t.db.kysely.selectFrom('lottery_draws').select('id').where('user_id', '=', u).execute();
    expect(draws).toHaveLength(3);
  });

  it('exchanges once for ten concurrent calls with one request id, and tells every caller it was made', async () => {
    const u = await users.user('Double tapper');
    const { campaignId } = await makeCampaign(t.db.kysely, {
      noWinWeight: 1,
      prizes: [],
      settings: { dailyChances: 0, campaignChances: 0, exchangeCost: 100 },
    });
    await t.db.transaction((trx) => moveCoins(trx, { userId: u, delta: 250, reason: 'test', key: `test:${u}` }, Date.now()));
    const c = await campaignOr404(t.db, campaignId, 'raffle');
    if (!c) throw new Error('no campaign');
    const id = uuid();
    const answers = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => exchangeChance(instances()[i % instances().length] as Db, c, u, id)),
    );
    const refused = answers.filter((a) => a.status === 'rejected');
    expect(refused).toEqual([]);
    const values = answers.map((a) => (a as PromiseFulfilledResult<unknown>).value);
    for (const v of values) expect(v).toEqual({ remaining: 1, coins: 150 });
    expect(await coinBalance(t.db.kysely, u)).toBe(150);
    expect(await remainingChances(t.db.kysely, campaignId, u)).toBe(1);
    // A new request id is a new exchange; one more finds too few coins.
    await exchangeChance(t.db, c, u, uuid());
    await expect(exchangeChance(t.db, c, u, uuid())).rejects.toMatchObject({ code: ResultCode.insufficientCoins });
    expect(await coinBalance(t.db.kysely, u)).toBe(50);
  });

  it('refuses a draw as soon as an operator ends the campaign (the writer drops the cached campaign)', async () => {
    const u = await users.user('Late');
    const { campaignId } = await makeCampaign(t.db.kysely, { noWinWeight: 1, prizes: [], settings: { dailyChances: 5 } });
    await draw(t.db, u, campaignId, uuid());
    await updateCampaign(t.db, { id: campaignId, endsAt: Date.now() - 1 }, Date.now());
    await expect(draw(t.db, u, campaignId, uuid())).rejects.toMatchObject({ code: ResultCode.drawEnded });
  });

  it("answers a draw's prize from a wheel that has it, even when the kept wheel is older than the prize", async () => {
    const { campaignId } = await makeCampaign(t.db.kysely, { noWinWeight: 1, prizes: [] });
    const c = await campaignOr404(t.db, campaignId, 'raffle');
    if (!c) throw new Error('no campaign');
    expect((await wheelWith(t.db, c, null)).prizes).toEqual([]);
    // A prize added behind this instance's back (another instance's edit): the kept wheel lacks it.
    const p = await t.db.kysely
      .insertInto('lottery_prizes')
      .values({
        campaign_id: campaignId,
        kind: 2,
        name: JSON.stringify({ en: 'Late' }),
        created_at: Date.now(),
        value: 0,
        stock: 1,
        weight: 1,
        position: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await wheelWith(t.db, c, p.id)).prizes.map((x) => x.id)).toEqual([p.id]);
  });

  it('offers a prize again as soon as an operator restocks it (the edit drops the kept prizes in stock)', async () => {
    const u = await users.user('Restocked');
    const { campaignId, prizeIds } = await makeCampaign(t.db.kysely, {
      noWinWeight: 0,
      prizes: [{ kind: PrizeKind.virtual, stock: 1, weight: 1 }],
      settings: { dailyChances: 5 },
    });
    expect((await draw(t.db, u, campaignId, uuid())).result).toBe(WinState.win);
    expect((await draw(t.db, u, campaignId, uuid())).result).toBe(WinState.nowin);
    await updateCampaign(t.db, { id: campaignId, prizeChanges: [{ id: prizeIds[0] as number, stock: 1 }] }, Date.now());
    expect((await draw(t.db, u, campaignId, uuid())).result).toBe(WinState.win);
  });

  it('stops dealing cards of a collection as soon as an operator ends it (the edit drops the kept list)', async () => {
    const now = Date.now();
    const names = { en: 'Card', 'zh-CN': '卡', 'zh-TW': '卡', fr: 'Carte' };
    const { campaignId } = await makeCampaign(t.db.kysely, {
      kind: 'collection',
      prizes: [{ kind: PrizeKind.virtual, stock: 5, weight: 1 }],
      settings: {
        collectionCards: [
          { key: 'one', name: names, weight: 1 },
          { key: 'two', name: names, weight: 1 },
        ],
      },
    });
    // Written straight to the database: this instance is told, as the admin calls do.
    forgetCollections(t.db);
    const mine = async () => (await runningCollections(t.db, t.db.kysely, now)).some((c) => c.id === campaignId);
    expect(await mine()).toBe(true);
    await updateCampaign(t.db, { id: campaignId, endsAt: now - 1 }, now);
    expect(await mine()).toBe(false);
  });

  it("grants a premium member's daily extra right after premium is won (the win drops the owed-chances check)", async () => {
    const u = await users.user('Newly premium');
    const { campaignId } = await makeCampaign(t.db.kysely, {
      noWinWeight: 0,
      prizes: [{ kind: PrizeKind.vip, stock: 1, weight: 1, value: 30 }],
      settings: { dailyChances: 2, premiumDailyChances: 3 },
    });
    const first = await draw(t.db, u, campaignId, uuid());
    expect(first).toMatchObject({ result: WinState.win, remaining: 1 });
    // The next draw is owed today's premium extra (3) before it spends one.
    expect((await draw(t.db, u, campaignId, uuid())).remaining).toBe(3);
  });

  it('answers a retried claim, write-off, gift code and check-in with what the first request got', async () => {
    const u = await users.user('Claimant');
    const staff = await users.user('Staff');
    const now = Date.now();
    const { campaignId } = await makeCampaign(t.db.kysely, {
      noWinWeight: 0,
      prizes: [{ kind: PrizeKind.entity, stock: 1, weight: 1 }],
      settings: { dailyChances: 1 },
    });
    const won = await draw(t.db, u, campaignId, uuid());
    const win = await t.db.kysely
      .selectFrom('lottery_wins')
      .select('redeem_code')
      .where('id', '=', Number(won.winId))
      .executeTakeFirstOrThrow();
    const address = {
      fullName: 'Lin Wei',
      phone: '+86 138 0013 8000',
      country: 'China',
      province: 'Guangdong',
      city: 'Shenzhen',
      street: 'Keji Rd',
      detail: '1',
      postCode: '518057',
      email: '',
      taxId: '',
      remark: '',
    };
    const claim = uuid();
    const claimed = await claimPrize(t.db, u, win.redeem_code, address, now, claim);
    expect(await claimPrize(t.db, u, win.redeem_code, address, now, claim)).toBe(claimed);
    await expect(claimPrize(t.db, u, win.redeem_code, address, now, uuid())).rejects.toThrow();
    const off = uuid();
    const done = await writeOff(t.db, staff, campaignId, win.redeem_code, now, off);
    expect(await writeOff(t.db, staff, campaignId, win.redeem_code, now, off)).toEqual(done);
    await expect(writeOff(t.db, staff, campaignId, win.redeem_code, now, uuid())).rejects.toMatchObject({ code: ResultCode.codeError });

    const gift = await makeCampaign(t.db.kysely, { kind: 'giftcode', prizes: [{ kind: PrizeKind.virtual, stock: 5, weight: 1 }] });
    const { codes } = await generateCodes(t.db, {
      campaignId: gift.campaignId,
      prizeId: gift.prizeIds[0] as number,
      count: 1,
      expiresAt: now + 86_400_000,
    });
    const redeem = uuid();
    const first = await redeemGiftCode(t.db, u, codes[0] as string, 'en', now, redeem);
    expect(await redeemGiftCode(t.db, u, codes[0] as string, 'en', now, redeem)).toEqual(first);
    await expect(redeemGiftCode(t.db, u, codes[0] as string, 'en', now, uuid())).rejects.toMatchObject({ code: ResultCode.codeError });

    const checkin = await makeCampaign(t.db.kysely, { kind: 'checkin', prizes: [], settings: { checkinRewards: [1, 2, 3, 4, 5, 6, 7] } });
    const c = await campaignOr404(t.db, checkin.campaignId, 'checkin');
    if (!c) throw new Error('no campaign');
    const day = uuid();
    const checked = await checkIn(t.db, c, u, 'UTC', now, day);
    expect(checked.checkedIn).toBe(true);
    expect(await checkIn(t.db, c, u, 'UTC', now, day)).toEqual(checked);
    expect((await checkIn(t.db, c, u, 'UTC', now, uuid())).checkedIn).toBe(false);
  });

  it.skipIf(engine !== 'postgres')('retries a keyed transaction whose connection was killed, and survives the client error', async () => {
    const u = await users.user('Survivor');
    const { campaignId } = await makeCampaign(t.db.kysely, { noWinWeight: 1, prizes: [], settings: { dailyChances: 5 } });
    const faults: Error[] = [];
    const d = openDatabase({ dialect: 'postgres', url: t.url }, { poolSize: 2, onFault: (err) => faults.push(err) });
    try {
      let killed = false;
      const outcome = await d.transaction(
        async (trx) => {
          const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
          if (!killed) {
            killed = true;
            await sql`select pg_terminate_backend(${rows[0]?.pid})`.execute(t.db.kysely);
            // The connection is gone: this attempt fails here, before it has done anything.
            await sql`select 1`.execute(trx);
          }
          return (await draw(t.db, u, campaignId, uuid())).remaining;
        },
        { idempotent: true },
      );
      expect(outcome).toBe(4);
      expect(faults.length).toBeGreaterThan(0);
      // Not idempotent: the fault reaches the caller (answered "network error"), the process lives on.
      await expect(
        d.transaction(async (trx) => {
          const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
          await sql`select pg_terminate_backend(${rows[0]?.pid})`.execute(t.db.kysely);
          await sql`select 1`.execute(trx);
        }),
      ).rejects.toThrow();
      expect(await d.ping()).toBe(true);
    } finally {
      await d.close();
    }
  });
});
