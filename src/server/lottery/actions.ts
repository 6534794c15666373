import type { ZShippingAddress } from '../../shared/api/addresses';
import { PrizeKind } from '../../shared/enums';
import { ResultCode } from '../../shared/errors';
import { dayKey } from '../../shared/time';
import { uuidv7 } from '../../shared/uuid';
import type { Db } from '../db/database';
import { keyedCall } from '../db/keyed';
import { AppError } from '../http/app-error';
import { type Campaign, type CampaignKind, loadCampaign } from './campaign';
import { assertOpen } from './draw';
import { coinBalance, grantChances, moveCoins, remainingChances } from './ledger';
import { grantOwedChances } from './owed';

type Address = import('zod').infer<typeof ZShippingAddress>;

/** The campaign of that kind (a check-in campaign is not a raffle): 1001 otherwise. */
export async function campaignOr404(db: Db, campaignId: number, kind: CampaignKind = 'raffle'): Promise<Campaign> {
  const c = await loadCampaign(db, campaignId);
  if (!c || c.kind !== kind) throw new AppError(ResultCode.notFound);
  return c;
}

/** Remaining chances (granting what is owed today first) and the coin balance. */
export async function myTimes(db: Db, c: Campaign, userId: number, now = Date.now()) {
  let remember = () => {};
  const times = await db.transaction(async (trx) => {
    if (now >= c.startsAt && now < c.endsAt) remember = await grantOwedChances(db, trx, c, userId, now);
    return { remaining: await remainingChances(trx, c.id, userId), coins: await coinBalance(trx, userId) };
  });
  remember();
  return times;
}

/** A share of the campaign (spec `shareLog`): chances for at most `shareDailyCap` shares a day. */
export async function logShare(db: Db, c: Campaign, userId: number, now = Date.now()) {
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
export async function exchangeChance(db: Db, c: Campaign, userId: number, requestId: string, now = Date.now()) {
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

/** Why a claim was refused: logged, while the caller sees 'Failed to claim'. */
export class ClaimRefused extends Error {
  override name = 'ClaimRefused';
}

/**
 * The winner claims an entity prize with a shipping address (spec `receiveAward`): once, by the
 * winner only; accounts at risk are told why, blocked ones are refused. The address is stored as
 * submitted and cannot be edited afterwards.
 */
export async function claimPrize(
  db: Db,
  userId: number,
  code: string,
  address: Address,
  now = Date.now(),
  requestId = uuidv7(now),
): Promise<number> {
  return keyedCall(db, { userId, operation: 'claim', requestId }, now, async (trx) => {
    const user = await trx.selectFrom('users').select('state').where('id', '=', userId).executeTakeFirstOrThrow();
    if (user.state === 'at_risk') throw new AppError(ResultCode.accountAtRisk);
    if (user.state !== 'active') throw new ClaimRefused(`account ${user.state}`);
    const win = await trx
      .selectFrom('lottery_wins')
      .innerJoin('lottery_prizes', 'lottery_prizes.id', 'lottery_wins.prize_id')
      .select(['lottery_wins.id', 'lottery_wins.user_id', 'lottery_wins.state', 'lottery_prizes.kind'])
      .where('lottery_wins.redeem_code', '=', code)
      .executeTakeFirst();
    if (!win || win.user_id !== userId) throw new ClaimRefused('no such win for this user');
    if (win.kind !== PrizeKind.entity) throw new ClaimRefused('not an entity prize');
    // The state moves from won to received once; a second claim (or a concurrent one) finds none.
    const moved = await trx
      .updateTable('lottery_wins')
      .set({ state: 'received', claimed_at: now })
      .where('id', '=', win.id)
      .where('state', '=', 'won')
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) throw new ClaimRefused(`already ${win.state}`);
    await trx
      .insertInto('lottery_claims')
      .values({ win_id: win.id, user_id: userId, address: JSON.stringify(address), created_at: now })
      .execute();
    return win.id;
  });
}

/**
 * Staff write-off of a won prize by its redeem code (scanned or typed), for their campaign only,
 * once: a code already written off says so; an unknown or foreign one is not of this event.
 */
export function writeOff(db: Db, staffId: number, campaignId: number, code: string, now = Date.now(), requestId = uuidv7(now)) {
  return keyedCall(db, { userId: staffId, operation: `writeoff:${campaignId}`, requestId }, now, async (trx) => {
    const r = await trx
      .updateTable('lottery_wins')
      .set({ state: 'written_off', written_off_at: now, written_off_by: staffId })
      .where('redeem_code', '=', code)
      .where('campaign_id', '=', campaignId)
      .where('state', 'in', ['won', 'received'])
      .returning(['id', 'user_id'])
      .executeTakeFirst();
    if (!r) {
      const done = await trx
        .selectFrom('lottery_wins')
        .select('id')
        .where('redeem_code', '=', code)
        .where('campaign_id', '=', campaignId)
        .where('state', '=', 'written_off')
        .executeTakeFirst();
      throw new AppError(ResultCode.codeError, { messageKey: done ? 'redeemCodeWrittenOff' : 'redeemCodeUnknown' });
    }
    return r;
  });
}
