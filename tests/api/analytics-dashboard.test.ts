import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { campaignOr404 } from '../../src/server/campaigns/campaign';
import { acceptInvite } from '../../src/server/invite/invites';
import { advanceReferrals } from '../../src/server/invite/referrals';
import { ANALYTICS_COLLECT_PATH } from '../../src/shared/api/routes-analytics';
import { ENGINES } from '../helpers/app';
import { makeCampaign } from '../helpers/lottery';
import { sdkBatchBody } from '../helpers/sensors-sdk';
import { appSuite } from '../helpers/suite';

/**
 * The staff dashboard's figures: per day, top events, the funnels across sign-in (an
 * anonymous visitor who signs in is one person), filters, and who may read them. The invite
 * funnel's "qualified" friends are those whose coins were released, not those bound.
 */
const DAY = 86_400_000;
const D1 = Date.UTC(2026, 10, 20, 10);
const D2 = D1 + DAY;
let seq = 0;
const ev = (event: string, who: string, time: number, props: Record<string, unknown> = {}) => ({
  type: 'track',
  event,
  distinct_id: who,
  time,
  _track_id: ++seq,
  properties: props,
});
const signup = (anon: string, user: string, time: number) => ({
  type: 'track_signup',
  event: '$SignUp',
  distinct_id: user,
  original_id: anon,
  time,
  _track_id: ++seq,
  properties: {},
});

