import type { InviteTier } from '../../shared/api/invite';
import { ResultCode } from '../../shared/errors';
import type { Locale } from '../../shared/i18n';
import type { Campaign } from '../campaigns/campaign';
import { assertOpen } from '../campaigns/campaign';
import { givePrize } from '../campaigns/give';
import { prizeView } from '../campaigns/wins';
import type { Db, Tx } from '../db/database';
import { AppError } from '../http/app-error';

/**
 * Reward tiers of invite-friends campaigns: `settings.inviteTiers[n]` qualified friends
 * earn the campaign's prize n. A referrer claims one tier, after confirming, and the claim ends
 * their inviting: friends who arrive later are not bound, so they count for nothing.
 */

/** Friends who count: bound to the referrer and past the level (coins released or received). */
export async function qualifiedFriends(db: Tx, campaignId: number, referrerId: number): Promise<number> {
  const row = await db
    .selectFrom('lottery_invites')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('campaign_id', '=', campaignId)
    .where('inviter_id', '=', referrerId)
    .where('coin_state', 'in', ['released', 'received'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Serialises a referrer's tier claim with friends binding to them in the same campaign: a friend
 * binding while the claim commits is either counted before it or refused after it.
 */
export function lockReferrer(db: Db, trx: Tx, campaignId: number, referrerId: number) {
  return db.lock(trx, `referrer:${campaignId}:${referrerId}`);
}

/** The referrer's claim in the campaign, if they made one. */
export async function tierClaimOf(db: Tx, campaignId: number, referrerId: number) {
  return db
    .selectFrom('referral_tier_claims')
    .select(['tier', 'friends', 'win_id', 'created_at'])
    .where('campaign_id', '=', campaignId)
    .where('user_id', '=', referrerId)
    .executeTakeFirst();
}

const tierPrizes = (db: Tx, campaignId: number) =>
  db
    .selectFrom('lottery_prizes')
    .select(['id', 'kind', 'name', 'image_url', 'value', 'stock'])
    .where('campaign_id', '=', campaignId)
    .orderBy('position')
    .orderBy('id')
    .execute();

/** The tiers as the page shows them: friends needed and the prize of each. */
export async function inviteTiers(db: Db, c: Campaign<'invite'>, locale: Locale): Promise<InviteTier[]> {
  if (c.settings.inviteTiers.length === 0) return [];
  const prizes = await tierPrizes(db.kysely, c.id);
  return c.settings.inviteTiers.flatMap((friends, i) => {
    const p = prizes[i];
    return p ? [{ friends, prize: prizeView(p, locale), inStock: p.stock > 0 }] : [];
  });
}

/**
 * Claims tier `tier` for the referrer: one transaction that checks they have not claimed before
 * and have enough qualified friends, gives the tier's prize (its stock guarded; a physical prize
 * then waits for an address like a raffle win) and records the claim under its unique key, so two
 * claims at once give one prize.
 */
export async function claimTier(db: Db, c: Campaign<'invite'>, referrerId: number, tier: number, now = Date.now()) {
  assertOpen(c, now);
  const needed = c.settings.inviteTiers[tier];
  if (needed === undefined) throw new AppError(ResultCode.parameter, { messageKey: 'parameterNamed', params: { field: 'tier' } });
  return db.transaction(async (trx) => {
    await lockReferrer(db, trx, c.id, referrerId);
    if (await tierClaimOf(trx, c.id, referrerId)) throw new AppError(ResultCode.tierClaimed);
    const friends = await qualifiedFriends(trx, c.id, referrerId);
    if (friends < needed) throw new AppError(ResultCode.tierNotReached);
    const prize = (await tierPrizes(trx, c.id))[tier];
    const winId = prize ? await givePrize(trx, c.id, prize.id, referrerId, now) : null;
    if (!prize || winId === null) throw new AppError(ResultCode.tierSoldOut);
    const claim = await trx
      .insertInto('referral_tier_claims')
      .values({ campaign_id: c.id, user_id: referrerId, tier, friends, win_id: winId, created_at: now })
      .onConflict((oc) => oc.columns(['campaign_id', 'user_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    // Unreachable while the lock holds; the key still guards a claim made some other way.
    if (!claim) throw new AppError(ResultCode.tierClaimed);
    return { tier, winId: String(winId), prize };
  });
}
