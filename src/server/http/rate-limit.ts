import { createRequire } from 'node:module';
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { ResultCode } from '../../shared/errors';
import { AppError } from './app-error';

/**
 * Rate limiting, opt-in per route (`config.rateLimit`). Counters live in memory for one instance
 * or in Redis (`REDIS_URL`) so several instances share them. Domains with other keys (per phone
 * number, per user) pass a keyGenerator in their route config.
 *
 * Redis down (not reachable at start, or a command failing) neither lets everything through nor
 * refuses everyone: each instance counts in its own memory until Redis answers again, so the
 * limits still hold per instance (a sign-in, a code sent) and nobody is refused for the outage.
 */
export async function registerRateLimit(app: FastifyInstance, opts: { redisUrl?: string; allowList?: string[] }) {
  const redis = opts.redisUrl
    ? new Redis(opts.redisUrl, { connectTimeout: 2_000, maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false })
    : undefined;
  if (redis) {
    redis.on('error', (err) => app.log.warn({ err: err.message }, 'redis error'));
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
    // Commands are not queued while disconnected (a slow Redis must not stall requests), so wait
    // for the first connection before serving; if Redis is down, start anyway and say so.
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        app.log.warn('redis not reachable yet: rate limits count in this instance until it is');
        resolve();
      }, 3_000);
      redis.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(opts.allowList?.length ? { allowList: opts.allowList } : {}),
    // The plugin's published types predate its stores' (key, callback, timeWindow, max) calls.
    ...(redis ? { store: redisOrMemory(redis, 'cxy-rl:') as unknown as FastifyRateLimitStoreCtor } : {}),
    skipOnError: false,
    errorResponseBuilder: (_request, context) =>
      new AppError(ResultCode.tooManyRequests, {
        httpStatus: 429,
        params: { seconds: Math.ceil(context.ttl / 1000) },
        result: { retryAfterSeconds: Math.ceil(context.ttl / 1000) },
      }),
  });
}

/** The counter stores of @fastify/rate-limit (plain JavaScript: this is the part used here). */
interface Store {
  incr(key: string, cb: (err: Error | null, res: { current: number; ttl: number } | null) => void, timeWindow: number, max: number): void;
  child(routeOptions: RouteOptions): Store;
}
interface RouteOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo: { method: string; url: string };
}
type StoreClass<A extends unknown[]> = new (...args: A) => Store;
const require = createRequire(import.meta.url);
const RedisStore: StoreClass<[boolean, boolean, Redis, string]> = require('@fastify/rate-limit/store/RedisStore.js');
const LocalStore: StoreClass<[boolean, boolean, number?]> = require('@fastify/rate-limit/store/LocalStore.js');

/** Redis's counters while Redis answers; this instance's own otherwise (see above). */
class RedisOrMemoryStore implements Store {
  constructor(
    private readonly redis: Redis,
    private readonly shared: Store,
    private readonly local: Store,
  ) {}

  incr(key: string, cb: Parameters<Store['incr']>[1], timeWindow: number, max: number) {
    if (this.redis.status !== 'ready') return this.local.incr(key, cb, timeWindow, max);
    this.shared.incr(key, (err, res) => (err ? this.local.incr(key, cb, timeWindow, max) : cb(null, res)), timeWindow, max);
  }

  child(routeOptions: RouteOptions): Store {
    return new RedisOrMemoryStore(this.redis, this.shared.child(routeOptions), this.local.child(routeOptions));
  }
}

/** The store class the plugin constructs with its options. */
function redisOrMemory(redis: Redis, nameSpace: string) {
  return class extends RedisOrMemoryStore {
    constructor(params: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      const [continueExceeding, exponentialBackoff] = [!!params.continueExceeding, !!params.exponentialBackoff];
      super(
        redis,
        new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff),
      );
    }
  };
}