describe.each(ENGINES)('analytics dashboard on %s', (engine) => {
  const suite = appSuite(engine);
  const URL = '/api/cxy/admin/v2/analytics';
  let staffCookie = '';
  let memberCookie = '';
  /** The invite campaign the records are about, and another one. */
  let A = '';
  let OTHER = '';
  const get = (path: string, cookie: string) => suite.t.app.inject({ method: 'GET', url: `${URL}${path}`, headers: { cookie } });

  beforeAll(async () => {
    const staff = await suite.rows.user('Analyst');
    await suite.t.db.kysely
      .insertInto('user_roles')
      .values({ user_id: staff, role: 'staff', scope: 'analytics', created_at: Date.now() })
      .execute();
    staffCookie = (await suite.rows.signIn(staff)).cookie;
    memberCookie = (await suite.rows.signIn(await suite.rows.user('Member'))).cookie;
    // Cy's invite campaign: Dan reaches the level on D2 (coins released), Eve is bound but never
    // does, Fay reaches it days after the range. All three were bound (`FriendJoin` bound: true).
    const db = suite.t.db.kysely;
    const { campaignId } = await makeCampaign(db, {
      kind: 'invite',
      startsAt: D1 - DAY,
      endsAt: D2 + 30 * DAY,
      settings: { inviteCoins: 50, releaseLevel: 2 },
      prizes: [],
    });
    A = String(campaignId);
    OTHER = String(campaignId + 1);
    const campaign = await campaignOr404(suite.t.db, campaignId, 'invite');
    if (!campaign) throw new Error('no campaign');
    const cy = await suite.rows.user('Cy');
    const [dan, eve, fay] = [await suite.rows.user('Dan'), await suite.rows.user('Eve'), await suite.rows.user('Fay')];
    for (const friend of [dan, eve, fay])
      expect(await acceptInvite(suite.t.db, campaign, { inviteeId: friend, inviterId: cy, deviceId: randomUUID() })).toEqual({
        bound: true,
      });
    const levelUp = (u: number) => db.updateTable('users').set({ level: 2 }).where('id', '=', u).execute();
    await levelUp(dan);
    await advanceReferrals(suite.t.db, D2);
    await levelUp(fay);
    await advanceReferrals(suite.t.db, D2 + 5 * DAY);
    const c5 = { activeId: A, channel: 'poster' };
    const records = [
      // Ann views anonymously, signs in, draws, wins and claims.
      ev('$pageview', 'anon-ann', D1, c5),
      signup('anon-ann', '101', D1 + 1000),
      ev('LoginFinish', '101', D1 + 1100, c5),
      ev('LotteryDraw', '101', D1 + 2000, { ...c5, win: true }),
      ev('LotteryWin', '101', D1 + 2100, { ...c5, prizeKind: 1 }),
      ev('PrizeClaim', '101', D2, c5),
      // Bob views and draws without signing in here (an old session is not linked): no "signed in".
      ev('$pageview', 'anon-bob', D1, { activeId: A, channel: 'wechat' }),
      ev('LotteryDraw', 'anon-bob', D1 + 10, { activeId: A, channel: 'wechat', win: false }),
      // Cy shares; two friends join (both bound, through the poster), only Dan qualifies in the range.
      ev('InviteShare', String(cy), D2, { activeId: A, shareMethod: 'invite' }),
      ev('FriendJoin', String(dan), D2, { activeId: A, channel: 'poster', bound: true }),
      ev('FriendJoin', String(eve), D2, { activeId: A, channel: 'poster', bound: true }),
      // Another campaign, another day range.
      ev('$pageview', 'anon-dee', D2, { activeId: OTHER }),
      ev('$pageview', 'anon-old', D1 - 30 * DAY, { activeId: A }),
    ];
    const res = await suite.t.app.inject({ method: 'POST', url: ANALYTICS_COLLECT_PATH, payload: sdkBatchBody(records) });
    expect(res.json().result.accepted).toBe(records.length);
    await suite.t.app.analytics.flush();
  });

  it('gives staff events per day, top events and both funnels, a person counted once across sign-in', async () => {
    const res = await get(`/overview?from=2026-11-20&to=2026-11-21&activityId=${A}`, staffCookie);
    expect(res.json().code).toBe(0);
    const o = res.json().result;
    expect(o.days).toEqual([
      { day: '2026-11-20', events: 6, people: 2 },
      { day: '2026-11-21', events: 4, people: 4 },
    ]);
    expect(o.totals).toEqual({ events: 10, people: 5 });
    expect(o.topEvents[0]).toEqual({ event: '$pageview', count: 2 });
    expect(o.funnel).toEqual([
      { step: 'viewed', people: 2 },
      { step: 'signedIn', people: 1 },
      { step: 'drew', people: 1 },
      { step: 'won', people: 1 },
      { step: 'claimed', people: 1 },
    ]);
    expect(o.inviteFunnel).toEqual([
      { step: 'shared', people: 1 },
      { step: 'friendJoined', people: 2 },
      { step: 'qualified', people: 1 },
    ]);
  });

  it('counts as qualified the friends whose coins were released in the range, not those merely bound', async () => {
    const qualified = async (query: string) =>
      (await get(`/overview?${query}`, staffCookie)).json().result.inviteFunnel.find((s: { step: string }) => s.step === 'qualified')
        .people;
    // Eve, bound but below the level, never counts; Fay counts in the range her coins were released in.
    expect(await qualified(`from=2026-11-20&to=2026-11-21&activityId=${A}`)).toBe(1);
    expect(await qualified(`from=2026-11-20&to=2026-11-30&activityId=${A}`)).toBe(2);
    expect(await qualified('from=2026-11-22&to=2026-11-30')).toBe(1);
    expect(await qualified(`from=2026-11-20&to=2026-11-21&activityId=${OTHER}`)).toBe(0);
    // The channel a friend came through is their `FriendJoin`'s (Fay sent none).
    expect(await qualified('from=2026-11-20&to=2026-11-30&channel=poster')).toBe(1);
    expect(await qualified('from=2026-11-20&to=2026-11-30&channel=wechat')).toBe(0);
  });

  it('filters by channel and lists the campaigns and channels of a range', async () => {
    const wechat = (await get('/overview?from=2026-11-20&to=2026-11-21&channel=wechat', staffCookie)).json().result;
    expect(wechat.totals).toEqual({ events: 2, people: 1 });
    expect(wechat.funnel.map((s: { people: number }) => s.people)).toEqual([1, 0, 0, 0, 0]);
    const dims = (await get('/dimensions?from=2026-11-20&to=2026-11-21', staffCookie)).json().result;
    expect(dims).toEqual({ campaigns: [A, OTHER].sort(), channels: ['poster', 'wechat'] });
  });

  it('refuses members and visitors, and bad ranges', async () => {
    expect((await get('/overview?from=2026-11-20&to=2026-11-21', memberCookie)).statusCode).toBe(403);
    expect((await get('/overview?from=2026-11-20&to=2026-11-21', '')).json().code).toBe(4);
    const backwards = (await get('/overview?from=2026-11-22&to=2026-11-21', staffCookie)).json();
    expect(backwards.code).toBe(1);
    expect((await get('/overview?from=2025-01-01&to=2026-11-21', staffCookie)).json().code).toBe(1);
    expect((await get('/overview?from=2026-11-20&to=2026-11-21&activityId=%3Cx%3E', staffCookie)).json().code).toBe(1);
  });
});
