import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type Campaign, campaignOr404, forgetCampaign } from '../../src/server/campaigns/campaign';
import type { AnySettings } from '../../src/server/campaigns/settings';
import { type Db, openDatabase } from '../../src/server/db/database';
import { acceptInvite } from '../../src/server/invite/invites';
import { advanceReferrals } from '../../src/server/invite/referrals';
import { claimTier } from '../../src/server/invite/tiers';
import { PrizeKind } from '../../src/shared/enums';
import { ResultCode } from '../../src/shared/errors';
import { CLIENT_HEADERS, createTestDb, ENGINES } from '../helpers/app';
import { contentRows } from '../helpers/content';
import { makeCampaign } from '../helpers/lottery';
import { appSuite, randomIp } from '../helpers/suite';

/**
 * Invite reward tiers, old-app refusal and level-driven release: a
 * referrer claims one tier once, after confirming, for enough qualified friends; the claim ends
 * their inviting; old apps are told to update.
 */
const DAY = 86_400_000;
const OLD_APP = 'Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 CrealityCloud/5.5.9 Mobile';
const NEW_APP = 'Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 CrealityCloud/5.6.0 Mobile';

describe.each(ENGINES)('invite reward tiers on %s', (engine) => {
  const suite = appSuite(engine);
  const db = () => suite.t.db.kysely;
  const port = () => suite.t.db;

  const campaign = async (settings: AnySettings = {}, stocks = [5, 1]) => {
    const { campaignId, prizeIds } = await makeCampaign(db(), {
      kind: 'invite',
      settings: { inviteCoins: 10, releaseLevel: 2, inviteTiers: [2, 3], ...settings },
      prizes: [
        { kind: PrizeKind.vip, stock: stocks[0] ?? 0, weight: 1, value: 7 },
        { kind: PrizeKind.entity, stock: stocks[1] ?? 0, weight: 1 },
      ],
    });
    return { c: await campaignOr404(port(), campaignId, 'invite'), prizeIds };
  };
  /** A referrer with `qualified` friends past the level and `pending` friends below it. */
  const referrerWith = async (c: Campaign<'invite'>, qualified: number, pending = 0, p = port()) => {
    const d = p.kysely;
    const rows = contentRows(p);
    const referrer = await rows.user('Referrer');
    for (let i = 0; i < qualified + pending; i++) {
      const friend = await rows.user(`Friend ${i}`);
      expect(await acceptInvite(p, c, { inviteeId: friend, inviterId: referrer, deviceId: randomUUID() })).toEqual({ bound: true });
      if (i < qualified) await d.updateTable('users').set({ level: 2 }).where('id', '=', friend).execute();
    }
    await advanceReferrals(p);
    return referrer;
  };
  const call = async (method: 'GET' | 'POST', url: string, opts: { cookie?: string; body?: unknown; ua?: string } = {}) =>
    (
      await suite.t.app.inject({
        method,
        url,
        headers: { ...CLIENT_HEADERS, ...(opts.cookie ? { cookie: opts.cookie } : {}), ...(opts.ua ? { 'user-agent': opts.ua } : {}) },
        // Each call from its own address: these tests are about the rules, not the per-address limits.
        remoteAddress: randomIp(),
        ...(opts.body !== undefined ? { payload: JSON.stringify(opts.body) } : {}),
      })
    ).json();
  const claim = (cookie: string, body: unknown, ua?: string) => call('POST', '/api/cxy/v2/invite/claimTier', { cookie, body, ua });
  const counts = async (campaignId: number) => ({
    claims: (await db().selectFrom('referral_tier_claims').select('id').where('campaign_id', '=', campaignId).execute()).length,
    wins: (await db().selectFrom('lottery_wins').select('id').where('campaign_id', '=', campaignId).execute()).length,
    stock: (
      await db().selectFrom('lottery_prizes').select('stock').where('campaign_id', '=', campaignId).orderBy('position').execute()
    ).map((p) => p.stock),
  });

  it('gives one tier once for enough qualified friends, and the claim ends the inviting', async () => {
    const { c } = await campaign();
    const referrer = await referrerWith(c, 2, 1);
    const { cookie } = await suite.rows.signIn(referrer);

    const before = await call('GET', `/api/cxy/v2/invite/summary?activityId=${c.id}`, { cookie });
    expect(before.result).toMatchObject({ qualified: 2, claim: null });
    expect(before.result.tiers).toEqual([
      expect.objectContaining({ friends: 2, inStock: true, prize: expect.objectContaining({ kind: PrizeKind.vip, value: 7 }) }),
      expect.objectContaining({ friends: 3, inStock: true, prize: expect.objectContaining({ kind: PrizeKind.entity }) }),
    ]);

    // The pending friend does not count: tier 1 needs 3 qualified friends.
    expect((await claim(cookie, { activityId: c.id, tier: 1, confirm: true })).code).toBe(ResultCode.tierNotReached);
    expect(await counts(c.id)).toEqual({ claims: 0, wins: 0, stock: [5, 1] });

    const won = await claim(cookie, { activityId: c.id, tier: 0, confirm: true });
    expect(won).toMatchObject({ code: 0, result: { tier: 0, prize: { kind: PrizeKind.vip, value: 7 } } });
    expect(await counts(c.id)).toEqual({ claims: 1, wins: 1, stock: [4, 1] });
    const premium = await db().selectFrom('users').select('premium_until').where('id', '=', referrer).executeTakeFirstOrThrow();
    expect(Number(premium.premium_until)).toBeGreaterThan(Date.now() + 6 * DAY);

    // One claim per campaign, whichever tier: the pending friend reaching the level changes nothing.
    await db().updateTable('users').set({ level: 5 }).where('nickname', '=', 'Friend 2').execute();
    await advanceReferrals(port());
    expect((await claim(cookie, { activityId: c.id, tier: 0, confirm: true })).code).toBe(ResultCode.tierClaimed);
    expect((await claim(cookie, { activityId: c.id, tier: 1, confirm: true })).code).toBe(ResultCode.tierClaimed);
    expect(await counts(c.id)).toEqual({ claims: 1, wins: 1, stock: [4, 1] });

    // Later friends are not counted: not bound at all.
    const late = await suite.rows.user('Late friend');
    expect(await acceptInvite(port(), c, { inviteeId: late, inviterId: referrer, deviceId: randomUUID() })).toEqual({
      bound: false,
      reason: 'closed',
    });
    const after = await call('GET', `/api/cxy/v2/invite/summary?activityId=${c.id}`, { cookie });
    expect(after.result.claim).toMatchObject({ tier: 0, friends: 2, winId: won.result.winId });
    expect(after.result.friends).toHaveLength(3);
    // The prize is a win like a raffle's: it shows in My prizes of the campaign.
    const mine = await call('GET', `/api/rest/lottery/tLottery/myPrize?lotteryId=${c.id}`, { cookie });
    expect(mine.result.list ?? mine.result).toEqual(expect.arrayContaining([expect.objectContaining({ winId: won.result.winId })]));
  });

  it('refuses a sold-out tier and writes nothing; campaigns without tiers have none', async () => {
    const { c } = await campaign({}, [0, 1]);
    const referrer = await referrerWith(c, 2);
    const { cookie } = await suite.rows.signIn(referrer);
    expect((await claim(cookie, { activityId: c.id, tier: 0, confirm: true })).code).toBe(ResultCode.tierSoldOut);
    expect(await counts(c.id)).toEqual({ claims: 0, wins: 0, stock: [0, 1] });
    const summary = await call('GET', `/api/cxy/v2/invite/summary?activityId=${c.id}`, { cookie });
    expect(summary.result.tiers.map((t: { inStock: boolean }) => t.inStock)).toEqual([false, true]);

    const { campaignId: plain } = await makeCampaign(db(), { kind: 'invite', prizes: [] });
    expect((await claim(cookie, { activityId: plain, tier: 0, confirm: true })).code).toBe(ResultCode.parameter);
    expect((await call('GET', `/api/cxy/v2/invite/summary?activityId=${plain}`, { cookie })).result.tiers).toEqual([]);
  });

  it('answers bad input with code 1, strangers with code 4 and other campaigns with 1001, changing nothing', async () => {
    const { c } = await campaign();
    const referrer = await referrerWith(c, 3);
    const { cookie } = await suite.rows.signIn(referrer);
    const bad = [
      {},
      { activityId: c.id, tier: 0 },
      { activityId: c.id, tier: 0, confirm: false },
      { activityId: c.id, tier: 0, confirm: 'true' },
      { activityId: c.id, tier: -1, confirm: true },
      { activityId: c.id, tier: 2, confirm: true },
      { activityId: c.id, tier: 10, confirm: true },
      { activityId: c.id, tier: '0', confirm: true },
      { activityId: c.id, tier: [0], confirm: true },
      { activityId: c.id, tier: 0.5, confirm: true },
      { activityId: `${c.id}; DROP TABLE users`, tier: 0, confirm: true },
      { activityId: '<script>alert(1)</script>', tier: 0, confirm: true },
      { activityId: 'x'.repeat(100_000), tier: 0, confirm: true },
    ];
    for (const body of bad) expect((await claim(cookie, body)).code, JSON.stringify(body).slice(0, 80)).toBe(ResultCode.parameter);
    expect((await call('POST', '/api/cxy/v2/invite/claimTier', { body: { activityId: c.id, tier: 0, confirm: true } })).code).toBe(
      ResultCode.token,
    );
    const { campaignId: raffle } = await makeCampaign(db(), { noWinWeight: 1, prizes: [] });
    for (const activityId of [raffle, 99_999_999])
      expect((await claim(cookie, { activityId, tier: 0, confirm: true })).code).toBe(ResultCode.notFound);
    const ended = await campaign({}, [5, 1]);
    await db()
      .updateTable('lottery_campaigns')
      .set({ ends_at: Date.now() - 1 })
      .where('id', '=', ended.c.id)
      .execute();
    // Written straight to the database: this instance is told, as the admin calls do.
    forgetCampaign(port(), ended.c.id);
    expect((await claim(cookie, { activityId: ended.c.id, tier: 0, confirm: true })).code).toBe(ResultCode.drawEnded);
    expect(await counts(c.id)).toEqual({ claims: 0, wins: 0, stock: [5, 1] });
  });

  it('gives one prize when a referrer claims many times at once (several instances on PostgreSQL)', async () => {
    const d = await createTestDb(engine);
    const pools: Db[] =
      engine === 'postgres' ? [d.db, ...[1, 2].map(() => openDatabase({ dialect: 'postgres', url: d.url }, { poolSize: 10 }))] : [d.db];
    try {
      const k = d.db.kysely;
      const { campaignId } = await makeCampaign(k, {
        kind: 'invite',
        settings: { inviteTiers: [1, 2], releaseLevel: 2 },
        prizes: [
          { kind: PrizeKind.virtual, stock: 100, weight: 1 },
          { kind: PrizeKind.virtual, stock: 100, weight: 1 },
        ],
      });
      const c = await campaignOr404(d.db, campaignId, 'invite');
      const referrer = await referrerWith(c, 2, 0, d.db);
      const outcomes = await Promise.allSettled(
        Array.from({ length: 24 }, (_, i) => claimTier(pools[i % pools.length] as Db, c, referrer, i % 2)),
      );
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      const refusals = outcomes.flatMap((o) => (o.status === 'rejected' ? [(o.reason as { code?: number }).code] : []));
      expect(new Set(refusals)).toEqual(new Set([ResultCode.tierClaimed]));
      const prizes = await k.selectFrom('lottery_prizes').select('stock').where('campaign_id', '=', campaignId).execute();
      expect(prizes.reduce((s, p) => s + p.stock, 0)).toBe(199);
      expect(await k.selectFrom('lottery_wins').select('id').where('campaign_id', '=', campaignId).execute()).toHaveLength(1);
      expect(await k.selectFrom('lottery_draws').select('id').where('campaign_id', '=', campaignId).execute()).toHaveLength(1);

      // Friends binding while a referrer claims: each is either counted before the claim or refused after it.
      const other = await referrerWith(c, 1, 0, d.db);
      const rows = contentRows(d.db);
      const friends = await Promise.all(Array.from({ length: 12 }, (_, i) => rows.user(`Racer ${i}`)));
      const raced = await Promise.allSettled([
        claimTier(pools[1 % pools.length] as Db, c, other, 0),
        ...friends.map((f, i) =>
          acceptInvite(pools[i % pools.length] as Db, c, { inviteeId: f, inviterId: other, deviceId: randomUUID() }),
        ),
      ]);
      expect(raced[0]?.status).toBe('fulfilled');
      const claimRow = await k.selectFrom('referral_tier_claims').select('friends').where('user_id', '=', other).executeTakeFirstOrThrow();
      expect(claimRow.friends).toBe(1);
      const bound = raced.slice(1).filter((r) => r.status === 'fulfilled' && (r.value as { bound: boolean }).bound).length;
      const closed = raced.slice(1).filter((r) => r.status === 'fulfilled' && (r.value as { reason?: string }).reason === 'closed').length;
      expect(bound + closed).toBe(12);
      expect(await k.selectFrom('lottery_invites').select('id').where('inviter_id', '=', other).execute()).toHaveLength(1 + bound);
      // Once the claim has committed, nobody else is bound.
      const after = await rows.user('After the claim');
      expect(await acceptInvite(d.db, c, { inviteeId: after, inviterId: other, deviceId: randomUUID() })).toEqual({
        bound: false,
        reason: 'closed',
      });
    } finally {
      for (const p of pools) if (p !== d.db) await p.close();
      await d.drop();
    }
  });

  it('tells old app versions to update before they join, collect or claim; browsers and new apps go on', async () => {
    const { c } = await campaign({ minAppVersion: '5.6.0' });
    const referrer = await referrerWith(c, 2);
    const { cookie } = await suite.rows.signIn(referrer);
    const friend = await suite.rows.user('App friend');
    const friendCookie = (await suite.rows.signIn(friend)).cookie;
    const accept = (ua?: string) =>
      call('POST', '/api/rest/lottery/tLottery/acceptInvite', { cookie: friendCookie, body: { lotteryId: c.id, inviter: referrer }, ua });

    for (const r of [
      await accept(OLD_APP),
      await call('POST', '/api/cxy/v2/invite/collect', { cookie, body: { activityId: c.id }, ua: OLD_APP }),
      await claim(cookie, { activityId: c.id, tier: 0, confirm: true }, OLD_APP),
      await call('POST', '/api/cxy/v2/allActivity/join', { cookie, body: { activityId: c.id }, ua: OLD_APP }),
    ]) {
      expect(r.code).toBe(ResultCode.updateRequired);
      expect(r.msg).toBe('Please update to the latest version to join the event.');
    }
    expect(await counts(c.id)).toEqual({ claims: 0, wins: 0, stock: [5, 1] });
    expect((await call('GET', `/api/cxy/v2/invite/summary?activityId=${c.id}`, { cookie })).result.minAppVersion).toBe('5.6.0');
    // Chances of a browser user are not an app's: no version, no refusal.
    const ok = await call('POST', '/api/cxy/v2/invite/collect', { cookie, body: { activityId: c.id } });
    expect(ok).toMatchObject({ code: 0, result: { collected: 2, coins: 20 } });
    expect((await claim(cookie, { activityId: c.id, tier: 0, confirm: true }, NEW_APP)).code).toBe(0);
  });

  it('checks tiers when staff create an invite campaign: ascending, one prize each', async () => {
    const admin = await suite.rows.user('Campaign admin');
    await suite.t.app.services.accounts.adminUpdate({ userId: admin, addRoles: [{ role: 'admin', scope: '*' }] });
    const cookie = (await suite.rows.signIn(admin)).cookie;
    const t4 = (s: string) => ({ en: s, 'zh-CN': s, 'zh-TW': s, fr: s });
    const body = (settings: Record<string, unknown>, prizes: number) => ({
      kind: 'invite',
      title: t4('Invite'),
      rules: t4('Rules'),
      startsAt: Date.now(),
      endsAt: Date.now() + DAY,
      settings,
      prizes: Array.from({ length: prizes }, () => ({ kind: PrizeKind.virtual, name: t4('Gift'), stock: 5, weight: 1 })),
    });
    const create = (b: unknown) => call('POST', '/api/rest/lottery/admin/campaign/create', { cookie, body: b });
    const fields = (r: { result?: { issues?: { field: string }[] } }) => r.result?.issues?.map((i) => i.field);
    expect(fields(await create(body({ inviteTiers: [3, 5] }, 1)))).toContain('prizes');
    expect(fields(await create(body({}, 1)))).toContain('prizes');
    expect(fields(await create(body({ inviteTiers: [5, 3] }, 2)))).toContain('settings.inviteTiers');
    expect(fields(await create(body({ inviteTiers: [3, 5], minAppVersion: 'latest' }, 2)))).toContain('settings.minAppVersion');
    const ok = await create(body({ inviteTiers: [3, 5], minAppVersion: '5.6' }, 2));
    expect(ok).toMatchObject({ code: 0, result: { kind: 'invite', settings: { inviteTiers: [3, 5], minAppVersion: '5.6' } } });
  });

  it('releases a friend’s coins as soon as staff raise their level (no wait for the job)', async () => {
    const { c } = await campaign();
    const referrer = await referrerWith(c, 0, 1);
    const friend = await db()
      .selectFrom('lottery_invites')
      .select('invitee_id')
      .where('inviter_id', '=', referrer)
      .executeTakeFirstOrThrow();
    const admin = await suite.rows.user('Admin');
    await suite.t.app.services.accounts.adminUpdate({ userId: admin, addRoles: [{ role: 'admin', scope: '*' }] });
    const adminCookie = (await suite.rows.signIn(admin)).cookie;
    const r = await call('POST', '/api/cxy/admin/v2/user/update', { cookie: adminCookie, body: { userId: friend.invitee_id, level: 2 } });
    expect(r.code).toBe(0);
    const row = await db().selectFrom('lottery_invites').select('coin_state').where('inviter_id', '=', referrer).executeTakeFirstOrThrow();
    expect(row.coin_state).toBe('released');
  });
});
