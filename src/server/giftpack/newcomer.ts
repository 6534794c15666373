import type { NewcomerOffer } from '../../shared/api/giftpack';
import type { MyPrizeView } from '../../shared/api/lottery';
import { ResultCode } from '../../shared/errors';
import type { Locale } from '../../shared/i18n';
import { type Campaign, campaignHead, stateOf } from '../campaigns/campaign';
import { givePrize } from '../campaigns/give';
import { myWins, prizeView } from '../campaigns/wins';
import type { Db } from '../db/database';
import { AppError } from '../http/app-error';

const DAY = 86_400_000;

/** Why a member may not claim: a new account is one made since the campaign began, and recently. */
async function newcomerRefusal(db: Db, c: Campaign<'newcomer'>, userId: number, now: number) {
  const u = await db.kysely.selectFrom('users').select('created_at').where('id', '=', userId).executeTakeFirstOrThrow();
  return u.created_at >= c.startsAt && now - u.created_at <= c.settings.newcomerDays * DAY ? null : ('notNew' as const);
}

/** The pack as the page shows it, and (for a signed-in member) whether they can claim it. */
export async function newcomerOffer(
  db: Db,
  c: Campaign<'newcomer'>,
  userId: number | null,
  locale: Locale,
  now = Date.now(),
): Promise<NewcomerOffer> {
  const prizes = await db.kysely
    .selectFrom('lottery_prizes')
    .select(['id', 'kind', 'name', 'image_url', 'value'])
    .where('campaign_id', '=', c.id)
    .orderBy('position')
    .execute();
  let status: NewcomerOffer['status'] = 'signedOut';
  if (stateOf(c, now) !== 'ongoing') status = 'closed';
  else if (userId !== null) {
    const claimed = await db.kysely
      .selectFrom('newcomer_claims')
      .select('user_id')
      .where('campaign_id', '=', c.id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    status = claimed ? 'claimed' : ((await newcomerRefusal(db, c, userId, now)) ?? 'open');
  }
  return {
    ...campaignHead(c, locale, now),
    newcomerDays: c.settings.newcomerDays,
    prizes: prizes.map((p) => prizeView(p, locale)),
    status,
  };
}

/**
 * Claims the whole pack, once (the claim row's key): every prize in stock is given in the same
 * transaction. Claiming again answers the prizes of the first claim.
 */
export async function claimNewcomer(
  db: Db,
  c: Campaign<'newcomer'>,
  userId: number,
  locale: Locale,
  now = Date.now(),
): Promise<MyPrizeView[]> {
  if (stateOf(c, now) !== 'ongoing') throw new AppError(ResultCode.giftPackClosed);
  if (await newcomerRefusal(db, c, userId, now)) throw new AppError(ResultCode.notNewcomer);
  await db.transaction(async (trx) => {
    const first = await trx
      .insertInto('newcomer_claims')
      .values({ campaign_id: c.id, user_id: userId, created_at: now })
      .onConflict((oc) => oc.columns(['campaign_id', 'user_id']).doNothing())
      .returning('user_id')
      .executeTakeFirst();
    if (!first) return;
    const prizes = await trx.selectFrom('lottery_prizes').select('id').where('campaign_id', '=', c.id).orderBy('position').execute();
    for (const p of prizes) await givePrize(trx, c.id, p.id, userId, now);
  });
  return myWins(db, userId, locale, { campaignId: c.id });
}
