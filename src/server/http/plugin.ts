import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import fp from 'fastify-plugin';
import { brotliParams } from './compression';
import { headerContextPlugin } from './context';
import { registerCsrf } from './csrf';
import { registerErrorHandling } from './error-handler';
import { hostPolicy, registerHostGuard } from './hosts';
import { editionLocale } from './locale';
import { registerOpenApi } from './openapi';
import { registerRateLimit } from './rate-limit';
import { registerSecurityHeaders } from './security';
import { registerUnreadBodyDiscard } from './unread-body';

/**
 * What every request goes through before a domain's route sees it: cookies, the header
 * context, security headers, the host guard, compression, rate limits, CSRF, the one error
 * path, and the OpenAPI document of every route.
 */
export const httpPlugin = fp<{ dev: boolean }>(
  async (app, { dev }) => {
    const { config } = app;
    await app.register(cookie);
    await app.register(headerContextPlugin, { editionLocale: editionLocale(config.EDITION) });
    // An external analytics collector (ANALYTICS_SERVER_URL) receives the SDK's ajax and beacon posts.
    const connectSrc = config.ANALYTICS_SERVER_URL ? [new URL(config.ANALYTICS_SERVER_URL).origin] : [];
    const hsts = config.PUBLIC_URL?.startsWith('https://') ?? false;
    await registerSecurityHeaders(app, { dev, connectSrc, hsts });
    registerHostGuard(app, hostPolicy(config));
    await app.register(compress, {
      threshold: 1024,
      encodings: ['br', 'gzip'],
      // Quality 4 keeps on-the-fly brotli cheap; static assets are pre-compressed at build time.
      brotliOptions: { params: brotliParams(4) },
    });
    registerUnreadBodyDiscard(app);
    await registerRateLimit(app, {
      ...(config.REDIS_URL ? { redisUrl: config.REDIS_URL } : {}),
      allowList: config.RATE_LIMIT_ALLOWLIST.split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    });
    registerCsrf(app, config.PUBLIC_URL ? { publicOrigin: new URL(config.PUBLIC_URL).origin } : {});
    registerErrorHandling(app);
    registerOpenApi(app);
  },
  { name: 'http', dependencies: ['core'], fastify: '5.x' },
);
