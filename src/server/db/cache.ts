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
  /** What the key names ('campaign'): `Caches.changed(about, key)` drops it from every such cache. */
  readonly about?: string;
  /** Only for the type: what is kept, by what key. */
  readonly _types?: [K, V];
}

export function cacheSpec<K extends string | number, V>(spec: {
  name: string;
  max: number;
  ttlMs: number;
  about?: string;
}): CacheSpec<K, V> {
  return spec;
}

/** The caches of one database (each database has its own: tests open many in one process). */
export class Caches {
  private readonly caches = new Map<string, { about?: string; cache: NamedCache<string | number, unknown> }>();

  of<K extends string | number, V>(spec: CacheSpec<K, V>): NamedCache<K, V> {
    let entry = this.caches.get(spec.name);
    if (!entry) {
      entry = { about: spec.about, cache: new NamedCache(spec.max, spec.ttlMs) };
      this.caches.set(spec.name, entry);
    }
    return entry.cache as unknown as NamedCache<K, V>;
  }

  /** The thing `key` names changed (a campaign edited): every cache about such things drops it. */
  changed(about: string, key: string | number) {
    for (const entry of this.caches.values()) if (entry.about === about) entry.cache.invalidate(key);
  }

  /** Entries kept, per cache (for tests and for the operator's view of memory). */
  sizes(): Record<string, number> {
    return Object.fromEntries([...this.caches].map(([name, { cache }]) => [name, cache.size]));
  }

  clear() {
    for (const { cache } of this.caches.values()) cache.clear();
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
