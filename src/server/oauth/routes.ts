import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ResultCode } from '../../shared/errors';
import type { AccountsModule } from '../accounts/module';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { DEFAULT_LOCALE_FALLBACK } from '../http/locale';
import { message } from '../http/messages';
import { toClientMetadata } from './clients';
import { registerInteractionRoutes } from './interactions';
import { createOAuthProvider, OAUTH_PREFIX } from './provider';

/**
 * Mounts the OAuth server: oidc-provider (a Koa app) answers everything under OAUTH_PREFIX —
 * discovery, authorize, token, userinfo, jwks — except our interaction calls (interactions.ts),
 * which are more specific routes and so win in Fastify's router.
 */
export async function registerOAuth(app: FastifyInstance, deps: { config: Config; db: Db; accounts: AccountsModule }) {
  const { config, db, accounts } = deps;
  const requests = new WeakMap<IncomingMessage, FastifyRequest>();
  const publicOrigin = new URL(config.PUBLIC_URL ?? `http://localhost:${config.PORT}`);
  const provider = await createOAuthProvider({
    publicOrigin: publicOrigin.origin,
    db: db.kysely,
    accounts: accounts.accounts,
    secret: accounts.secret,
    signingKey: config.OAUTH_SIGNING_KEY,
    clients: config.oauthClients.map(toClientMetadata),
    siteUser: async (req) => {
      const request = requests.get(req);
      if (!request) return null;
      const user = await accounts.accounts.authenticate(request.ctx).catch(() => null);
      return user ? String(user.userId) : null;
    },
  });
  // Koa then reads protocol, host and client address from X-Forwarded-*, which the handler below
  // sets (callers' own X-Forwarded-* never get through): the client address Fastify concluded
  // under TRUST_PROXY, and the public origin whatever host the request came by, so that every
  // endpoint the provider names shares the issuer's origin (clients check it) and its cookies
  // are Secure when the public origin is https.
  provider.proxy = true;
  provider.on('server_error', (_ctx, err) => app.log.error({ err }, 'oauth2 server error'));
  // Paths under the prefix the provider does not serve: our usual 404 envelope.
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.status === 404 && ctx.body === undefined) {
      const locale = requests.get(ctx.req)?.ctx.locale ?? DEFAULT_LOCALE_FALLBACK;
      ctx.status = 404;
      ctx.set('cache-control', 'no-store');
      ctx.body = { code: ResultCode.routeNotFound, msg: message(locale, 'http.404'), result: null };
    }
  });

  registerInteractionRoutes(app, { provider, accounts: accounts.accounts });

  const handle = provider.callback();
  await app.register(async (scope) => {
    // The provider reads request bodies itself (token endpoint forms): Fastify must not.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.all(
      `${OAUTH_PREFIX}/*`,
      // Clients call the token endpoint server to server: no app-id header, no same origin.
      { config: { csrf: false, rateLimit: { max: 300, timeWindow: '1 minute' } } },
      async (request, reply) => {
        const raw = request.raw as IncomingMessage & { originalUrl?: string };
        const url = raw.url ?? '/';
        reply.hijack();
        // Mounted like Express does: the provider sees the path below the prefix and finds the
        // prefix again from originalUrl when it builds its own URLs. The full URL is back before
        // Fastify's own 'finish' listener (the request log) runs.
        raw.originalUrl = url;
        raw.url = url.slice(OAUTH_PREFIX.length) || '/';
        reply.raw.prependOnceListener('finish', () => {
          raw.url = url;
        });
        raw.headers['x-forwarded-proto'] = publicOrigin.protocol.slice(0, -1);
        raw.headers['x-forwarded-host'] = publicOrigin.host;
        raw.headers['x-forwarded-for'] = request.ip;
        requests.set(raw, request);
        try {
          await handle(raw, reply.raw);
        } finally {
          raw.url = url;
        }
      },
    );
  });
}
