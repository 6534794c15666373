import { describe, expect, it } from 'vitest';
import { moveCoins } from '../../src/server/campaigns/ledger';
import { PrizeKind, WinState } from '../../src/shared/enums';
import { ResultCode } from '../../src/shared/errors';
import { api } from '../helpers/accounts';
import { ENGINES } from '../helpers/app';
import { makeCampaign } from '../helpers/lottery';
import { appSuite } from '../helpers/suite';

const L = '/api/rest/lottery';
const ADDRESS = { fullName: 'Lin Wei', phone: '+86 138 0013 8000', country: 'China', city: 'Shenzhen', detail: '1 Keji Rd, Nanshan <b>' };

describe.each(ENGINES)('raffle calls on %s', (engine) => {
  const suite = appSuite(engine);

  const as = (cookie?: string) => {
    const c = api(suite.t.app);
    const h = (extra: Record<string, string> = {}) => ({
      __cxy_app_id_: 'creality_model',
      __cxy_requestid_: crypto.randomUUID(),
      ...(cookie ? { cookie } : {}),
      ...extra,
    });
    return {
      get: (path: string, extra?: Record<string, string>) => c.get(L + path, h(extra)).then((r) => r.json()),
      post: (path: string, body: unknown) => c.post(L + path, body, h()).then((r) => r.json()),
      raw: c,
    };
  };
  const newUser = async (name: string) => {
    const id = await suite.rows.user(name);
    return { id, cookie: (await suite.rows.signIn(id)).cookie };
  };

  it('describes the campaign: segments with published odds, then the no-win segment', async () => {
    const { campaignId, prizeIds } = await makeCampaign(suite.t.db.kysely, {
      noWinWeight: 50,
      prizes: [
        { kind: PrizeKind.entity, stock: 1, weight: 10 },
        { kind: PrizeKind.bean, stock: 100, weight: 40, value: 200 },
      ],
    });
    const info = await as().get(`/tLottery/getLotteryInfo?lotteryId=${campaignId}`);
    expect(info.code).toBe(0);
    expect(info.result.state).toBe('ongoing');
    expect(
      info.result.segments.map((s: { prize: { id: string } | null; oddsPercent: number }) => [s.prize?.id ?? null, s.oddsPercent]),
    ).toEqual([
      [String(prizeIds[0]), 10],
      [String(prizeIds[1]), 40],
      [null, 50],
    ]);
    expect((await as().get('/tLottery/getLotteryInfo?lotteryId=987654')).code).toBe(ResultCode.notFound);
    expect((await as().get('/tLottery/getLotteryInfo?lotteryId=abc')).code).toBe(ResultCode.parameter);
    expect((await as().get('/tLottery/getLotteryInfo')).code).toBe(ResultCode.parameter);
  });

  it('draws for signed-in callers from our pages only, stops the wheel on the won segment, then says 0 draws', async () => {
    const { campaignId, prizeIds } = await makeCampaign(suite.t.db.kysely, {
      prizes: [{ kind: PrizeKind.bean, stock: 5, weight: 1, value: 20 }],
    });
    const u = await newUser('Spinner');
    expect((await as().get(`/tLottery/lottery?lotteryId=${campaignId}`)).code).toBe(ResultCode.token);
    // A link or an image on another site cannot make a signed-in visitor draw.
    const forged = await suite.t.app.inject({
      method: 'GET',
      url: `${L}/tLottery/lottery?lotteryId=${campaignId}`,
      headers: { cookie: u.cookie },
    });
    expect(forged.statusCode).toBe(403);
    const spun = await as(u.cookie).get(`/tLottery/lottery?lotteryId=${campaignId}`);
    expect(spun.result).toMatchObject({
      winState: WinState.win,
      segment: 0,
      remaining: 0,
      prize: { id: String(prizeIds[0]), kind: PrizeKind.bean, value: 20 },
    });
    const none = await as(u.cookie).get(`/tLottery/lottery?lotteryId=${campaignId}`);
    expect(none.code).toBe(ResultCode.noDraws);
    expect(none.msg).toBe('You have 0 draws.');
    expect((await as(u.cookie).get(`/tLottery/getMyLotteryTimes?lotteryId=${campaignId}`)).result).toEqual({ remaining: 0, coins: 20 });
    const ended = await makeCampaign(suite.t.db.kysely, { endsAt: Date.now() - 1, prizes: [] });
    const late = await as(u.cookie).get(`/tLottery/lottery?lotteryId=${ended.campaignId}`);
    expect(late).toMatchObject({ code: ResultCode.drawEnded, msg: 'Sorry, the sweepstakes is ended.' });
  });

  it('grants share chances up to the daily cap, and sells chances for coins once per request', async () => {
    const { campaignId } = await makeCampaign(suite.t.db.kysely, {
      noWinWeight: 1,
      prizes: [],
      settings: { dailyChances: 0, shareChances: 2, shareDailyCap: 1, exchangeCost: 100 },
    });
    const u = await newUser('Sharer');
    expect((await as(u.cookie).get(`/tLottery/shareLog?lotteryId=${campaignId}`)).result).toEqual({ granted: true, remaining: 2 });
    expect((await as(u.cookie).get(`/tLottery/shareLog?lotteryId=${campaignId}`)).result).toEqual({ granted: false, remaining: 2 });
    const poor = await as(u.cookie).get(`/tLottery/exchangeLotteryTimes?lotteryId=${campaignId}`);
    expect(poor).toMatchObject({
      code: ResultCode.insufficientCoins,
      msg: 'Insufficient Cuvacoins, complete missions in the app or website to get them',
    });
    await moveCoins(suite.t.db.kysely, { userId: u.id, delta: 250, reason: 'admin', key: `gift-${u.id}` }, Date.now());
    const requestId = crypto.randomUUID();
    const first = await as(u.cookie).get(`/tLottery/exchangeLotteryTimes?lotteryId=${campaignId}`, { __cxy_requestid_: requestId });
    const retry = await as(u.cookie).get(`/tLottery/exchangeLotteryTimes?lotteryId=${campaignId}`, { __cxy_requestid_: requestId });
    expect(first.result).toEqual({ remaining: 3, coins: 150 });
    expect(retry.result).toEqual({ remaining: 3, coins: 150 });
  });

  it('lets the winner claim an entity prize once, with an address that cannot change afterwards', async () => {
    const { campaignId } = await makeCampaign(suite.t.db.kysely, {
      prizes: [{ kind: PrizeKind.entity, stock: 3, weight: 1 }],
      settings: { dailyChances: 2 },
    });
    const winner = await newUser('Winner');
    const other = await newUser('Other');
    const spin = await as(winner.cookie).get(`/tLottery/lottery?lotteryId=${campaignId}`);
    const [won] = (await as(winner.cookie).get(`/tLottery/myPrize?lotteryId=${campaignId}`)).result;
    expect(won).toMatchObject({ winId: spin.result.winId, state: 'won', claim: null });
    const code = won.redeemCode;

    expect((await as(other.cookie).post('/tLottery/receiveAward', { awardsCode: code, addressInfo: ADDRESS })).code).toBe(
      ResultCode.claimFailed,
    );
    expect((await as(other.cookie).get(`/tLottery/prizeInfo?id=${won.winId}`)).code).toBe(ResultCode.notFound);
    expect(
      (await as(winner.cookie).post('/tLottery/receiveAward', { awardsCode: code, addressInfo: { ...ADDRESS, fullName: '' } })).code,
    ).toBe(ResultCode.parameter);
    expect((await as(winner.cookie).post('/tLottery/receiveAward', { awardsCode: 'nope', addressInfo: ADDRESS })).code).toBe(
      ResultCode.parameter,
    );

    const claimed = await as(winner.cookie).post('/tLottery/receiveAward', { awardsCode: code, addressInfo: ADDRESS });
    expect(claimed.result).toMatchObject({
      state: 'received',
      claim: { address: { fullName: 'Lin Wei', detail: '1 Keji Rd, Nanshan <b>' } },
    });
    const again = await as(winner.cookie).post('/tLottery/receiveAward', {
      awardsCode: code,
      addressInfo: { ...ADDRESS, city: 'Beijing' },
    });
    expect(again).toMatchObject({ code: ResultCode.claimFailed, msg: 'Failed to claim' });
    expect((await as(winner.cookie).get(`/tLottery/prizeInfo?id=${won.winId}`)).result.claim.address.city).toBe('Shenzhen');

    // An account at risk is told why it cannot claim.
    await as(winner.cookie).get(`/tLottery/lottery?lotteryId=${campaignId}`);
    const second = (await as(winner.cookie).get(`/tLottery/myPrize?lotteryId=${campaignId}`)).result.find(
      (w: { state: string }) => w.state === 'won',
    );
    await suite.t.db.kysely.updateTable('users').set({ state: 'at_risk' }).where('id', '=', winner.id).execute();
    const risky = await as(winner.cookie).post('/tLottery/receiveAward', { awardsCode: second.redeemCode, addressInfo: ADDRESS });
    expect(risky).toMatchObject({
      code: ResultCode.accountAtRisk,
      msg: 'Your account is at risk of violation, and you cannot claim the prize',
    });
  });

  it('writes a prize off once, by staff of that campaign only', async () => {
    const { campaignId } = await makeCampaign(suite.t.db.kysely, { prizes: [{ kind: PrizeKind.virtual, stock: 1, weight: 1 }] });
    const elsewhere = await makeCampaign(suite.t.db.kysely, { prizes: [] });
    const winner = await newUser('Visitor');
    const staffer = await newUser('Staff');
    const otherStaff = await newUser('Other staff');
    await suite.t.db.kysely
      .insertInto('user_roles')
      .values([
        { user_id: staffer.id, role: 'staff', scope: `activity:${campaignId}`, created_at: Date.now() },
        { user_id: otherStaff.id, role: 'staff', scope: `activity:${elsewhere.campaignId}`, created_at: Date.now() },
      ])
      .execute();
    await as(winner.cookie).get(`/tLottery/lottery?lotteryId=${campaignId}`);
    const [won] = (await as(winner.cookie).get(`/tLottery/myPrize?lotteryId=${campaignId}`)).result;
    const path = (code: string) => `/lotteryManger/writeOffOperation?activeId=${campaignId}&code=${code}`;

    expect((await as(winner.cookie).get(path(won.redeemCode))).code).toBe(ResultCode.forbiddenRole);
    expect((await as(otherStaff.cookie).get(path(won.redeemCode))).code).toBe(ResultCode.forbiddenRole);
    const check = await as(staffer.cookie).get(`/tLottery/checkLottery?activeId=${campaignId}&id=${won.redeemCode.toLowerCase()}`);
    expect(check.result).toMatchObject({ winner: 'Visitor', state: 'received' });
    expect((await as(staffer.cookie).get(path(won.redeemCode))).result.state).toBe('written_off');
    const twice = await as(staffer.cookie).get(path(won.redeemCode));
    // Each refusal says which: written off already, not a code of this event, not written like a code.
    expect(twice).toMatchObject({ code: ResultCode.codeError, msg: 'This prize has already been redeemed.' });
    const unknown = { code: ResultCode.codeError, msg: 'No prize of this event has this code.' };
    expect(await as(staffer.cookie).get(path('ABCDEFGHJKLM'))).toMatchObject(unknown);
    expect(await as(staffer.cookie).get(`/tLottery/checkLottery?activeId=${campaignId}&id=ABCDEFGHJKLM`)).toMatchObject(unknown);
    const format = { code: ResultCode.parameter, msg: 'A redeem code is 12 letters and digits from 2 to 9: check it and try again.' };
    expect(await as(staffer.cookie).get(path('<script>'))).toMatchObject(format);
    expect(await as(staffer.cookie).get(`/tLottery/checkLottery?activeId=${campaignId}&id=ABCDEF012345`)).toMatchObject(format);
  });
});
