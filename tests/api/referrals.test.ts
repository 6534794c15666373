import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type Campaign, campaignOr404 } from '../../src/server/campaigns/campaign';
import { coinBalance } from '../../src/server/campaigns/ledger';
import { openDatabase } from '../../src/server/db/database';
import { acceptInvite } from '../../src/server/invite/invites';
import { advanceReferrals, collectReferralCoins } from '../../src/server/invite/referrals';
import { ResultCode } from '../../src/shared/errors';
import { CLIENT_HEADERS, ENGINES } from '../helpers/app';
import { makeCampaign } from '../helpers/lottery';
import { appSuite } from '../helpers/suite';

/** Invite-friends coins: pending → released → received, or expired; never twice. */
const DAY = 86_400_000;

describe.each(ENGINES)('referral coins on %s', (engine) => {
  const suite = appSuite(engine);

  const db = () => suite.t.db.kysely;
  const port = () => suite.t.db;
  const campaign = async (over: { endsAt?: number } = {}) => {
    const { campaignId } = await makeCampaign(db(), {
      kind: 'invite',
      startsAt: Date.now() - DAY,
      endsAt: over.endsAt ?? Date.now() + 30 * DAY,
      settings: { inviteCoins: 50, releaseLevel: 2 },
      prizes: [],
    });
    const c = await campaignOr404(port(), campaignId, 'invite');
    if (!c) throw new Error('no campaign');
    return c;
  };
  const bind = async (c: Campaign<'invite'>, inviterId: number, name: string) => {
    const friend = await suite.rows.user(name);
    expect(await acceptInvite(port(), c, { inviteeId: friend, inviterId, deviceId: randomUUID() })).toEqual({ bound: true });
    return friend;
  };
  const stateOf = async (friend: number) =>
    (await db().selectFrom('lottery_invites').select(['coin_state', 'coins']).where('invitee_id', '=', friend).executeTakeFirstOrThrow())
      .coin_state;
  const events = async (friend: number) =>
    (
      await db()
        .selectFrom('referral_events')
        .innerJoin('lottery_invites', 'lottery_invites.id', 'referral_events.invite_id')
        .select('referral_events.state')
        .where('lottery_invites.invitee_id', '=', friend)
        .orderBy('referral_events.id')
        .execute()
    ).map((e) => e.state);
  const levelUp = (u: number, level = 2) => db().updateTable('users').set({ level }).where('id', '=', u).execute();

  it('moves pending → released at the level → received when collected, each once', async () => {
    const c = await campaign();
    const referrer = await suite.rows.user('Referrer');
    const friend = await bind(c, referrer, 'Friend');
    expect(await stateOf(friend)).toBe('pending');
    await advanceReferrals(port());
    expect(await stateOf(friend)).toBe('pending');
    await levelUp(friend);
    await advanceReferrals(port());
    await advanceReferrals(port());
    expect(await stateOf(friend)).toBe('released');
    expect(await collectReferralCoins(port(), c, referrer)).toEqual({ collected: 1, coins: 50 });
    expect(await collectReferralCoins(port(), c, referrer)).toEqual({ collected: 0, coins: 0 });
    expect(await coinBalance(db(), referrer)).toBe(50);
    expect(await stateOf(friend)).toBe('received');
    expect(await events(friend)).toEqual(['pending', 'released', 'received']);
  });

  it('expires pending coins when the event ends, and never releases them afterwards', async () => {
    const c = await campaign({ endsAt: Date.now() + 1_000 });
    const referrer = await suite.rows.user('Late referrer');
    const friend = await bind(c, referrer, 'Slow friend');
    await advanceReferrals(port(), Date.now() + 2_000);
    expect(await stateOf(friend)).toBe('expired');
    await levelUp(friend, 9);
    await advanceReferrals(port());
    expect(await stateOf(friend)).toBe('expired');
    expect(await collectReferralCoins(port(), c, referrer)).toEqual({ collected: 0, coins: 0 });
    expect(await events(friend)).toEqual(['pending', 'expired']);
  });

  it('at the end releases friends who reached the level while it ran, then expires the rest', async () => {
    const endsAt = Date.now() + 60_000;
    const c = await campaign({ endsAt });
    const referrer = await suite.rows.user('Last-minute referrer');
    const [early, never, late] = [await bind(c, referrer, 'Early'), await bind(c, referrer, 'Never'), await bind(c, referrer, 'Late')];
    // Early reached the level before the end, but no run saw it before the end; Late got it after.
    await levelUp(early);
    await db()
      .updateTable('users')
      .set({ level: 2, updated_at: endsAt + 500 })
      .where('id', '=', late)
      .execute();
    await advanceReferrals(port(), endsAt + 1_000);
    expect([await stateOf(early), await stateOf(never), await stateOf(late)]).toEqual(['released', 'expired', 'expired']);
    expect(await events(early)).toEqual(['pending', 'released']);
    expect(await events(late)).toEqual(['pending', 'expired']);
    // Released coins are still collected after the end; nothing else moves again.
    await levelUp(never);
    await advanceReferrals(port(), endsAt + 2_000);
    expect([await stateOf(early), await stateOf(never), await stateOf(late)]).toEqual(['released', 'expired', 'expired']);
    expect(await collectReferralCoins(port(), c, referrer)).toEqual({ collected: 1, coins: 50 });
  });

  it('expires pending and released coins of a blocked referrer; received coins stay', async () => {
    const c = await campaign();
    const referrer = await suite.rows.user('Cheater');
    const [paid, released, pending] = [await bind(c, referrer, 'A'), await bind(c, referrer, 'B'), await bind(c, referrer, 'C')];
    await levelUp(paid);
    await advanceReferrals(port());
    await collectReferralCoins(port(), c, referrer);
    await levelUp(released);
    await advanceReferrals(port());
    await db().updateTable('users').set({ state: 'blocked' }).where('id', '=', referrer).execute();
    await levelUp(pending);
    await advanceReferrals(port());
    expect([await stateOf(paid), await stateOf(released), await stateOf(pending)]).toEqual(['received', 'expired', 'expired']);
    expect(await coinBalance(db(), referrer)).toBe(50);
  });

  it('two job runners at once move each friend once', async () => {
    const c = await campaign();
    const referrer = await suite.rows.user('Popular');
    const friends = [];
    for (let i = 0; i < 40; i++) friends.push(await bind(c, referrer, `Crowd ${i}`));
    await db().updateTable('users').set({ level: 3 }).where('id', 'in', friends).execute();
    const other = engine === 'postgres' ? openDatabase({ dialect: 'postgres', url: suite.t.url }) : null;
    try {
      const runs = await Promise.all([advanceReferrals(port()), advanceReferrals(other ?? port()), advanceReferrals(port())]);
      const released = runs.reduce((s, r) => s + r.released, 0);
      expect(released).toBe(40);
      const moves = await db()
        .selectFrom('referral_events')
        .innerJoin('lottery_invites', 'lottery_invites.id', 'referral_events.invite_id')
        .select('referral_events.id')
        .where('lottery_invites.campaign_id', '=', c.id)
        .where('referral_events.state', '=', 'released')
        .execute();
      expect(moves).toHaveLength(40);
    } finally {
      await other?.close();
    }
  });

  it('answers the referrer page and collect calls, refusing bad input and other kinds', async () => {
    const c = await campaign();
    const referrer = await suite.rows.user('Page owner');
    const cookie = (await suite.rows.signIn(referrer)).cookie;
    const friend = await bind(c, referrer, 'Zhang San');
    await levelUp(friend);
    await advanceReferrals(port());
    const call = (method: 'GET' | 'POST', url: string, body?: unknown, withCookie = true) =>
      suite.t.app
        .inject({
          method,
          url,
          headers: { ...CLIENT_HEADERS, ...(withCookie ? { cookie } : {}) },
          ...(body ? { payload: JSON.stringify(body) } : {}),
        })
        .then((r) => r.json());
    const s = await call('GET', `/api/cxy/v2/invite/summary?activityId=${c.id}`);
    expect(s.result).toMatchObject({ inviteCoins: 50, releaseLevel: 2, coins: { released: { friends: 1, coins: 50 } } });
    expect(s.result.friends).toEqual([expect.objectContaining({ nickname: 'Z***', state: 'released', coins: 50 })]);
    expect(await call('POST', '/api/cxy/v2/invite/collect', { activityId: c.id })).toMatchObject({
      code: 0,
      result: { collected: 1, coins: 50 },
    });
    expect((await call('POST', '/api/cxy/v2/invite/collect', { activityId: c.id }, false)).code).toBe(ResultCode.token);
    for (const body of [{}, { activityId: 'x' }, { activityId: [c.id] }, { activityId: true }])
      expect((await call('POST', '/api/cxy/v2/invite/collect', body)).code, JSON.stringify(body)).toBe(ResultCode.parameter);
    const { campaignId: raffle } = await makeCampaign(db(), { noWinWeight: 1, prizes: [] });
    expect((await call('GET', `/api/cxy/v2/invite/summary?activityId=${raffle}`)).code).toBe(ResultCode.notFound);
  });

  it('refuses bad input, visitors and unknown campaigns on the referrer summary', async () => {
    const c = await campaign();
    const cookie = (await suite.rows.signIn(await suite.rows.user('Curious'))).cookie;
    await bind(c, await suite.rows.user('Busy referrer'), 'Their friend');
    const summary = (query: string, withCookie = true) =>
      suite.t.app
        .inject({
          method: 'GET',
          url: `/api/cxy/v2/invite/summary${query}`,
          headers: { ...CLIENT_HEADERS, ...(withCookie ? { cookie } : {}) },
        })
        .then((r) => r.json());
    for (const query of [
      '',
      '?activityId=',
      '?activityId=x',
      '?activityId=0',
      '?activityId=-1',
      '?activityId=1.5',
      '?activityId=1e3',
      '?activityId=99999999999999999',
    ])
      expect((await summary(query)).code, query).toBe(ResultCode.parameter);
    expect((await summary(`?activityId=${c.id}&activityId=${c.id}`)).code).toBe(ResultCode.parameter);
    expect((await summary(`?activityId=${c.id}`, false)).code).toBe(ResultCode.token);
    expect((await summary('?activityId=987654321')).code).toBe(ResultCode.notFound);
    // A signed-in member who invited nobody sees an empty summary, never someone else's friends.
    const mine = await summary(`?activityId=${c.id}`);
    expect(mine.code).toBe(0);
    expect(mine.result).toMatchObject({ friends: [], qualified: 0, coins: { pending: { friends: 0, coins: 0 } } });
  });
});
