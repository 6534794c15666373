import type { ZShippingAddress } from '../../shared/api/addresses';
import type { MyPrizeView, PrizeView } from '../../shared/api/lottery';
import { PrizeKind } from '../../shared/enums';
import { ResultCode } from '../../shared/errors';
import type { Locale } from '../../shared/i18n';
import { uuidv7 } from '../../shared/uuid';
import type { Db } from '../db/database';
import { keyedCall } from '../db/keyed';
import { AppError } from '../http/app-error';
import { inLanguage } from './campaign';

type Address = import('zod').infer<typeof ZShippingAddress>;

type PrizeRow = { id: number; kind: number; name: string; image_url: string; value: number };

export const prizeView = (p: PrizeRow, locale: Locale): PrizeView => ({
  id: String(p.id),
  kind: p.kind,
  name: inLanguage(JSON.parse(p.name) as Record<string, string>, locale),
  imageUrl: p.image_url,
  value: p.value,
});

/** A user's wins (all campaigns, or one), newest first, with their claims. */
export async function myWins(
  db: Db,
  userId: number,
  locale: Locale,
  filter: { campaignId?: number; winId?: number },
): Promise<MyPrizeView[]> {
  let q = db.kysely
    .selectFrom('lottery_wins')
    .innerJoin('lottery_prizes', 'lottery_prizes.id', 'lottery_wins.prize_id')
    .leftJoin('lottery_claims', 'lottery_claims.win_id', 'lottery_wins.id')
    .select([
      'lottery_wins.id as win_id',
      'lottery_wins.state',
      'lottery_wins.redeem_code',
      'lottery_wins.created_at',
      'lottery_prizes.id',
      'lottery_prizes.kind',
      'lottery_prizes.name',
      'lottery_prizes.image_url',
      'lottery_prizes.value',
      'lottery_claims.address',
      'lottery_claims.created_at as claimed_at',
      'lottery_claims.shipped_at',
      'lottery_claims.carrier',
      'lottery_claims.tracking_number',
    ])
    .where('lottery_wins.user_id', '=', userId);
  if (filter.campaignId !== undefined) q = q.where('lottery_wins.campaign_id', '=', filter.campaignId);
  if (filter.winId !== undefined) q = q.where('lottery_wins.id', '=', filter.winId);
  const rows = await q.orderBy('lottery_wins.created_at', 'desc').orderBy('lottery_wins.id', 'desc').limit(200).execute();
  return rows.map((r) => ({
    winId: String(r.win_id),
    prize: prizeView(r, locale),
    state: r.state,
    redeemCode: r.redeem_code,
    createdAt: r.created_at,
    claim: r.address && r.claimed_at !== null ? { address: JSON.parse(r.address), createdAt: r.claimed_at } : null,
    shipment:
      r.shipped_at !== null && r.shipped_at !== undefined
        ? { carrier: r.carrier ?? '', trackingNumber: r.tracking_number ?? '', shippedAt: Number(r.shipped_at) }
        : null,
  }));
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
