import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { AppLoadContext } from 'react-router';
import { createAccountsModule, registerAccounts } from './accounts/module';
import { registerAnalyticsRoutes } from './analytics/routes';
import { registerCheckinRoutes } from './checkin/routes';
import { registerCollectionRoutes } from './collection/routes';
import type { Config } from './config';
import { registerConsoleRoutes } from './console/routes';
import { registerFileRoute } from './content/files-route';
import { registerContentImport } from './content/import/routes';
import { registerModerationRoutes } from './content/moderation-routes';
import { registerContentRoutes } from './content/routes';
import { type Db, openDatabase } from './db/database';
import { registerFreeModelRoutes } from './freemodel/routes';
import { registerGiftpackRoutes } from './giftpack/routes';
import { headerContextPlugin, requestIdFrom } from './http/context';
import { registerCsrf } from './http/csrf';
import { Drain } from './http/drain';
import { registerErrorHandling } from './http/error-handler';
import { hostPolicy, registerHostGuard } from './http/hosts';
import { editionLocale } from './http/locale';
import { registerOpenApi } from './http/openapi';
import { registerRateLimit } from './http/rate-limit';
import { RequestLog } from './http/request-log';
import { routerErrorOptions } from './http/router-errors';
import { registerSecurityHeaders } from './http/security';
import { type BuildLoader, registerSsr } from './http/ssr';
import { registerStatic } from './http/static';
import { registerUnreadBodyDiscard } from './http/unread-body';
import { registerAddressRoutes } from './lottery/address-routes';
import { registerLotteryAdminRoutes } from './lottery/admin-routes';
import { registerClaimsRoutes } from './lottery/claims-routes';
import { registerLotteryRoutes } from './lottery/routes';
import { registerMallRoutes } from './mall/routes';
import { createMallModule } from './mall/setup';
import { registerModelerRoutes } from './modeler/routes';
import { registerOAuth } from './oauth/routes';
import { registerPhotoScanRoutes } from './photoscan/routes';
import { createServices, type Services } from './services';
import { registerSitemapRoutes } from './site/sitemap-routes';
import { registerSystemRoutes } from './system/routes';
import { registerUniverRoutes } from './univer/routes';
import { registerVenueRoutes } from './venues/routes';
import { registerJsapiRoutes } from './wechat/jsapi-routes';

