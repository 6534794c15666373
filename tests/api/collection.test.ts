import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { campaignOr404 } from '../../src/server/campaigns/campaign';
import { coinBalance } from '../../src/server/campaigns/ledger';
import type { CollectionCard } from '../../src/server/campaigns/settings';
import { checkinDemoSeed } from '../../src/server/checkin/seed';
import { checkIn } from '../../src/server/checkin/service';
import { forgetCollections } from '../../src/server/collection/running';
import { collectionDemoSeed } from '../../src/server/collection/seed';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import { runSeeds } from '../../src/server/db/seed/seed';
import { acceptInvite } from '../../src/server/invite/invites';
import { inviteDemoSeed } from '../../src/server/invite/seed';
import { draw } from '../../src/server/lottery/draw';
import { lotteryDemoSeed } from '../../src/server/lottery/seed';
import { ResultCode } from '../../src/shared/errors';
import { api } from '../helpers/accounts';
import { createTestDb, ENGINES } from '../helpers/app';
import { makeCampaign } from '../helpers/lottery';
import { appSuite } from '../helpers/suite';

/** Collection campaigns: cards from check-ins, draws and invites; a set exchanged once. */
const V2 = '/api/cxy/v2';
const DAY = 86_400_000;
const names = (en: string, cn: string) => ({ en, 'zh-CN': cn, 'zh-TW': cn, fr: `${en} (fr)` });
const CARDS: CollectionCard[] = [
  { key: 'nozzle', name: names('Nozzle', '喷嘴'), weight: 1 },
  { key: 'hotbed', name: names('Hotbed', '热床'), weight: 1 },
  { key: 'extruder', name: names('Extruder', '挤出机'), weight: 1 },
];
const KEYS = CARDS.map((c) => c.key);
const BEANS = 500;

