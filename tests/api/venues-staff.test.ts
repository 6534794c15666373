import { describe, expect, it } from 'vitest';
import { PrizeKind } from '../../src/shared/enums';
import { ResultCode } from '../../src/shared/errors';
import { dayBounds } from '../../src/shared/time';
import { api } from '../helpers/accounts';
import { ENGINES } from '../helpers/app';
import { makeCampaign } from '../helpers/lottery';
import { appSuite } from '../helpers/suite';

/**
 * Venue staff (role `staff`, scope `venue:<slug>`): they write off the prizes of their venue's
 * raffle through the lottery's own calls, once each, and no other venue's; and they read today's
 * draws, wins and write-offs in the venue's time zone.
 */
const L = '/api/rest/lottery';
const texts = (s: string) => ({ en: s, 'zh-CN': s, 'zh-TW': s, fr: s });

describe.each(ENGINES)('venue staff on %s', (engine) => {
  const suite = appSuite(engine);
  let n = 0;

  const as = (cookie?: string) => {
    const c = api(suite.t.app);
    const h = () => ({ __cxy_app_id_: 'creality_model', __cxy_requestid_: crypto.randomUUID(), ...(cookie ? { cookie } : {}) });
    return { get: (path: string) => c.get(path, h()).then((r) => ({ status: r.statusCode, ...r.json() })) };
  };
  const person = async (name: string, scope?: string) => {
    const id = await suite.rows.user(name);
    if (scope)
      await suite.t.app.services.accounts.adminUpdate({ userId: id, addRoles: [{ role: scope === '*' ? 'admin' : 'staff', scope }] });
    return { id, cookie: (await suite.rows.signIn(id)).cookie };
  };
  /** A venue whose raffle always wins its physical prize. */
  const venue = async (timeZone = 'Asia/Shanghai') => {
    const { campaignId } = await makeCampaign(suite.t.db.kysely, {
      settings: { dailyChances: 5 },
      prizes: [{ kind: PrizeKind.entity, stock: 100, weight: 1 }],
    });
    const slug = `s${engine.slice(0, 2)}${++n}${Math.floor(Math.random() * 1000)}`;
    await suite.t.app.services.venues.create({
      slug,
      name: texts('Hall'),
      place: texts('Place'),
      startsAt: Date.now() - 86_400_000,
      endsAt: Date.now() + 86_400_000,
      timeZone,
      printers: [],
      samples: [],
      campaignId,
      wechat: {},
    });
    return { slug, campaignId };
  };
  const win = async (cookie: string, campaignId: number): Promise<string> => {
    expect((await as(cookie).get(`${L}/tLottery/lottery?lotteryId=${campaignId}`)).result.winState).toBe(1);
    const prizes = (await as(cookie).get(`${L}/tLottery/myPrize?lotteryId=${campaignId}`)).result as { redeemCode: string }[];
    return prizes[0]?.redeemCode as string;
  };
  const writeOff = (cookie: string, campaignId: number, code: string) =>
    as(cookie).get(`${L}/lotteryManger/writeOffOperation?activeId=${campaignId}&code=${code}`);

  it("write off their own venue's prizes only, once", async () => {
    const a = await venue();
    const b = await venue();
    const staffA = await person('Staff A', `venue:${a.slug}`);
    const staffB = await person('Staff B', `venue:${b.slug}`);
    const member = await person('Member');
    const winner = await person('Winner');
    const code = await win(winner.cookie, a.campaignId);

    for (const refused of [staffB, member, winner]) {
      expect((await writeOff(refused.cookie, a.campaignId, code)).code).toBe(ResultCode.forbiddenRole);
      expect((await as(refused.cookie).get(`${L}/tLottery/checkLottery?activeId=${a.campaignId}&id=${code}`)).code).toBe(
        ResultCode.forbiddenRole,
      );
    }
    expect((await writeOff('', a.campaignId, code)).code).toBe(ResultCode.token);
    // Staff of venue A cannot use A's role on B's campaign, nor pass A's code off as B's.
    expect((await writeOff(staffA.cookie, b.campaignId, code)).code).toBe(ResultCode.forbiddenRole);
    expect((await writeOff(staffB.cookie, b.campaignId, code)).code).toBe(ResultCode.codeError);

    const check = await as(staffA.cookie).get(`${L}/tLottery/checkLottery?activeId=${a.campaignId}&id=${code.toLowerCase()}`);
    expect(check.result).toMatchObject({ winner: 'Winner', state: 'won' });
    const figures = await as(staffA.cookie).get(`${L}/lotteryManger/getLotteryDataInfo?lotteryId=${a.campaignId}`);
    expect(figures.code).toBe(0);

    const done = await writeOff(staffA.cookie, a.campaignId, code);
    expect(done.result.state).toBe('written_off');
    expect(await writeOff(staffA.cookie, a.campaignId, code)).toMatchObject({
      code: ResultCode.codeError,
      msg: 'This prize has already been redeemed.',
    });
    const row = await suite.t.db.kysely.selectFrom('lottery_wins').selectAll().where('redeem_code', '=', code).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'written_off', written_off_by: staffA.id });
  });

  it('write a prize off once under concurrent scans', async () => {
    const a = await venue();
    const staff1 = await person('Scanner 1', `venue:${a.slug}`);
    const staff2 = await person('Scanner 2', `venue:${a.slug}`);
    const code = await win((await person('Lucky')).cookie, a.campaignId);
    const tries = await Promise.all(
      Array.from({ length: 8 }, (_, i) => writeOff(i % 2 ? staff1.cookie : staff2.cookie, a.campaignId, code)),
    );
    expect(tries.filter((t) => t.code === 0)).toHaveLength(1);
    expect(tries.filter((t) => t.code === ResultCode.codeError)).toHaveLength(7);
  });

  it("read today's draws, wins and write-offs of their venue, in its time zone", async () => {
    const a = await venue('Asia/Shanghai');
    const b = await venue();
    const staffA = await person('Counter', `venue:${a.slug}`);
    const staffB = await person('Other counter', `venue:${b.slug}`);
    const today = (cookie: string, slug = a.slug) => as(cookie).get(`/api/cxy/v2/venues/today?slug=${slug}`);

    const zero = await today(staffA.cookie);
    expect(zero.result).toEqual({
      day: dayBounds(Date.now(), 'Asia/Shanghai').day,
      timeZone: 'Asia/Shanghai',
      campaignId: String(a.campaignId),
      draws: 0,
      wins: 0,
      writtenOff: 0,
    });

    const visitor = await person('Visitor');
    const first = await win(visitor.cookie, a.campaignId);
    await win(visitor.cookie, a.campaignId);
    await win((await person('Visitor 2')).cookie, b.campaignId);
    await writeOff(staffA.cookie, a.campaignId, first);
    expect((await today(staffA.cookie)).result).toMatchObject({ draws: 2, wins: 2, writtenOff: 1 });

    // A draw made just before the venue's midnight belongs to yesterday.
    const { from } = dayBounds(Date.now(), 'Asia/Shanghai');
    const k = suite.t.db.kysely;
    await k
      .updateTable('lottery_draws')
      .set({ created_at: from - 1 })
      .where('campaign_id', '=', a.campaignId)
      .where('user_id', '=', visitor.id)
      .execute();
    await k
      .updateTable('lottery_wins')
      .set({ written_off_at: from - 1 })
      .where('redeem_code', '=', first)
      .execute();
    expect((await today(staffA.cookie)).result).toMatchObject({ draws: 0, wins: 2, writtenOff: 0 });

    // Staff of another venue, members and anonymous callers are refused; admins may look.
    expect(await today(staffB.cookie)).toMatchObject({ status: 403, code: ResultCode.forbiddenRole });
    expect(await today((await person('Nobody')).cookie)).toMatchObject({ status: 403, code: ResultCode.forbiddenRole });
    expect(await today('')).toMatchObject({ status: 401, code: ResultCode.token });
    const admin = await person('Boss', '*');
    expect((await today(admin.cookie)).code).toBe(0);
    expect((await today(admin.cookie, 'nosuch')).code).toBe(ResultCode.notFound);
    expect((await today(admin.cookie, '%3Cscript%3E')).code).toBe(ResultCode.parameter);
    expect((await as(admin.cookie).get('/api/cxy/v2/venues/today')).code).toBe(ResultCode.parameter);
  });
});
