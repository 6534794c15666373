import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskName } from '../../src/server/campaigns/reports';
import { PrizeKind } from '../../src/shared/enums';
import { ResultCode } from '../../src/shared/errors';
import { api } from '../helpers/accounts';
import { createTestApp, ENGINES, type TestApp } from '../helpers/app';
import { contentRows } from '../helpers/content';
import { makeCampaign } from '../helpers/lottery';

const L = '/api/rest/lottery';

describe.each(ENGINES)('raffle figures and logs on %s', (engine) => {
  let t: TestApp;
  let campaignId: number;
  let staffCookie: string;
  let fanCookie: string;
  let fanCode: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    const rows = contentRows(t.db);
    ({ campaignId } = await makeCampaign(t.db.kysely, {
      prizes: [
        { kind: PrizeKind.entity, stock: 2, weight: 1 },
        { kind: PrizeKind.bean, stock: 0, weight: 1, value: 10 },
      ],
      settings: { dailyChances: 1 },
    }));
    const staff = await rows.user('Staff');
    staffCookie = (await rows.signIn(staff)).cookie;
    await t.db.kysely
      .insertInto('user_roles')
      .values({ user_id: staff, role: 'staff', scope: `activity:${campaignId}`, created_at: Date.now() })
      .execute();
    for (const name of ['林薇 Lin Wei', 'Sam Carter']) {
      const cookie = (await rows.signIn(await rows.user(name))).cookie;
      await as(cookie).get(`/tLottery/lottery?lotteryId=${campaignId}`);
      fanCookie = cookie;
    }
    fanCode = (await as(fanCookie).get(`/tLottery/myPrize?lotteryId=${campaignId}`)).result[0].redeemCode;
  });
  afterAll(() => t.close());

  function as(cookie?: string) {
    const c = api(t.app);
    const h = () => ({ __cxy_app_id_: 'creality_model', __cxy_requestid_: crypto.randomUUID(), ...(cookie ? { cookie } : {}) });
    return {
      get: (path: string) => c.get(L + path, h()).then((r) => r.json()),
      post: (path: string, body: unknown) => c.post(L + path, body, h()).then((r) => r.json()),
    };
  }

  it('publishes participants, draws and a masked winners marquee', async () => {
    const info = await as().get(`/tLottery/getLotteryDataInfo?lotteryId=${campaignId}`);
    expect(info.result).toMatchObject({ participants: 2, draws: 2 });
    expect(info.result.winners.map((w: { nickname: string }) => w.nickname)).toEqual(['S***', '林***']);
    expect(JSON.stringify(info.result)).not.toContain('Carter');
    expect((await as().get('/tLottery/getLotteryDataInfo?lotteryId=424242')).code).toBe(ResultCode.notFound);
    expect(maskName('')).toBe('***');
  });

  it('shows the caller their own grants and coin log only', async () => {
    const times = await as(fanCookie).get(`/tLottery/getLotteryTimes?lotteryId=${campaignId}`);
    expect(times.result).toMatchObject({ remaining: 0, grants: [{ amount: 1, reason: 'base' }] });
    expect((await as().get(`/tLottery/getLotteryTimes?lotteryId=${campaignId}`)).code).toBe(ResultCode.token);
    expect((await as(fanCookie).get('/tLottery/getMyKwbeansWingingLog')).result).toEqual({ balance: 0, log: [] });
  });

  it('gives staff of the campaign the prize figures and the win log, and nobody else', async () => {
    const stats = await as(staffCookie).get(`/lotteryManger/getLotteryDataInfo?lotteryId=${campaignId}`);
    expect(stats.result.prizes.map((p: { stockLeft: number; won: number }) => [p.stockLeft, p.won])).toEqual([
      [0, 2],
      [0, 0],
    ]);
    expect((await as(fanCookie).get(`/lotteryManger/getLotteryDataInfo?lotteryId=${campaignId}`)).code).toBe(ResultCode.forbiddenRole);
    const log = await as(staffCookie).post('/lotteryManger/winLogList', { lotteryId: campaignId });
    expect(log.result).toMatchObject({ total: 2, page: 1, pageSize: 10 });
    const one = await as(staffCookie).post('/lotteryManger/winLogList', { lotteryId: campaignId, volumeCode: fanCode.toLowerCase() });
    expect(one.result.list).toHaveLength(1);
    expect(one.result.list[0]).toMatchObject({ redeemCode: fanCode, winner: 'Sam Carter' });
    expect((await as(staffCookie).post('/lotteryManger/winLogList', { lotteryId: campaignId, pageSize: 1000 })).code).toBe(
      ResultCode.parameter,
    );
    expect((await as(fanCookie).post('/lotteryManger/winLogList', { lotteryId: campaignId })).code).toBe(ResultCode.forbiddenRole);
  });
});
