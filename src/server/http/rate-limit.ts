import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { ResultCode } from '../../shared/errors';
import { AppError } from './app-error';

/**
 * Rate limiting, opt-in per route (`config.rateLimit`). Counters live in memory for one instance
 * or in Redis (`REDIS_URL`) so several instances share them. Domains with other keys (per phone
 * number, per user) pass a keyGenerator in their route config.
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
        app.log.warn('redis not reachable yet: rate limits are not enforced until it is');
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
    ...(redis ? { redis, nameSpace: 'cxy-rl:' } : {}),
    // When Redis is unreachable, serve rather than refuse everyone.
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new AppError(ResultCode.tooManyRequests, {
        httpStatus: 429,
        params: { seconds: Math.ceil(context.ttl / 1000) },
        result: { retryAfterSeconds: Math.ceil(context.ttl / 1000) },
      }),
  });
}
