import { stateOf } from '../lottery/campaign';
import type { Tx } from '../lottery/ledger';
import { type CollectionCard, parseSettings } from '../lottery/settings';

/** A collection campaign as the card grants need it. */
export interface CollectionWindow {
  id: number;
  startsAt: number;
  endsAt: number;
  restocking: boolean;
  cards: CollectionCard[];
}

/**
 * How long a process trusts its list of collection campaigns. Every check-in, draw and invite
 * asks which collections run (the draw path is benchmarked): within this window the answer comes
 * from memory, and with none running the hooks cost nothing. A campaign created or changed on
 * this process is seen at once (`forgetCollections`); on other instances within this time.
 */
export const COLLECTIONS_RECHECK_MS = 5_000;

type Memory = { at: number; list: Promise<CollectionWindow[]> };

/**
 * Per database, keyed by its Kysely adapter: the one object a database's handle and all its
 * transactions share, and the grant hooks only hold a transaction (a process may open several
 * databases, as the tests do on both engines).
 */
const memories = new WeakMap<object, Memory>();
const keyOf = (db: Tx): object => db.getExecutor().adapter;

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
    cards: parseSettings(r.settings).collectionCards,
  }));
}

/** The collection campaigns that run (ongoing) at `now`, newest first; from memory when recent. */
export async function runningCollections(db: Tx, now: number): Promise<CollectionWindow[]> {
  const key = keyOf(db);
  let m = memories.get(key);
  if (!m || now < m.at || now - m.at >= COLLECTIONS_RECHECK_MS) {
    const list = load(db, now);
    const fresh = { at: now, list };
    // A failed read is not kept.
    list.catch(() => memories.get(key) === fresh && memories.delete(key));
    memories.set(key, fresh);
    m = fresh;
  }
  return (await m.list).filter((c) => stateOf(c, now) === 'ongoing');
}

/** Drops this process's list for the database (a collection campaign was created or changed). */
export function forgetCollections(db: Tx): void {
  memories.delete(keyOf(db));
}