describe.each(ENGINES)('collection campaigns on %s', (engine) => {
  const suite = appSuite(engine);
  const db = () => suite.t.db.kysely;
  const port = () => suite.t.db;

  /** A caller of the collection calls (signed out without a cookie), in a language. */
  const as = (cookie?: string, app = suite.t.app, lang = '0') => {
    const c = api(app);
    const h = () => ({ __cxy_os_lang_: lang, ...(cookie ? { cookie } : {}) });
    return {
      status: (id: unknown) => c.get(`${V2}/collection/status?activityId=${encodeURIComponent(String(id))}`, h()).then((r) => r.json()),
      exchange: (body: unknown) => c.post(`${V2}/collection/exchange`, body, h()).then((r) => r.json()),
    };
  };
  const member = async (name: string) => {
    const id = await suite.rows.user(name);
    return { id, cookie: (await suite.rows.signIn(id)).cookie };
  };
  /** A collection campaign of the three cards whose set is worth a bean prize. */
  const collection = async (over: { startsAt?: number; endsAt?: number; stock?: number } = {}) => {
    const now = Date.now();
    const { campaignId, prizeIds } = await makeCampaign(db(), {
      kind: 'collection',
      startsAt: over.startsAt ?? now - DAY,
      endsAt: over.endsAt ?? now + 30 * DAY,
      settings: { collectionCards: CARDS },
      prizes: [{ kind: 3, stock: over.stock ?? 10, weight: 1, value: BEANS }],
    });
    // Written straight to the database: this process must look again (the admin calls do this).
    forgetCollections(port());
    return { id: campaignId, prizeId: prizeIds[0] as number };
  };
  const cardsOf = (campaignId: number, userId: number) =>
    db()
      .selectFrom('collection_cards')
      .select(['card_key', 'source_key', 'exchange_id'])
      .where('campaign_id', '=', campaignId)
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  /** Cards given straight to the database (the earning paths have their own test). */
  const giveCards = async (campaignId: number, userId: number, keys: string[]) => {
    for (const key of keys)
      await db()
        .insertInto('collection_cards')
        .values({ campaign_id: campaignId, user_id: userId, card_key: key, source_key: `test:${crypto.randomUUID()}`, created_at: 1 })
        .execute();
  };
  const stockOf = async (prizeId: number) =>
    (await db().selectFrom('lottery_prizes').select('stock').where('id', '=', prizeId).executeTakeFirstOrThrow()).stock;
  /** Everything an exchange writes, for one member and campaign. */
  const written = async (campaignId: number, userId: number) => ({
    exchanges: await db()
      .selectFrom('collection_exchanges')
      .select(['id', 'win_id'])
      .where('campaign_id', '=', campaignId)
      .where('user_id', '=', userId)
      .execute(),
    wins: await db()
      .selectFrom('lottery_wins')
      .select(['id', 'prize_id'])
      .where('campaign_id', '=', campaignId)
      .where('user_id', '=', userId)
      .execute(),
    draws: await db()
      .selectFrom('lottery_draws')
      .select('id')
      .where('campaign_id', '=', campaignId)
      .where('user_id', '=', userId)
      .execute(),
    spent: (await cardsOf(campaignId, userId)).filter((c) => c.exchange_id !== null).length,
    coins: await coinBalance(db(), userId),
  });

  it('gives one card per check-in, draw and invited friend, and none for a retried event', async () => {
    const col = await collection();
    const now = Date.now();
    const { campaignId: checkinId } = await makeCampaign(db(), { kind: 'checkin', prizes: [] });
    const checkinC = await campaignOr404(port(), checkinId, 'checkin');
    const { campaignId: raffleId } = await makeCampaign(db(), { noWinWeight: 1, settings: { dailyChances: 2 }, prizes: [] });
    const raffle = await campaignOr404(port(), raffleId, 'raffle');
    if (!checkinC || !raffle) throw new Error('no campaign');
    const u = await member('Collector');

    expect(await checkIn(port(), checkinC, u.id, 'UTC', now)).toMatchObject({ checkedIn: true });
    expect(await checkIn(port(), checkinC, u.id, 'UTC', now + 1000)).toMatchObject({ checkedIn: false });
    const day = new Date(now).toISOString().slice(0, 10);
    expect((await cardsOf(col.id, u.id)).map((c) => c.source_key)).toEqual([`checkin:${checkinId}:${day}`]);

    const requestId = crypto.randomUUID();
    const first = await draw(port(), u.id, raffle, requestId, now);
    // The same request id again: the same draw answered, no second card.
    expect(await draw(port(), u.id, raffle, requestId, now + 1000)).toMatchObject({ drawId: first.drawId });
    const friend = await suite.rows.user('Friend');
    expect(await acceptInvite(port(), raffle, { inviteeId: friend, inviterId: u.id, deviceId: crypto.randomUUID() }, now)).toEqual({
      bound: true,
    });
    const invite = await db().selectFrom('lottery_invites').select('id').where('invitee_id', '=', friend).executeTakeFirstOrThrow();
    // Accepting again binds nothing and gives nothing.
    expect((await acceptInvite(port(), raffle, { inviteeId: friend, inviterId: u.id, deviceId: crypto.randomUUID() }, now)).bound).toBe(
      false,
    );

    const cards = await cardsOf(col.id, u.id);
    expect(cards.map((c) => c.source_key)).toEqual([`checkin:${checkinId}:${day}`, `draw:${first.drawId}`, `invite:${invite.id}`]);
    for (const c of cards) expect(KEYS).toContain(c.card_key);
    expect(await cardsOf(col.id, friend)).toEqual([]);
    // The signed-in status counts them.
    const s = await as(u.cookie).status(col.id);
    expect(s.code).toBe(0);
    expect(s.result.cards.reduce((n: number, c: { count: number }) => n + c.count, 0)).toBe(3);
    expect(s.result.earn).toMatchObject({ checkin: String(checkinId), raffle: String(raffleId) });
  });

  it('gives no card before a collection starts or after it ends', async () => {
    const now = Date.now();
    const soon = await collection({ startsAt: now + 2 * DAY, endsAt: now + 4 * DAY });
    const { campaignId: checkinId } = await makeCampaign(db(), {
      kind: 'checkin',
      startsAt: now - DAY,
      endsAt: now + 10 * DAY,
      prizes: [],
    });
    const c = await campaignOr404(port(), checkinId, 'checkin');
    if (!c) throw new Error('no campaign');
    const u = await member('Early');
    await checkIn(port(), c, u.id, 'UTC', now);
    expect(await cardsOf(soon.id, u.id)).toHaveLength(0);
    await checkIn(port(), c, u.id, 'UTC', now + 3 * DAY);
    expect(await cardsOf(soon.id, u.id)).toHaveLength(1);
    await checkIn(port(), c, u.id, 'UTC', now + 5 * DAY);
    expect(await cardsOf(soon.id, u.id)).toHaveLength(1);
  });

  it('refuses an incomplete set, exchanges a complete one once, and keeps the duplicates', async () => {
    const col = await collection();
    const u = await member('Exchanger');
    const me = as(u.cookie);
    await giveCards(col.id, u.id, ['nozzle', 'nozzle', 'hotbed']);
    expect((await me.exchange({ activityId: col.id })).code).toBe(ResultCode.collectionIncomplete);
    expect(await written(col.id, u.id)).toEqual({ exchanges: [], wins: [], draws: [], spent: 0, coins: 0 });
    expect(await stockOf(col.prizeId)).toBe(10);

    await giveCards(col.id, u.id, ['extruder']);
    const done = await me.exchange({ activityId: String(col.id) });
    expect(done.code, JSON.stringify(done)).toBe(0);
    const w = await written(col.id, u.id);
    expect(w.exchanges).toHaveLength(1);
    expect(w.wins).toEqual([{ id: expect.any(Number), prize_id: col.prizeId }]);
    expect(w.exchanges[0]?.win_id).toBe(w.wins[0]?.id);
    expect(done.result.exchange).toEqual({ winId: String(w.wins[0]?.id), createdAt: expect.any(Number) });
    expect(w.spent).toBe(3);
    expect(w.coins).toBe(BEANS);
    expect(await stockOf(col.prizeId)).toBe(9);
    // One card of each kind went into the exchange; the second nozzle stays.
    const spent = (await cardsOf(col.id, u.id)).filter((c) => c.exchange_id === w.exchanges[0]?.id);
    expect(spent.map((c) => c.card_key).sort()).toEqual([...KEYS].sort());
    expect(done.result.cards.map((c: { key: string; count: number }) => [c.key, c.count])).toEqual([
      ['nozzle', 1],
      ['hotbed', 0],
      ['extruder', 0],
    ]);

    // A second complete set is not exchanged: once per member and campaign.
    await giveCards(col.id, u.id, ['hotbed', 'extruder']);
    expect((await me.exchange({ activityId: col.id })).code).toBe(ResultCode.collectionExchanged);
    expect(await written(col.id, u.id)).toEqual(w);
    expect(await stockOf(col.prizeId)).toBe(9);
    expect((await me.status(col.id)).result.exchange).toEqual(done.result.exchange);
  });

  it('20 concurrent exchanges by one member, on two app instances, give exactly one prize', async () => {
    const col = await collection({ stock: 5 });
    const u = await member('Hammer');
    await giveCards(col.id, u.id, [...KEYS, ...KEYS]);
    const otherDb = engine === 'postgres' ? openDatabase({ dialect: 'postgres', url: suite.t.url }, { poolSize: 10 }) : suite.t.db;
    const other = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: suite.t.url }), { db: otherDb });
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => as(u.cookie, i % 2 ? other : suite.t.app).exchange({ activityId: col.id })),
      );
      const codes = answers.map((a) => a.code);
      expect(codes.filter((c) => c === 0)).toHaveLength(1);
      expect(codes.filter((c) => c !== 0).every((c) => c === ResultCode.collectionExchanged)).toBe(true);
      const w = await written(col.id, u.id);
      expect(w.exchanges).toHaveLength(1);
      expect(w.wins).toHaveLength(1);
      expect(w.spent).toBe(KEYS.length);
      expect(w.coins).toBe(BEANS);
      expect(await stockOf(col.prizeId)).toBe(4);
    } finally {
      await other.close();
      if (otherDb !== suite.t.db) await otherDb.close();
    }
  });

  it('refuses when the prize has run out or the collection is closed, writing nothing', async () => {
    const empty = await collection({ stock: 0 });
    const now = Date.now();
    const ended = await collection({ startsAt: now - 3 * DAY, endsAt: now - DAY });
    const u = await member('Late');
    const me = as(u.cookie);
    await giveCards(empty.id, u.id, KEYS);
    await giveCards(ended.id, u.id, KEYS);
    expect((await me.exchange({ activityId: empty.id })).code).toBe(ResultCode.collectionOutOfStock);
    expect(await written(empty.id, u.id)).toEqual({ exchanges: [], wins: [], draws: [], spent: 0, coins: 0 });
    expect(await stockOf(empty.prizeId)).toBe(0);
    expect((await me.exchange({ activityId: ended.id })).code).toBe(ResultCode.collectionClosed);
    expect(await written(ended.id, u.id)).toEqual({ exchanges: [], wins: [], draws: [], spent: 0, coins: 0 });
    // Once restocked, the exchange goes through.
    await db().updateTable('lottery_prizes').set({ stock: 1 }).where('id', '=', empty.prizeId).execute();
    expect((await me.exchange({ activityId: empty.id })).code).toBe(0);
  });

  it('shows the cards in the caller language; refuses bad input, other kinds and signed-out callers', async () => {
    const col = await collection();
    const { campaignId: raffle } = await makeCampaign(db(), { noWinWeight: 1, prizes: [] });
    const u = await member('Reader');
    await giveCards(col.id, u.id, KEYS);
    const zh = await as(u.cookie, suite.t.app, '1').status(col.id);
    expect(zh.code).toBe(0);
    expect(zh.result).toMatchObject({
      id: String(col.id),
      state: 'ongoing',
      exchange: null,
      prize: { id: String(col.prizeId), kind: 3, value: BEANS },
      cards: [
        { key: 'nozzle', name: '喷嘴', count: 1 },
        { key: 'hotbed', name: '热床', count: 1 },
        { key: 'extruder', name: '挤出机', count: 1 },
      ],
    });
    expect((await as(u.cookie, suite.t.app, '9').status(col.id)).result.cards[0].name).toBe('Nozzle (fr)');

    expect((await as().status(col.id)).code).toBe(ResultCode.token);
    expect((await as().exchange({ activityId: col.id })).code).toBe(ResultCode.token);
    const me = as(u.cookie);
    for (const body of [
      {},
      { activityId: 'abc' },
      { activityId: -1 },
      { activityId: 0 },
      { activityId: 1.5 },
      { activityId: 'x'.repeat(10_000) },
      { activityId: [col.id] },
      { activityId: { $gt: 0 } },
      { activityId: `${col.id}' or 1=1 --` },
      { activityId: '<script>alert(1)</script>' },
    ]) {
      expect((await me.exchange(body)).code, JSON.stringify(body).slice(0, 80)).toBe(ResultCode.parameter);
    }
    // The query string's forms of the same (an array reads as its text there).
    for (const q of ['', 'abc', '-1', '0', '1.5', 'x'.repeat(10_000), '{"$gt":0}', `${col.id}' or 1=1 --`, '<script>alert(1)</script>'])
      expect((await me.status(q)).code, q.slice(0, 40)).toBe(ResultCode.parameter);
    const bare = await api(suite.t.app).get(`${V2}/collection/status`, { cookie: u.cookie });
    expect(bare.json().code).toBe(ResultCode.parameter);
    for (const id of [987_654_321, raffle]) {
      expect((await me.status(id)).code).toBe(ResultCode.notFound);
      expect((await me.exchange({ activityId: id })).code).toBe(ResultCode.notFound);
    }
    // None of them exchanged anything.
    expect(await written(col.id, u.id)).toEqual({ exchanges: [], wins: [], draws: [], spent: 0, coins: 0 });
  });

  it('creates collections with the admin API (cards checked) and deals their cards at once', async () => {
    const staff = await member('Staff');
    await suite.t.app.services.accounts.adminUpdate({ userId: staff.id, addRoles: [{ role: 'admin', scope: '*' }] });
    const now = Date.now();
    const text = names('Set', '集卡');
    const body = (settings: unknown, prizes: unknown[] = [{ kind: 2, name: text, stock: 3, weight: 1 }]) => ({
      kind: 'collection',
      title: text,
      rules: text,
      startsAt: now - DAY,
      endsAt: now + DAY,
      settings,
      prizes,
    });
    const create = (b: unknown) =>
      api(suite.t.app)
        .post('/api/rest/lottery/admin/campaign/create', b, { cookie: staff.cookie })
        .then((r) => r.json());
    const count = async () => (await db().selectFrom('lottery_campaigns').select('id').where('kind', '=', 'collection').execute()).length;
    const before = await count();
    const card = (key: string, over: object = {}) => ({ key, name: names(key, key), weight: 1, ...over });
    const refusals: [unknown, string][] = [
      [body({ collectionCards: [card('a'), card('b')] }, []), 'prizes'],
      [body({ collectionCards: [card('a')] }), 'settings.collectionCards'],
      [body({ collectionCards: Array.from({ length: 13 }, (_, i) => card(`c${i}`)) }), 'settings.collectionCards'],
      [body({ collectionCards: [card('a'), card('a')] }), 'settings.collectionCards'],
      [body({ collectionCards: [card('Nozzle!'), card('b')] }), 'settings.collectionCards.0.key'],
      [body({ collectionCards: [card('x'.repeat(33)), card('b')] }), 'settings.collectionCards.0.key'],
      [body({ collectionCards: [card('a', { weight: 0 }), card('b')] }), 'settings.collectionCards.0.weight'],
      [body({ collectionCards: [card('a', { name: { en: 'A' } }), card('b')] }), 'settings.collectionCards.0.name.zh-CN'],
      [body({ collectionCards: [card('a', { name: names('A\u0000', 'A') }), card('b')] }), 'settings.collectionCards.0.name.en'],
      [body({ collectionCards: 'cards' }), 'settings.collectionCards'],
    ];
    for (const [b, field] of refusals) {
      const r = await create(b);
      expect(r.code, JSON.stringify(r)).toBe(ResultCode.parameter);
      expect(r.result.issues.map((i: { field: string }) => i.field)).toContain(field);
    }
    expect(await count()).toBe(before);

    // Created with the default set; the next check-in on this process deals one of its cards.
    const created = await create(body({}));
    expect(created.code, JSON.stringify(created)).toBe(0);
    expect(created.result.settings.collectionCards.map((c: { key: string }) => c.key)).toEqual([
      'nozzle',
      'hotbed',
      'filament',
      'extruder',
      'build-plate',
    ]);
    const { campaignId: checkinId } = await makeCampaign(db(), { kind: 'checkin', prizes: [] });
    const c = await campaignOr404(port(), checkinId, 'checkin');
    if (!c) throw new Error('no campaign');
    await checkIn(port(), c, staff.id, 'UTC', Date.now());
    expect(await cardsOf(created.result.id, staff.id)).toHaveLength(1);
  });

  it('the lottery:admin command creates the example collection; the demo seeds let a member earn its cards', async () => {
    const testDb = await createTestDb(engine);
    try {
      const out = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/lottery-admin.ts', 'create', 'docs/examples/collection.json'], {
        env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: testDb.url },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(out.status, out.stderr).toBe(0);
      const created = JSON.parse(out.stdout);
      expect(created).toMatchObject({ kind: 'collection', prizes: [{ kind: 1, stock: 200 }] });
      expect(created.settings.collectionCards).toHaveLength(5);

      const k = testDb.db.kysely;
      const now = Date.now();
      expect(await runSeeds(k, [lotteryDemoSeed(), checkinDemoSeed(), inviteDemoSeed(), collectionDemoSeed()], now)).toHaveLength(4);
      const demo = await k
        .selectFrom('lottery_campaigns')
        .select('id')
        .where('kind', '=', 'collection')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      const checkinRow = await k.selectFrom('lottery_campaigns').select('id').where('kind', '=', 'checkin').executeTakeFirstOrThrow();
      const checkinC = await campaignOr404(testDb.db, checkinRow.id, 'checkin');
      if (!checkinC) throw new Error('no demo check-in');
      const u = await k
        .insertInto('users')
        .values({ nickname: 'Demo', created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await checkIn(testDb.db, checkinC, u.id, 'UTC', now);
      const cards = await k.selectFrom('collection_cards').select('campaign_id').where('user_id', '=', u.id).execute();
      // The example collection (not started yet, or running) and the demo one: the demo one deals.
      expect(cards.map((c) => c.campaign_id)).toContain(demo.id);
    } finally {
      await testDb.drop();
    }
  });
});
