import type { FastifyInstance } from 'fastify';
import * as contract from '../../shared/api/system';
import { LANGUAGE_COOKIE } from '../../shared/i18n';
import type { Db } from '../db/database';
import type { Drain } from '../http/drain';
import { endpoint } from '../http/envelope';

/** Health (for load balancers and operators), the header-context echo and a ping. */
export function registerSystemRoutes(app: FastifyInstance, deps: { db: Db; drain: Drain }) {
  // A plain answer (not the envelope): load balancers read the HTTP status. While draining it is
  // 503 whatever the database says, so they stop sending before this instance stops listening.
  app.get(contract.health.path, async (_request, reply) => {
    const up = await deps.db.ping();
    const status = deps.drain.draining ? 'draining' : up ? 'ok' : 'degraded';
    return reply
      .status(status === 'ok' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status, database: up ? 'ok' : 'down', dialect: deps.db.dialect });
  });

  endpoint(app, contract.context, async (_input, request) => {
    const { token, ...rest } = request.ctx;
    return { ...rest, token: token !== '' };
  });

  endpoint(app, contract.language, async (input, request, reply) => {
    reply.setCookie(LANGUAGE_COOKIE, input.locale, {
      path: '/',
      maxAge: 365 * 24 * 3600,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      // Not HttpOnly: the page's language switch reads it back; it holds no secret.
      httpOnly: false,
    });
    return { locale: input.locale };
  });

  endpoint(app, contract.ping, async (input) => ({ echo: input.message, at: new Date().toISOString() }), {
    rateLimit: { max: 60, timeWindow: '1 minute' },
  });
}
