import { LRUCache } from 'lru-cache';

/**
 * What a cache of database rows is allowed to be. Every cache says how many entries it keeps
 * and how stale a value may be on an instance that did not make the change: the instance whose
 * code writes the data drops the entry at once (`invalidate`), the others only when `ttlMs` has
 * passed since they read it.
 */
export interface CacheSpec<K, V> {
  readonly name: string;
  readonly max: number;
  readonly ttlMs: number;
  /** Only for the type: what is kept, by what key. */
  readonly _types?: [K, V];
}

export function cacheSpec<K extends string | number, V>(spec: { name: string; max: number; ttlMs: number }): CacheSpec<K, V> {
  return spec;
}

/** The caches of one database (each database has its own: tests open many in one process). */
export class Caches {
  private readonly caches = new Map<string, NamedCache<never, unknown>>();

  of<K extends string | number, V>(spec: CacheSpec<K, V>): NamedCache<K, V> {
    let cache = this.caches.get(spec.name);
    if (!cache) {
      cache = new NamedCache<never, unknown>(spec.max, spec.ttlMs);
      this.caches.set(spec.name, cache);
    }
    return cache as unknown as NamedCache<K, V>;
  }

  /** Entries kept, per cache (for tests and for the operator's view of memory). */
  sizes(): Record<string, number> {
    return Object.fromEntries([...this.caches].map(([name, c]) => [name, c.size]));
  }

  clear() {
    for (const c of this.caches.values()) c.clear();
  }
}

export class NamedCache<K extends string | number, V> {
  private readonly entries: LRUCache<K, { value: V }>;
  /** Moves on every invalidation: a load that began before it is not kept. */
  private generation = 0;

  constructor(max: number, ttlMs: number) {
    this.entries = new LRUCache({ max, ttl: ttlMs });
  }

  get size() {
    return this.entries.size;
  }

  async get(key: K, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit) return hit.value;
    const generation = this.generation;
    const value = await load();
    // A write that invalidated meanwhile may not be in what was read: read again next time.
    if (generation === this.generation) this.entries.set(key, { value });
    return value;
  }

  /** Called by the code that changed the data behind `key`, once its change is committed. */
  invalidate(key: K) {
    this.generation++;
    this.entries.delete(key);
  }

  clear() {
    this.generation++;
    this.entries.clear();
  }
}