export interface AppOptions {
  /** The React Router server build; without it the app serves the API only (API tests). */
  ssrBuild?: BuildLoader;
  /** Directory of the client build (static assets). */
  clientDir?: string;
  /** Development: Vite's connect middlewares (HMR, on-demand modules). */
  viteMiddlewares?: import('vite').Connect.Server;
  /** A database already opened by the caller (tests share one); otherwise opened from config. */
  db?: Db;
  /** Where log lines go (stdout by default); tests read them. */
  logStream?: { write(line: string): void };
  /** Called before anything is registered, so every route gets its hooks: tests check answers with it. */
  instrument?: (app: FastifyInstance) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

/**
 * A visitor who closes the connection while a compressed answer streams makes the compression
 * plugin log "premature close" as an error. It is the client leaving, not a fault: logged at info.
 */
function clientGoneAsInfo(
  this: import('pino').Logger,
  args: Parameters<import('pino').LogFn>,
  method: import('pino').LogFn,
  level: number,
) {
  const [first] = args as unknown[];
  if (level >= 50 && first instanceof Error && first.message === 'premature close') {
    this.info({ err: first }, 'client closed the connection before the answer was sent');
    return;
  }
  method.apply(this, args);
}

export async function buildApp(config: Config, opts: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.cookie', 'req.headers.__cxy_token_'],
      hooks: { logMethod: clientGoneAsInfo },
      ...(opts.logStream ? { stream: opts.logStream } : {}),
    },
    genReqId: requestIdFrom,
    logController: new RequestLog(),
    trustProxy: trustProxy(config.TRUST_PROXY),
    bodyLimit: config.BODY_LIMIT_BYTES,
    return503OnClosing: true,
    routerOptions: { maxParamLength: 200 },
    ...routerErrorOptions(editionLocale(config.EDITION)),
  });

  opts.instrument?.(app);

  // Started by main.ts on SIGTERM; /healthz reads it.
  const drain = new Drain();
  app.decorate('drain', drain);

  const db = opts.db ?? openDatabase(config.database, { poolSize: config.DATABASE_POOL_SIZE });
  if (!opts.db) app.addHook('onClose', () => db.close());
  const accountsModule = await createAccountsModule(config, db, app.log);
  const mallModule = await createMallModule(config, db, app.log);
  app.addHook('onClose', () => mallModule.close());
  if (!config.PUBLIC_URL)
    app.addHook('onListen', async () => {
      const at = app.server.address();
      // WeChat Pay (the development stand-in) notifies the port this instance really listens on.
      if (at && typeof at === 'object') mallModule.payment.origin = `http://127.0.0.1:${at.port}`;
    });
  const services = createServices(config, db, accountsModule, mallModule.mall);
  app.decorate('services', services);

  await app.register(cookie);
  await app.register(headerContextPlugin, { editionLocale: editionLocale(config.EDITION) });
  // An external analytics collector (ANALYTICS_SERVER_URL) receives the SDK's ajax and beacon posts.
  const connectSrc = config.ANALYTICS_SERVER_URL ? [new URL(config.ANALYTICS_SERVER_URL).origin] : [];
  const hsts = config.PUBLIC_URL?.startsWith('https://') ?? false;
  await registerSecurityHeaders(app, { dev: !!opts.viteMiddlewares, connectSrc, hsts });
  registerHostGuard(app, hostPolicy(config));
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Quality 4 keeps on-the-fly brotli cheap; static assets are pre-compressed at build time.
    brotliOptions: { params: { [(await import('node:zlib')).constants.BROTLI_PARAM_QUALITY]: 4 } },
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
  registerSystemRoutes(app, { db, drain });
  registerAccounts(app, accountsModule, config.PUBLIC_URL);
  registerFileRoute(app, { db, storage: services.content.storage });
  registerContentImport(app);
  registerContentRoutes(app);
  registerJsapiRoutes(app, config);
  registerAddressRoutes(app);
  registerCheckinRoutes(app);
  registerCollectionRoutes(app);
  registerGiftpackRoutes(app);
  registerLotteryRoutes(app);
  registerLotteryAdminRoutes(app);
  registerClaimsRoutes(app);
  registerModerationRoutes(app);
  registerConsoleRoutes(app);
  registerUniverRoutes(app);
  registerPhotoScanRoutes(app, config);
  registerModelerRoutes(app);
  registerFreeModelRoutes(app, { secret: accountsModule.secret });
  registerAnalyticsRoutes(app, config);
  registerVenueRoutes(app);
  registerMallRoutes(app, mallModule);
  registerSitemapRoutes(app, config.PUBLIC_URL);
  await registerOAuth(app, { config, db, accounts: accountsModule });

  if (opts.viteMiddlewares) {
    await app.register((await import('@fastify/middie')).default);
    app.use(opts.viteMiddlewares);
  } else if (opts.clientDir) {
    await registerStatic(app, opts.clientDir);
  }
  if (opts.ssrBuild) {
    registerSsr(app, {
      build: opts.ssrBuild,
      mode: opts.viteMiddlewares ? 'development' : 'production',
      loadContext: (request, reply, anonymous): AppLoadContext => ({
        services,
        ctx: anonymous ? { ...request.ctx, token: '', userId: '' } : request.ctx,
        cspNonce: reply.cspNonce?.script ?? '',
      }),
      cache: services.pageCache,
    });
  }
  return app;
}

/** TRUST_PROXY: true/false, a hop count, or addresses/CIDRs (comma-separated) of the proxies. */
function trustProxy(v: string): FastifyServerOptions['trustProxy'] {
  if (v === 'true') return true;
  if (v === 'false' || v === '') return false;
  if (/^\d+$/.test(v)) return Number(v) as unknown as string;
  return v.split(',').map((s) => s.trim());
}
