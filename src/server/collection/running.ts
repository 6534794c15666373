import { stateOf } from '../campaigns/campaign';
import { type CollectionCard, parseSettings } from '../campaigns/settings';
import { cacheSpec } from '../db/cache';
import type { Db, Tx } from '../db/database';

/** A collection campaign as the card grants need it. */
export interface CollectionWindow {
  id: number;
  startsAt: number;
  endsAt: number;
  restocking: boolean;
  cards: CollectionCard[];
}

/**
 * Every check-in, draw and invite asks which collections run (the draw path is benchmarked): the
 * list is kept, so with none running the hooks cost nothing. Creating or changing a collection
 * campaign calls `forgetCollections` on the instance that did it; other instances see the change
 * within `ttlMs`.
 */
export const COLLECTIONS_RECHECK_MS = 5_000;
const COLLECTIONS = cacheSpec<'all', CollectionWindow[]>({ name: 'collections-running', max: 1, ttlMs: COLLECTIONS_RECHECK_MS });

/** Collection campaigns not ended at `now` (those not started yet included: they start later). */
async function load(db: Tx, now: number): Promise<CollectionWindow[]> {
  const rows = await db
    .selectFrom('lottery_campaigns')
    .select(['id', 'starts_at', 'ends_at', 'restocking', 'settings'])
    .where('kind', '=', 'collection')
    .where('ends_at', '>', now)
    .orderBy('starts_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    startsAt: r.starts_at,
    endsAt: r.ends_at,
    restocking: r.restocking === 1,
    cards: parseSettings('collection', r.settings).collectionCards,
  }));
}

/** The collection campaigns that run (ongoing) at `now`, newest first. `on`: the caller's transaction. */
export async function runningCollections(db: Db, on: Tx, now: number): Promise<CollectionWindow[]> {
  const list = await db.caches.of(COLLECTIONS).get('all', () => load(on, now));
  return list.filter((c) => stateOf(c, now) === 'ongoing');
}

/** Drops this instance's list (a collection campaign was created or changed). */
export function forgetCollections(db: Db): void {
  db.caches.of(COLLECTIONS).invalidate('all');
}
