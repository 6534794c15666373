import { describe, expect, it } from 'vitest';
import { campaignOr404 } from '../../src/server/campaigns/campaign';
import { type Db, openDatabase } from '../../src/server/db/database';
import { acceptInvite } from '../../src/server/invite/invites';
import type { AcceptInviteResult, InvitedFriend } from '../../src/shared/api/lottery-invites';
import { ResultCode } from '../../src/shared/errors';
import { api } from '../helpers/accounts';
import { CLIENT_HEADERS, createTestDb, ENGINES } from '../helpers/app';
import { contentRows } from '../helpers/content';
import { makeCampaign } from '../helpers/lottery';
import { appSuite } from '../helpers/suite';

const L = '/api/rest/lottery/tLottery';
const DAY = 86_400_000;

describe.each(ENGINES)('invited friends of a raffle campaign on %s', (engine) => {
  const suite = appSuite(engine);

  /** A caller from its own address and device (the header context's device uuid). */
  const as = (cookie?: string, device: string | null = crypto.randomUUID()) => {
    const c = api(suite.t.app);
    const h = () => ({
      __cxy_requestid_: crypto.randomUUID(),
      ...(device ? { __cxy_duid_: device } : {}),
      ...(cookie ? { cookie } : {}),
    });
    return {
      accept: (body: unknown) => c.post(`${L}/acceptInvite`, body, h()).then((r) => r.json()),
      friends: (body: unknown) => c.post(`${L}/lotteryInviteUsers`, body, h()).then((r) => r.json()),
      headers: h,
    };
  };
  const newUser = async (name: string, extra: { createdAt?: number; state?: 'blocked'; avatar?: string } = {}) => {
    const id = await suite.rows.user(name);
    if (extra.createdAt !== undefined || extra.state || extra.avatar)
      await suite.t.db.kysely
        .updateTable('users')
        .set({
          ...(extra.createdAt !== undefined ? { created_at: extra.createdAt } : {}),
          ...(extra.state ? { state: extra.state } : {}),
          ...(extra.avatar ? { avatar_url: extra.avatar } : {}),
        })
        .where('id', '=', id)
        .execute();
    return { id, cookie: (await suite.rows.signIn(id)).cookie };
  };
  /** The inviter's invite grants and balance straight from the ledger. */
  const inviteLedger = async (campaignId: number, userId: number, db = suite.t.db.kysely) => {
    const grants = await db
      .selectFrom('lottery_chance_grants')
      .select(['amount', 'business_key'])
      .where('campaign_id', '=', campaignId)
      .where('user_id', '=', userId)
      .where('reason', '=', 'invite')
      .execute();
    const balance = await db
      .selectFrom('lottery_chance_balances')
      .select('remaining')
      .where('campaign_id', '=', campaignId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return { grants, remaining: balance?.remaining ?? 0 };
  };
  const campaign = (opts: Partial<Parameters<typeof makeCampaign>[1]> = {}) =>
    makeCampaign(suite.t.db.kysely, { prizes: [], settings: { dailyChances: 0, inviteChances: 2 }, ...opts });

  it('binds a new friend to the first inviter once and grants the inviter their chances once', async () => {
    const { campaignId } = await campaign();
    const inviter = await newUser('Inviter');
    const other = await newUser('Other inviter');
    const friend = await newUser('Friend');
    const device = crypto.randomUUID();

    const first = await as(friend.cookie, device).accept({ lotteryId: campaignId, inviter: inviter.id });
    expect(first).toMatchObject({ code: 0, result: { bound: true } });
    // The page passes ids from its URL, as strings.
    expect((await as(friend.cookie, device).accept({ lotteryId: String(campaignId), inviter: String(inviter.id) })).result).toEqual({
      bound: false,
      reason: 'already',
    });
    expect((await as(friend.cookie).accept({ lotteryId: campaignId, inviter: other.id })).result).toEqual({
      bound: false,
      reason: 'already',
    });

    const ledger = await inviteLedger(campaignId, inviter.id);
    expect(ledger).toEqual({ grants: [{ amount: 2, business_key: `invite:${friend.id}` }], remaining: 2 });
    expect(await inviteLedger(campaignId, other.id)).toEqual({ grants: [], remaining: 0 });
    const times = await api(suite.t.app).get(`${L}/getLotteryTimes?lotteryId=${campaignId}`, { cookie: inviter.cookie });
    expect(times.json().result).toMatchObject({ grants: [{ amount: 2, reason: 'invite' }], remaining: 2 });
  });

  it('refuses quietly: self, accounts that are not new, a second account on one device, unknown or blocked inviters', async () => {
    const startsAt = Date.now() - DAY;
    const { campaignId } = await campaign({ startsAt });
    const inviter = await newUser('Inviter');
    const accept = async (cookie: string, inviterId: number, device?: string) =>
      (await as(cookie, device).accept({ lotteryId: campaignId, inviter: inviterId })) as { code: number; result: AcceptInviteResult };

    expect((await accept(inviter.cookie, inviter.id)).result).toEqual({ bound: false, reason: 'self' });

    const beforeStart = await newUser('Old', { createdAt: startsAt - 60_000 });
    expect((await accept(beforeStart.cookie, inviter.id)).result).toEqual({ bound: false, reason: 'notNew' });
    // A long campaign: created during it, but more than 7 days before the accept.
    const long = await campaign({ startsAt: Date.now() - 30 * DAY });
    const weekOld = await newUser('Week old', { createdAt: Date.now() - 8 * DAY });
    const fresh = await newUser('Fresh', { createdAt: Date.now() - 6 * DAY });
    expect((await as(weekOld.cookie).accept({ lotteryId: long.campaignId, inviter: inviter.id })).result).toEqual({
      bound: false,
      reason: 'notNew',
    });
    expect((await as(fresh.cookie).accept({ lotteryId: long.campaignId, inviter: inviter.id })).result).toEqual({ bound: true });

    const phone = crypto.randomUUID();
    const a = await newUser('First account');
    const b = await newUser('Second account');
    expect((await accept(a.cookie, inviter.id, phone)).result).toEqual({ bound: true });
    expect((await accept(b.cookie, inviter.id, phone.toUpperCase())).result).toEqual({ bound: false, reason: 'device' });
    // Without a device id the device rule could not hold.
    const noDevice = await as(b.cookie, null).accept({ lotteryId: campaignId, inviter: inviter.id });
    expect(noDevice.result).toEqual({ bound: false, reason: 'device' });

    const blocked = await newUser('Blocked', { state: 'blocked' });
    const c = await newUser('Third account');
    expect((await accept(c.cookie, 987_654_321)).result).toEqual({ bound: false, reason: 'inviter' });
    expect((await accept(c.cookie, blocked.id)).result).toEqual({ bound: false, reason: 'inviter' });
    // None of the refusals bound the friend: they can still accept a valid invite.
    expect((await accept(c.cookie, inviter.id)).result).toEqual({ bound: true });

    expect((await inviteLedger(campaignId, inviter.id)).remaining).toBe(4);
    const count = await suite.t.db.kysely
      .selectFrom('lottery_invites')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('campaign_id', '=', campaignId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);
  });

  it('accepts only while the campaign is ongoing, for signed-in callers from our pages', async () => {
    const inviter = await newUser('Inviter');
    const friend = await newUser('Friend');
    const ended = await campaign({ startsAt: Date.now() - 2 * DAY, endsAt: Date.now() - 1 });
    const soon = await campaign({ startsAt: Date.now() + DAY });
    const paused = await campaign({ restocking: true });
    const open = await campaign();
    const accept = (lotteryId: number, cookie: string | undefined = friend.cookie) => as(cookie).accept({ lotteryId, inviter: inviter.id });

    expect(await accept(ended.campaignId)).toMatchObject({ code: ResultCode.drawEnded, msg: 'Sorry, the sweepstakes is ended.' });
    expect((await accept(soon.campaignId)).code).toBe(ResultCode.drawNotStarted);
    expect((await accept(paused.campaignId)).code).toBe(ResultCode.drawRestocking);
    expect((await accept(987_654_321)).code).toBe(ResultCode.notFound);
    expect((await accept(open.campaignId, '')).code).toBe(ResultCode.token);
    expect((await as().friends({ lotteryId: open.campaignId })).code).toBe(ResultCode.token);

    // A form on another site cannot make a signed-in visitor accept (no app-id header).
    const forged = await suite.t.app.inject({
      method: 'POST',
      url: `${L}/acceptInvite`,
      headers: { cookie: friend.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ lotteryId: open.campaignId, inviter: inviter.id }),
    });
    expect(forged.statusCode).toBe(403);
    expect((await accept(open.campaignId)).result).toEqual({ bound: true });
  });

  it('answers parameter errors (code 1, never 500) for missing, malformed, oversized and hostile input', async () => {
    const { campaignId } = await campaign();
    const u = await newUser('Prober');
    // A fresh address per probe: the rate limit counts before the input is read.
    const caller = () => as(u.cookie);
    const bad: unknown[] = [
      -1,
      0,
      1.5,
      1e300,
      '9'.repeat(17),
      '9'.repeat(10_000),
      'abc',
      '12abc',
      '',
      ' ',
      '0x10',
      '1e3',
      null,
      true,
      [],
      [5],
      {},
      { $gt: 0 },
      '1; drop table users --',
    ];
    for (const value of bad) {
      for (const body of [
        { lotteryId: value, inviter: u.id },
        { lotteryId: campaignId, inviter: value },
      ]) {
        const res = await caller().accept(body);
        expect(res.code, JSON.stringify(body).slice(0, 80)).toBe(ResultCode.parameter);
      }
      for (const body of [{ lotteryId: value }, { lotteryId: campaignId, page: value }, { lotteryId: campaignId, pageSize: value }]) {
        const res = await caller().friends(body);
        expect(res.code, JSON.stringify(body).slice(0, 80)).toBe(ResultCode.parameter);
      }
    }
    for (const body of [{}, { lotteryId: campaignId }, { inviter: u.id }, [], 'x', null]) {
      expect((await caller().accept(body)).code).toBe(ResultCode.parameter);
    }
    expect((await caller().friends({ lotteryId: campaignId, pageSize: 101 })).code).toBe(ResultCode.parameter);
    expect((await caller().friends({ lotteryId: campaignId, page: 10_001 })).code).toBe(ResultCode.parameter);
    // Not JSON at all, and a body far beyond any real one.
    for (const payload of ['{"lotteryId":', 'lotteryId=1&inviter=2', JSON.stringify({ lotteryId: 'x'.repeat(2_000_000) })]) {
      const raw = await suite.t.app.inject({
        method: 'POST',
        url: `${L}/acceptInvite`,
        headers: { ...CLIENT_HEADERS, ...caller().headers() },
        payload,
      });
      expect(raw.statusCode, payload.slice(0, 40)).toBeLessThan(500);
      expect(raw.json().code).not.toBe(0);
    }
    const bound = await suite.t.db.kysely.selectFrom('lottery_invites').select('id').where('invitee_id', '=', u.id).execute();
    expect(bound).toEqual([]);
  });

  it('limits accepts per address', async () => {
    const { campaignId } = await campaign();
    const u = await newUser('Script');
    const one = as(u.cookie);
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) codes.push((await one.accept({ lotteryId: campaignId, inviter: 987_654_321 })).code);
    expect(codes.slice(0, 20)).toEqual(Array(20).fill(0));
    expect(codes[20]).toBe(ResultCode.tooManyRequests);
  });

  it('lists only the caller’s own friends, newest first, masked and paged', async () => {
    const { campaignId } = await campaign();
    const elsewhere = await campaign();
    const inviter = await newUser('Inviter');
    const rival = await newUser('Rival');
    const names = ['Lin Wei', 'Sophie', '张三'];
    for (const [i, name] of names.entries()) {
      const f = await newUser(name, i === 0 ? { avatar: 'https://cdn.example/a.png' } : {});
      expect((await as(f.cookie).accept({ lotteryId: campaignId, inviter: inviter.id })).result).toEqual({ bound: true });
      await new Promise((r) => setTimeout(r, 5));
    }
    const theirs = await newUser('Their friend');
    await as(theirs.cookie).accept({ lotteryId: campaignId, inviter: rival.id });
    const otherCampaign = await newUser('Other campaign friend');
    await as(otherCampaign.cookie).accept({ lotteryId: elsewhere.campaignId, inviter: inviter.id });

    const p1 = await as(inviter.cookie).friends({ lotteryId: campaignId, pageSize: 2 });
    expect(p1.code).toBe(0);
    expect(p1.result).toMatchObject({ total: 3, page: 1, pageSize: 2, chancesPerInvite: 2 });
    expect(p1.result.list.map((f: InvitedFriend) => f.nickname)).toEqual(['张***', 'S***']);
    const p2 = await as(inviter.cookie).friends({ lotteryId: String(campaignId), page: '2', pageSize: 2 });
    expect(p2.result.list).toEqual([
      { nickname: 'L***', avatarUrl: 'https://cdn.example/a.png', invitedAt: expect.any(Number), chancesGranted: 2 },
    ]);
    expect(p1.result.list[0].avatarUrl).toBeNull();
    const all = (await as(inviter.cookie).friends({ lotteryId: campaignId })).result;
    expect(all).toMatchObject({ total: 3, page: 1, pageSize: 10 });
    expect(JSON.stringify(all)).not.toMatch(/Lin Wei|Sophie|张三|Their/);
    expect((await as(inviter.cookie).friends({ lotteryId: campaignId, page: 3 })).result).toMatchObject({ list: [], total: 3 });

    const rivalView = (await as(rival.cookie).friends({ lotteryId: campaignId })).result;
    expect(rivalView).toMatchObject({ total: 1, list: [{ nickname: 'T***' }] });
    expect((await as(theirs.cookie).friends({ lotteryId: campaignId })).result).toMatchObject({ total: 0, list: [] });
    expect((await as(inviter.cookie).friends({ lotteryId: elsewhere.campaignId })).result.total).toBe(1);
    expect((await as(inviter.cookie).friends({ lotteryId: 987_654_321 })).code).toBe(ResultCode.notFound);
  });

  it('binds each friend once under concurrency: many friends of one inviter, one friend racing many inviters', async () => {
    const { campaignId } = await campaign();
    const inviter = await newUser('Popular');
    const friends = await Promise.all(Array.from({ length: 30 }, (_, i) => newUser(`Friend ${i}`)));
    const many = await Promise.all(friends.map((f) => as(f.cookie).accept({ lotteryId: campaignId, inviter: inviter.id })));
    expect(many.map((r) => r.result)).toEqual(friends.map(() => ({ bound: true })));

    const eager = await newUser('Eager');
    const inviters = await Promise.all(Array.from({ length: 10 }, (_, i) => newUser(`Inviter ${i}`)));
    const device = crypto.randomUUID();
    const racing = await Promise.all(inviters.map((i) => as(eager.cookie, device).accept({ lotteryId: campaignId, inviter: i.id })));
    expect(racing.every((r) => r.code === 0)).toBe(true);
    expect(racing.filter((r) => r.result.bound)).toHaveLength(1);
    expect(racing.filter((r) => !r.result.bound).map((r) => r.result.reason)).toEqual(Array(9).fill('already'));

    // Two new accounts racing on one device: one counts.
    const twins = await Promise.all([newUser('Twin A'), newUser('Twin B')]);
    const phone = crypto.randomUUID();
    const raced = await Promise.all(twins.map((tw) => as(tw.cookie, phone).accept({ lotteryId: campaignId, inviter: inviter.id })));
    expect(raced.map((r) => r.result.bound).sort()).toEqual([false, true]);
    expect(raced.find((r) => !r.result.bound)?.result.reason).toBe('device');

    const bindings = await suite.t.db.kysely
      .selectFrom('lottery_invites')
      .select(['inviter_id', 'invitee_id'])
      .where('campaign_id', '=', campaignId)
      .execute();
    expect(bindings).toHaveLength(30 + 1 + 1);
    expect(new Set(bindings.map((b) => b.invitee_id)).size).toBe(bindings.length);
    expect((await inviteLedger(campaignId, inviter.id)).remaining).toBe(31 * 2);
    let racedGrants = 0;
    for (const i of inviters) {
      const l = await inviteLedger(campaignId, i.id);
      expect(l.remaining).toBe(l.grants.length * 2);
      racedGrants += l.grants.length;
    }
    expect(racedGrants).toBe(1);
    expect((await as(inviter.cookie).friends({ lotteryId: campaignId, pageSize: 100 })).result.total).toBe(31);
  });

  it('holds the rules across several instances: every friend bound once, every device once', async () => {
    // The logic without the app, on a database of its own: on PostgreSQL three pools stand for
    // three server instances; SQLite has one connection.
    const d = await createTestDb(engine);
    const pools =
      engine === 'postgres' ? [d.db, ...[1, 2].map(() => openDatabase({ dialect: 'postgres', url: d.url }, { poolSize: 10 }))] : [d.db];
    try {
      const k = d.db.kysely;
      const users = contentRows(d.db);
      const { campaignId } = await makeCampaign(k, { prizes: [], settings: { dailyChances: 0, inviteChances: 2 } });
      const c = await campaignOr404(d.db, campaignId, 'raffle');
      if (!c) throw new Error('campaign missing');
      const inviters = await Promise.all(Array.from({ length: 5 }, (_, i) => users.user(`Host ${i}`)));
      const friends = await Promise.all(Array.from({ length: 40 }, (_, i) => users.user(`Guest ${i}`)));
      // 40 friends on 20 phones (two accounts each), each friend accepting all 5 inviters at once.
      const phones = Array.from({ length: 20 }, () => crypto.randomUUID());
      const out = await Promise.all(
        friends.flatMap((f, i) =>
          inviters.map((inviterId, n) =>
            acceptInvite(pools[(i + n) % pools.length] as Db, c, { inviteeId: f, inviterId, deviceId: phones[i % 20] ?? '' }),
          ),
        ),
      );
      expect(out.filter((o) => o.bound)).toHaveLength(20);
      expect(new Set(out.map((o) => (o.bound ? 'bound' : o.reason)))).toEqual(new Set(['bound', 'already', 'device']));
      const bindings = await k.selectFrom('lottery_invites').selectAll().where('campaign_id', '=', campaignId).execute();
      expect(bindings).toHaveLength(20);
      expect(new Set(bindings.map((b) => b.device_id)).size).toBe(20);
      expect(new Set(bindings.map((b) => b.invitee_id)).size).toBe(20);
      let remaining = 0;
      for (const i of inviters) {
        const l = await inviteLedger(campaignId, i, k);
        expect(l.remaining).toBe(bindings.filter((b) => b.inviter_id === i).length * 2);
        expect(l.grants).toHaveLength(bindings.filter((b) => b.inviter_id === i).length);
        remaining += l.remaining;
      }
      expect(remaining).toBe(40);
    } finally {
      for (const p of pools) if (p !== d.db) await p.close();
      await d.drop();
    }
  });
});
