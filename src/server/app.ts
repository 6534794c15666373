import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { AppLoadContext } from 'react-router';
import { accountsPlugin } from './accounts/plugin';
import { addressesPlugin } from './addresses/plugin';
import { analyticsPlugin } from './analytics/plugin';
import { campaignsPlugin } from './campaigns/plugin';
import { checkinPlugin } from './checkin/plugin';
import { collectionPlugin } from './collection/plugin';
import type { Config } from './config';
import { consolePlugin } from './console/plugin';
import { contentPlugin } from './content/plugin';
import { corePlugin } from './core';
import type { Db } from './db/database';
import { freeModelPlugin } from './free-model/plugin';
import { giftpackPlugin } from './giftpack/plugin';
import { requestIdFrom } from './http/context';
import { editionLocale } from './http/locale';
import { httpPlugin } from './http/plugin';
import { RequestLog } from './http/request-log';
import { routerErrorOptions } from './http/router-errors';
import { type BuildLoader, registerSsr } from './http/ssr';
import { registerStatic } from './http/static';
import { invitePlugin } from './invite/plugin';
import { jobsPlugin } from './jobs';
import { lotteryPlugin } from './lottery/plugin';
import { mallPlugin } from './mall/plugin';
import { modelerPlugin } from './modeler/plugin';
import { oauthPlugin } from './oauth/plugin';
import { pageServices } from './page-services';
import { photoScanPlugin } from './photo-scan/plugin';
import { sitePlugin } from './site/plugin';
import { systemPlugin } from './system/plugin';
import { univerPlugin } from './univer/plugin';
import { venuesPlugin } from './venues/plugin';
import { wechatPlugin } from './wechat/plugin';

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
  await app.register(corePlugin, { config, ...(opts.db ? { db: opts.db } : {}) });
  await app.register(httpPlugin, { dev: !!opts.viteMiddlewares });
  await app.register(jobsPlugin);

  // One plugin per domain, each naming the plugins it needs before it (see docs/architecture.md).
  for (const domain of DOMAINS) await app.register(domain);

  if (opts.viteMiddlewares) {
    await app.register((await import('@fastify/middie')).default);
    app.use(opts.viteMiddlewares);
  } else if (opts.clientDir) {
    await registerStatic(app, opts.clientDir);
  }
  if (opts.ssrBuild) {
    const services = pageServices(app.services);
    registerSsr(app, {
      build: opts.ssrBuild,
      mode: opts.viteMiddlewares ? 'development' : 'production',
      loadContext: (request, reply, anonymous): AppLoadContext => ({
        services,
        ctx: anonymous ? { ...request.ctx, token: '', userId: '' } : request.ctx,
        cspNonce: reply.cspNonce?.script ?? '',
      }),
      cache: app.services.pageCache,
    });
  }
  return app;
}

const DOMAINS = [
  systemPlugin,
  accountsPlugin,
  contentPlugin,
  wechatPlugin,
  addressesPlugin,
  campaignsPlugin,
  lotteryPlugin,
  invitePlugin,
  checkinPlugin,
  collectionPlugin,
  giftpackPlugin,
  univerPlugin,
  photoScanPlugin,
  modelerPlugin,
  freeModelPlugin,
  analyticsPlugin,
  venuesPlugin,
  mallPlugin,
  // After every domain whose admin calls its sections use (its dependencies are checked in order).
  consolePlugin,
  sitePlugin,
  oauthPlugin,
];

/** TRUST_PROXY: true/false, a hop count, or addresses/CIDRs (comma-separated) of the proxies. */
function trustProxy(v: string): FastifyServerOptions['trustProxy'] {
  if (v === 'true') return true;
  if (v === 'false' || v === '') return false;
  if (/^\d+$/.test(v)) return Number(v) as unknown as string;
  return v.split(',').map((s) => s.trim());
}
