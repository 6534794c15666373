import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';

type Runner = Kysely<Database> | Transaction<Database>;

/**
 * Per database (keyed by its Kysely adapter, which its transactions share): a number that
 * changes whenever a table may have changed. Only the embedded engine can tell (one connection
 * sees every write of its process, and `PRAGMA data_version` reveals the other processes');
 * PostgreSQL's other instances write without this one knowing, so it has none.
 */
const stamps = new WeakMap<object, (table: string) => number>();

export function watchChanges(db: Kysely<Database>, stamp: (table: string) => number) {
  stamps.set(db.getExecutor().adapter, stamp);
}

/** The table's change stamp, or null when the database cannot tell (read it every time then). */
export function changeStamp(db: Runner, table: keyof Database & string): number | null {
  const stamp = stamps.get(db.getExecutor().adapter);
  return stamp ? stamp(table) : null;
}

/**
 * Rows read from a table kept while its change stamp stays the same: for what is read on every
 * request and written rarely (a campaign's settings and texts on every draw). On PostgreSQL it
 * keeps nothing.
 */
export class StampedCache<K, V> {
  private readonly entries = new WeakMap<object, Map<K, { stamp: number; value: V }>>();
  constructor(
    private readonly table: keyof Database & string,
    private readonly max = 1_000,
  ) {}

  async get(db: Runner, key: K, load: () => Promise<V>): Promise<V> {
    // Every signed-in call and draw comes through here: the adapter is looked up once.
    const adapter = db.getExecutor().adapter;
    const stamp = stamps.get(adapter)?.(this.table);
    if (stamp === undefined) return load();
    let map = this.entries.get(adapter);
    if (!map) {
      map = new Map();
      this.entries.set(adapter, map);
    }
    const hit = map.get(key);
    if (hit && hit.stamp === stamp) return hit.value;
    const value = await load();
    if (map.size >= this.max) map.clear();
    // Stamped as of before the read: a write meanwhile makes the next call read again.
    map.set(key, { stamp, value });
    return value;
  }
}
