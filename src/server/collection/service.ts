import type { CollectionView, EarnLinks } from '../../shared/api/collection';
import { ResultCode } from '../../shared/errors';
import type { Locale } from '../../shared/i18n';
import { type Campaign, campaignHead, inLanguage, isKind, loadCampaign, stateOf } from '../campaigns/campaign';
import { givePrize } from '../campaigns/give';
import { prizeView } from '../campaigns/wins';
import type { Db, Tx } from '../db/database';
import { AppError } from '../http/app-error';
import { runningCollections } from './running';

/** The prize a complete set is exchanged for: the campaign's first (by position). */
const setPrize = (db: Tx, campaignId: number) =>
  db
    .selectFrom('lottery_prizes')
    .select(['id', 'kind', 'name', 'image_url', 'value'])
    .where('campaign_id', '=', campaignId)
    .orderBy('position')
    .orderBy('id')
    .executeTakeFirst();

/** The newest check-in, raffle and invite campaigns running now: where cards are earned. */
async function earnLinks(db: Db, now: number): Promise<EarnLinks> {
  const rows = await db.kysely
    .selectFrom('lottery_campaigns')
    .select(['id', 'kind'])
    .where('kind', 'in', ['checkin', 'raffle', 'invite'])
    .where('starts_at', '<=', now)
    .where('ends_at', '>', now)
    .orderBy('starts_at')
    .execute();
  // Later rows start later: each kind keeps its newest.
  const links: Record<string, string> = {};
  for (const r of rows) links[r.kind] = String(r.id);
  return links;
}

/** Unused cards per key. */
async function countsOf(db: Tx, campaignId: number, userId: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('collection_cards')
    .select(['card_key', (eb) => eb.fn.countAll().as('n')])
    .where('campaign_id', '=', campaignId)
    .where('user_id', '=', userId)
    .where('exchange_id', 'is', null)
    .groupBy('card_key')
    .execute();
  return new Map(rows.map((r) => [r.card_key, Number(r.n)]));
}

/** The campaign with its cards as a reader sees it: counts and exchange are the member's (none signed out). */
export async function collectionView(
  db: Db,
  c: Campaign<'collection'>,
  userId: number | null,
  locale: Locale,
  now = Date.now(),
): Promise<CollectionView> {
  const [prize, earn, counts, exchange] = await Promise.all([
    setPrize(db.kysely, c.id),
    earnLinks(db, now),
    userId === null ? new Map<string, number>() : countsOf(db.kysely, c.id, userId),
    userId === null
      ? undefined
      : db.kysely
          .selectFrom('collection_exchanges')
          .select(['win_id', 'created_at'])
          .where('campaign_id', '=', c.id)
          .where('user_id', '=', userId)
          .executeTakeFirst(),
  ]);
  return {
    ...campaignHead(c, locale, now),
    cards: c.settings.collectionCards.map((k) => ({ key: k.key, name: inLanguage(k.name, locale), count: counts.get(k.key) ?? 0 })),
    prize: prize ? prizeView(prize, locale) : null,
    earn,
    exchange: exchange?.win_id ? { winId: String(exchange.win_id), createdAt: exchange.created_at } : null,
  };
}

/** A collection campaign's page for everyone (without an id: the newest running now); null otherwise. */
export async function collectionPage(db: Db, campaignId: number | null, locale: Locale, now = Date.now()) {
  const id = campaignId ?? (await runningCollections(db, db.kysely, now))[0]?.id;
  const c = id ? await loadCampaign(db, id) : null;
  return isKind(c, 'collection') ? collectionView(db, c, null, locale, now) : null;
}

/**
 * Exchanges a complete set for the prize, in one transaction: the exchange row first (unique per
 * member and campaign: a second exchange, even a concurrent one on another instance, waits for
 * the first and then finds the row taken), one unused card of every kind marked as spent in it
 * (duplicates stay), and the prize given with its stock guarded. Any refusal rolls it all back.
 */
export async function exchangeSet(db: Db, c: Campaign<'collection'>, userId: number, locale: Locale, now = Date.now()) {
  const state = stateOf(c, now);
  if (state === 'restocking') throw new AppError(ResultCode.drawRestocking);
  if (state !== 'ongoing') throw new AppError(ResultCode.collectionClosed);
  await db.transaction(async (trx) => {
    const exchange = await trx
      .insertInto('collection_exchanges')
      .values({ campaign_id: c.id, user_id: userId, win_id: null, created_at: now })
      .onConflict((oc) => oc.columns(['campaign_id', 'user_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!exchange) throw new AppError(ResultCode.collectionExchanged);
    for (const card of c.settings.collectionCards) {
      const spent = await trx
        .updateTable('collection_cards')
        .set({ exchange_id: exchange.id })
        .where('id', '=', (eb) =>
          eb
            .selectFrom('collection_cards')
            .select('id')
            .where('campaign_id', '=', c.id)
            .where('user_id', '=', userId)
            .where('card_key', '=', card.key)
            .where('exchange_id', 'is', null)
            .orderBy('id')
            .limit(1),
        )
        .executeTakeFirst();
      if (Number(spent.numUpdatedRows) === 0) throw new AppError(ResultCode.collectionIncomplete);
    }
    const prize = await setPrize(trx, c.id);
    const winId = prize ? await givePrize(trx, c.id, prize.id, userId, now) : null;
    if (winId === null) throw new AppError(ResultCode.collectionOutOfStock);
    await trx.updateTable('collection_exchanges').set({ win_id: winId }).where('id', '=', exchange.id).execute();
  });
  return collectionView(db, c, userId, locale, now);
}
