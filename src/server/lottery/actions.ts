import { ResultCode } from '../../shared/errors';
import { dayKey } from '../../shared/time';
import { assertOpen, type Campaign } from '../campaigns/campaign';
import { coinBalance, grantChances, moveCoins, remainingChances } from '../campaigns/ledger';
import type { Db } from '../db/database';
import { keyedCall } from '../db/keyed';
import { AppError } from '../http/app-error';
import { grantOwedChances } from './owed';

/** Remaining chances (granting what is owed today first) and the coin balance. */
export async function myTimes(db: Db, c: Campaign<'raffle'>, userId: number, now = Date.now()) {
  let remember = () => {};
  const times = await db.transaction(async (trx) => {
    if (now >= c.startsAt && now < c.endsAt) remember = await grantOwedChances(db, trx, c, userId, now);
    return { remaining: await remainingChances(trx, c.id, userId), coins: await coinBalance(trx, userId) };
  });
  remember();
  return times;
}

/** A share of the campaign (spec `shareLog`): chances for at most `shareDailyCap` shares a day. */
export async function logShare(db: Db, c: Campaign<'raffle'>, userId: number, now = Date.now()) {
  assertOpen(c, now);
  return db.transaction(async (trx) => {
    const day = dayKey(now, c.settings.timeZone);
    const today = await trx
      .selectFrom('lottery_chance_grants')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('campaign_id', '=', c.id)
      .where('user_id', '=', userId)
      .where('business_key', 'like', `share:${day}:%`)
      .executeTakeFirstOrThrow();
    const n = Number(today.n);
    const granted =
      n < c.settings.shareDailyCap &&
      (await grantChances(
        trx,
        { campaignId: c.id, userId, amount: c.settings.shareChances, reason: 'share', key: `share:${day}:${n + 1}` },
        now,
      ));
    return { granted, remaining: await remainingChances(trx, c.id, userId) };
  });
}

/**
 * Coins for one more chance (spec `exchangeLotteryTimes`), once per request id: a retried or
 * concurrent duplicate is answered with the first exchange's outcome and pays nothing. The chance
 * balance is taken before the coins, in the order a draw takes them (a draw that wins coins), so
 * a participant's draw and exchange at once cannot deadlock.
 */
export async function exchangeChance(db: Db, c: Campaign<'raffle'>, userId: number, requestId: string, now = Date.now()) {
  assertOpen(c, now);
  if (c.settings.exchangeCost <= 0)
    throw new AppError(ResultCode.parameter, { messageKey: 'parameterNamed', params: { field: 'lotteryId' } });
  return keyedCall(db, { userId, operation: `exchange:${c.id}`, requestId }, now, async (trx) => {
    const key = `exchange:${userId}:${requestId}`;
    await grantChances(trx, { campaignId: c.id, userId, amount: 1, reason: 'exchange', key }, now);
    const paid = await moveCoins(trx, { userId, delta: -c.settings.exchangeCost, reason: 'exchange', key }, now);
    if (!paid) throw new AppError(ResultCode.insufficientCoins);
    return { remaining: await remainingChances(trx, c.id, userId), coins: await coinBalance(trx, userId) };
  });
}
