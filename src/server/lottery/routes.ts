import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as contract from '../../shared/api/lottery';
import { ResultCode } from '../../shared/errors';
import { requireRole, requireUser } from '../accounts/auth';
import { campaignOr404 } from '../campaigns/campaign';
import { coinBalance, remainingChances } from '../campaigns/ledger';
import { dataInfo, prizeStats, winLog } from '../campaigns/reports';
import { ClaimRefused, claimPrize, myWins, prizeView, writeOff } from '../campaigns/wins';
import { AppError } from '../http/app-error';
import { endpoint } from '../http/envelope';
import { exchangeChance, logShare, myTimes } from './actions';
import { draw } from './draw';
import { lotteryInfo, segmentOf, wheelWith } from './views';

/** The raffle calls under `/api/rest/lottery/` (the page's, and staff write-off). */
export function registerLotteryRoutes(app: FastifyInstance) {
  const { db } = app;
  const { accounts } = app.services;
  const k = db.kysely;
  const user = async (request: FastifyRequest) => (await requireUser(accounts, request)).userId;
  const perIp = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });
  // GET calls that change something: only from our pages and apps (the app-id header), never a
  // link. Their answers are a few hundred bytes, under the compression threshold.
  const stateful = (max: number) => ({ ...perIp(max), csrf: 'always' as const, compress: false as const });

  endpoint(app, contract.getLotteryInfo, async (q, request) =>
    lotteryInfo(k, await campaignOr404(db, q.lotteryId, 'raffle'), request.ctx.locale, Date.now()),
  );

  endpoint(
    app,
    contract.lottery,
    async (q, request) => {
      const userId = await user(request);
      const c = await campaignOr404(db, q.lotteryId, 'raffle');
      const out = await draw(db, userId, c, request.ctx.requestId);
      const { prizes } = await wheelWith(db, c, out.prizeId);
      const won = out.prizeId === null ? null : (prizes.find((p) => p.id === out.prizeId) ?? null);
      return {
        winState: out.result,
        segment: segmentOf(prizes, out.prizeId),
        prize: won ? prizeView(won, request.ctx.locale) : null,
        winId: out.winId === null ? null : String(out.winId),
        remaining: out.remaining,
      };
    },
    stateful(60),
  );

  endpoint(
    app,
    contract.getMyLotteryTimes,
    async (q, request) => myTimes(db, await campaignOr404(db, q.lotteryId, 'raffle'), await user(request)),
    stateful(120),
  );

  endpoint(app, contract.myPrize, async (q, request) => myWins(db, await user(request), request.ctx.locale, { campaignId: q.lotteryId }));

  endpoint(app, contract.prizeInfo, async (q, request) => {
    const [win] = await myWins(db, await user(request), request.ctx.locale, { winId: q.id });
    // Someone else's win reads as unknown.
    if (!win) throw new AppError(ResultCode.notFound);
    return win;
  });

  endpoint(
    app,
    contract.shareLog,
    async (q, request) => logShare(db, await campaignOr404(db, q.lotteryId, 'raffle'), await user(request)),
    stateful(30),
  );

  endpoint(
    app,
    contract.exchangeLotteryTimes,
    async (q, request) => exchangeChance(db, await campaignOr404(db, q.lotteryId, 'raffle'), await user(request), request.ctx.requestId),
    stateful(30),
  );

  endpoint(
    app,
    contract.receiveAward,
    async (input, request) => {
      const userId = await user(request);
      try {
        const winId = await claimPrize(db, userId, input.awardsCode, input.addressInfo, Date.now(), request.ctx.requestId);
        const [win] = await myWins(db, userId, request.ctx.locale, { winId });
        if (!win) throw new AppError(ResultCode.notFound);
        return win;
      } catch (err) {
        if (!(err instanceof ClaimRefused)) throw err;
        request.log.warn({ userId, reason: err.message }, 'prize claim refused');
        throw new AppError(ResultCode.claimFailed);
      }
    },
    perIp(20),
  );

  // Staff of the campaign (role `staff`, scope `activity:<id>`), an admin, or staff of a venue
  // running it (the venues service knows which venues run which campaign).
  const staff = async (request: FastifyRequest, campaignId: number) =>
    (
      await requireRole(accounts, request, 'staff', `activity:${campaignId}`, (userId) =>
        app.services.venues.staffsCampaign(userId, campaignId),
      )
    ).userId;

  endpoint(app, contract.checkLottery, async (q, request) => {
    await staff(request, q.activeId);
    const row = await k
      .selectFrom('lottery_wins')
      .innerJoin('users', 'users.id', 'lottery_wins.user_id')
      .select(['lottery_wins.id', 'lottery_wins.user_id', 'users.nickname'])
      .where('redeem_code', '=', q.id)
      .where('campaign_id', '=', q.activeId)
      .executeTakeFirst();
    if (!row) throw new AppError(ResultCode.codeError, { messageKey: 'redeemCodeUnknown' });
    const [win] = await myWins(db, row.user_id, request.ctx.locale, { winId: row.id });
    if (!win) throw new AppError(ResultCode.codeError, { messageKey: 'redeemCodeUnknown' });
    return { ...win, winner: row.nickname };
  });

  endpoint(
    app,
    contract.writeOffOperation,
    async (q, request) => {
      const staffId = await staff(request, q.activeId);
      const done = await writeOff(db, staffId, q.activeId, q.code, Date.now(), request.ctx.requestId);
      request.log.info({ staffId, winId: done.id, campaignId: q.activeId }, 'prize written off');
      const [win] = await myWins(db, done.user_id, request.ctx.locale, { winId: done.id });
      if (!win) throw new AppError(ResultCode.codeError);
      return win;
    },
    stateful(120),
  );

  endpoint(app, contract.getLotteryDataInfo, async (q, request) => {
    await campaignOr404(db, q.lotteryId, 'raffle');
    return dataInfo(db, q.lotteryId, request.ctx.locale);
  });

  endpoint(app, contract.getLotteryTimes, async (q, request) => {
    const userId = await user(request);
    const c = await campaignOr404(db, q.lotteryId, 'raffle');
    const grants = await k
      .selectFrom('lottery_chance_grants')
      .select(['amount', 'reason', 'created_at'])
      .where('campaign_id', '=', c.id)
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(100)
      .execute();
    return {
      grants: grants.map((g) => ({ amount: g.amount, reason: g.reason, at: g.created_at })),
      remaining: await remainingChances(k, c.id, userId),
    };
  });

  endpoint(app, contract.getMyKwbeansWingingLog, async (_q, request) => {
    const userId = await user(request);
    const log = await k
      .selectFrom('coin_ledger')
      .select(['delta', 'reason', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(100)
      .execute();
    return { balance: await coinBalance(k, userId), log: log.map((l) => ({ delta: l.delta, reason: l.reason, at: l.created_at })) };
  });

  endpoint(app, contract.managerDataInfo, async (q, request) => {
    await staff(request, q.lotteryId);
    await campaignOr404(db, q.lotteryId, 'raffle');
    const [info, prizes] = await Promise.all([
      dataInfo(db, q.lotteryId, request.ctx.locale),
      prizeStats(db, q.lotteryId, request.ctx.locale),
    ]);
    return { ...info, prizes };
  });

  endpoint(app, contract.winLogList, async (input, request) => {
    await staff(request, input.lotteryId);
    return winLog(db, input, request.ctx.locale);
  });
}
