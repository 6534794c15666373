import { describe, expect, it } from 'vitest';
import { campaignOr404 } from '../../src/server/campaigns/campaign';
import { coinBalance } from '../../src/server/campaigns/ledger';
import { checkIn, checkinStatus } from '../../src/server/checkin/service';
import { openDatabase } from '../../src/server/db/database';
import { ResultCode } from '../../src/shared/errors';
import { api } from '../helpers/accounts';
import { ENGINES } from '../helpers/app';
import { makeCampaign } from '../helpers/lottery';
import { appSuite } from '../helpers/suite';

/** Daily check-in and allActivity/join: one pay per member and day, streaks, zones. */
const C = '/api/cxy/v2';
const WEEK = [10, 10, 20, 10, 10, 20, 50];
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** 2026-11-22 12:00 UTC (20:00 in Shanghai). */
const NOON = Date.UTC(2026, 10, 22, 12);

describe.each(ENGINES)('daily check-in on %s', (engine) => {
  const suite = appSuite(engine);

  const db = () => suite.t.db.kysely;
  const port = () => suite.t.db;
  const as = (cookie?: string) => {
    const c = api(suite.t.app);
    const h = () => ({ __cxy_app_id_: 'creality_model', ...(cookie ? { cookie } : {}) });
    return {
      get: (path: string) => c.get(C + path, h()).then((r) => r.json()),
      post: (path: string, body: unknown) => c.post(C + path, body, h()).then((r) => r.json()),
    };
  };
  const member = async (name: string) => {
    const id = await suite.rows.user(name);
    return { id, cookie: (await suite.rows.signIn(id)).cookie };
  };
  const checkinCampaign = async (over: { startsAt?: number; endsAt?: number; rewards?: number[] } = {}) => {
    const { campaignId } = await makeCampaign(db(), {
      kind: 'checkin',
      startsAt: over.startsAt ?? NOON - 30 * DAY,
      endsAt: over.endsAt ?? NOON + 30 * DAY,
      settings: { checkinRewards: over.rewards ?? WEEK },
      prizes: [],
    });
    const c = await campaignOr404(port(), campaignId, 'checkin');
    if (!c) throw new Error('no campaign');
    return c;
  };

  it('pays once a day: a retry answers the day as it stands and pays nothing', async () => {
    const c = await checkinCampaign();
    const u = await suite.rows.user('Daily');
    expect(await checkIn(port(), c, u, 'UTC', NOON)).toEqual({ checkedIn: true, day: '2026-11-22', streak: 1, coins: 10, balance: 10 });
    expect(await checkIn(port(), c, u, 'UTC', NOON + HOUR)).toEqual({
      checkedIn: false,
      day: '2026-11-22',
      streak: 1,
      coins: 10,
      balance: 10,
    });
    expect(await coinBalance(db(), u)).toBe(10);
  });

  it('counts a streak day after day, cycles the rewards, and starts again after a gap', async () => {
    const c = await checkinCampaign();
    const u = await suite.rows.user('Streak');
    const paid: number[] = [];
    for (let d = 0; d < 9; d++) paid.push((await checkIn(port(), c, u, 'UTC', NOON + d * DAY)).coins);
    expect(paid).toEqual([10, 10, 20, 10, 10, 20, 50, 10, 10]);
    // Day 10 skipped: day 11 is day 1 again.
    const after = await checkIn(port(), c, u, 'UTC', NOON + 10 * DAY);
    expect(after).toMatchObject({ streak: 1, coins: 10 });
    expect(await coinBalance(db(), u)).toBe(150 + 10);
    const s = await checkinStatus(port(), c, u, 'UTC', '2026-11', NOON + 10 * DAY);
    expect(s).toMatchObject({ checkedToday: true, streak: 1, nextReward: 10, month: '2026-11' });
    expect(s.days.map((d) => d.day)).toEqual([
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
    ]);
  });

  it('uses the member time zone for the day, and pins it at the first check-in', async () => {
    const c = await checkinCampaign();
    const u = await suite.rows.user('Zone');
    // 15:30 UTC is 23:30 in Shanghai; 16:30 UTC is already the next day there.
    const late = Date.UTC(2026, 10, 22, 15, 30);
    expect(await checkIn(port(), c, u, 'Asia/Shanghai', late)).toMatchObject({ checkedIn: true, day: '2026-11-22', streak: 1 });
    // Asking for another zone changes nothing: in Los Angeles it would still be the 22nd.
    expect(await checkIn(port(), c, u, 'America/Los_Angeles', late + HOUR)).toMatchObject({
      checkedIn: true,
      day: '2026-11-23',
      streak: 2,
    });
    expect(await checkIn(port(), c, u, 'Pacific/Kiritimati', late + 2 * HOUR)).toMatchObject({ checkedIn: false, day: '2026-11-23' });
    const s = await checkinStatus(port(), c, u, 'UTC', undefined, late + 2 * HOUR);
    expect(s).toMatchObject({ timeZone: 'Asia/Shanghai', today: '2026-11-23', streak: 2, nextReward: 20 });
  });

  it('concurrent check-ins by one member, from several instances, pay exactly once', async () => {
    const c = await checkinCampaign();
    const u = await member('Tapper');
    const others = engine === 'postgres' ? [openDatabase({ dialect: 'postgres', url: suite.t.url }, { poolSize: 10 })] : [];
    try {
      const runs = await Promise.all([
        ...Array.from({ length: 10 }, () => as(u.cookie).post('/checkin/checkIn', { activityId: c.id, timeZone: 'Europe/Paris' })),
        ...others.flatMap((o) => Array.from({ length: 10 }, () => checkIn(o, c, u.id, 'Europe/Paris'))),
      ]);
      const results = runs.map((r) => ('code' in r ? r.result : r));
      expect(results.filter((r) => r.checkedIn)).toHaveLength(1);
      expect(new Set(results.map((r) => r.day)).size).toBe(1);
      const ledger = await db().selectFrom('coin_ledger').select('delta').where('user_id', '=', u.id).execute();
      expect(ledger).toEqual([{ delta: 10 }]);
    } finally {
      for (const o of others) await o.close();
    }
  });

  it('answers the calls for signed-in members, with the campaign states and bad input refused', async () => {
    const c = await checkinCampaign({ startsAt: Date.now() - DAY, endsAt: Date.now() + DAY });
    const ended = await checkinCampaign({ startsAt: Date.now() - 2 * DAY, endsAt: Date.now() - DAY });
    const { campaignId: raffle } = await makeCampaign(db(), { noWinWeight: 1, prizes: [] });
    const u = await member('Caller');
    const me = as(u.cookie);
    expect((await as().post('/checkin/checkIn', { activityId: c.id, timeZone: 'UTC' })).code).toBe(ResultCode.token);
    const done = await me.post('/checkin/checkIn', { activityId: c.id, timeZone: 'Asia/Shanghai' });
    expect(done).toMatchObject({ code: 0, result: { checkedIn: true, streak: 1, coins: 10 } });
    const s = await me.get(`/checkin/status?activityId=${c.id}&timeZone=UTC`);
    expect(s.result).toMatchObject({ state: 'ongoing', checkedToday: true, timeZone: 'Asia/Shanghai', rewards: WEEK, balance: 10 });
    expect((await me.post('/checkin/checkIn', { activityId: ended.id, timeZone: 'UTC' })).code).toBe(ResultCode.checkinClosed);
    // A raffle is not a check-in, nor the other way round.
    expect((await me.post('/checkin/checkIn', { activityId: raffle, timeZone: 'UTC' })).code).toBe(ResultCode.notFound);
    expect((await api(suite.t.app).get(`/api/rest/lottery/tLottery/getLotteryInfo?lotteryId=${c.id}`)).json().code).toBe(
      ResultCode.notFound,
    );

    const fresh = as((await member('Fresh')).cookie);
    for (const body of [
      {},
      { activityId: c.id },
      { activityId: 'abc', timeZone: 'UTC' },
      { activityId: -1, timeZone: 'UTC' },
      { activityId: c.id, timeZone: 'x'.repeat(10_000) },
      { activityId: c.id, timeZone: ['UTC'] },
      { activityId: { $gt: 0 }, timeZone: 'UTC' },
    ])
      expect((await fresh.post('/checkin/checkIn', body)).code, JSON.stringify(body).slice(0, 80)).toBe(ResultCode.parameter);
    for (const zone of ['Mars/Olympus', '<script>alert(1)</script>', '../../etc'])
      expect((await fresh.post('/checkin/checkIn', { activityId: c.id, timeZone: zone })).code).toBe(ResultCode.invalidTimeZone);
    for (const month of ['2026-13', '2026-1', 'now', "2026-11' or 1=1"])
      expect((await fresh.get(`/checkin/status?activityId=${c.id}&timeZone=UTC&month=${encodeURIComponent(month)}`)).code).toBe(
        ResultCode.parameter,
      );
    // Nothing was written by any of them.
    const freshRows = await db().selectFrom('checkins').select('id').where('campaign_id', '=', c.id).execute();
    expect(freshRows).toHaveLength(1);
    // Without the app-id header (a form on another site), refused.
    const foreign = await suite.t.app.inject({
      method: 'POST',
      url: `${C}/checkin/checkIn`,
      headers: { 'content-type': 'application/json', cookie: u.cookie },
      payload: JSON.stringify({ activityId: c.id, timeZone: 'UTC' }),
    });
    expect(foreign.statusCode).toBe(403);
  });

  it('joins an activity once; joining again is harmless', async () => {
    const c = await checkinCampaign();
    const u = as((await member('Joiner')).cookie);
    expect(await u.post('/allActivity/join', { activityId: c.id })).toMatchObject({ code: 0, result: { joined: true, already: false } });
    expect(await u.post('/allActivity/join', { activityId: c.id, activityType: 3 })).toMatchObject({ code: 0, result: { already: true } });
    expect((await u.post('/allActivity/join', { activityId: 987654 })).code).toBe(ResultCode.notFound);
    expect((await u.post('/allActivity/join', { activityId: c.id, activityType: 'x' })).code).toBe(ResultCode.parameter);
    expect((await as().post('/allActivity/join', { activityId: c.id })).code).toBe(ResultCode.token);
  });
});
