import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as contract from '../../shared/api/analytics';
import { ANALYTICS_COLLECT_PATH } from '../../shared/api/routes-analytics';
import { ResultCode } from '../../shared/errors';
import { requireRole } from '../accounts/auth';
import type { Config } from '../config';
import { endpoint } from '../http/envelope';
import { message } from '../http/messages';
import { decodeCollect } from './decode';
import { checkRecord, type EventRecord, type ProfileRecord, type Reason } from './records';
import { dimensions, overview } from './stats';
import { AnalyticsWriter } from './writer';

declare module 'fastify' {
  interface FastifyInstance {
    /** The collector's write buffer: tests and the dashboard may flush it. */
    analytics: AnalyticsWriter;
  }
}

/** A transparent 1×1 GIF: the answer to the SDK's image requests. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/**
 * The collector the Sensors Data SDK sends to (every encoding: decode.ts) and the staff
 * dashboard's figures. Registered by the analytics plugin (plugin.ts).
 */
export function registerAnalyticsRoutes(app: FastifyInstance, config: Config) {
  const writer = new AnalyticsWriter(app.db, {
    flushMs: config.ANALYTICS_FLUSH_MS,
    maxRecords: config.ANALYTICS_FLUSH_RECORDS,
    maxBuffered: config.ANALYTICS_MAX_BUFFERED,
    log: app.log,
  });
  app.decorate('analytics', writer);
  // Graceful shutdown: onClose runs once in-flight requests are done, so everything they
  // accepted is written (the database is closed after the hooks: main.ts).
  app.addHook('onClose', () => writer.close());

  // In a scope of its own: its body parsers (any content type, read as text) stay here.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    // An image request gets an image whoever refused it (our checks: 400, 503; the body and rate
    // limits: 413, 429), with the refusal's status; posts keep the JSON reason.
    scope.addHook('onSend', async (request, reply, payload) => {
      if (request.method !== 'GET' || reply.statusCode < 400) return payload;
      reply.type('image/gif');
      return PIXEL;
    });
    scope.route({
      method: ['GET', 'POST'],
      url: ANALYTICS_COLLECT_PATH,
      bodyLimit: config.ANALYTICS_BODY_LIMIT_BYTES,
      // Other sites' pages may send here too (beacons carry no app id): no CSRF rule applies,
      // and nothing here acts for a signed-in user.
      config: { csrf: false, rateLimit: { max: config.ANALYTICS_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } },
      // A gzip body may inflate to four times the body limit: the mobile SDKs' batches of 50
      // records compress far less than that, and a few kilobytes must not become megabytes.
      handler: (request, reply) => collect(writer, request, reply, { maxJsonBytes: 4 * config.ANALYTICS_BODY_LIMIT_BYTES }),
    });
  });

  const { accounts } = app.services;
  const staff = (request: FastifyRequest) => requireRole(accounts, request, 'staff', 'analytics');
  endpoint(app, contract.overview, async (q, request) => {
    await staff(request);
    return overview(app.db.kysely, q);
  });
  endpoint(app, contract.dimensions, async (q, request) => {
    await staff(request);
    return dimensions(app.db.kysely, q);
  });
}

async function collect(writer: AnalyticsWriter, request: FastifyRequest, reply: FastifyReply, limits: { maxJsonBytes: number }) {
  // The SDK posts with `credentials: false` from any page that embeds it.
  reply.header('access-control-allow-origin', '*').header('cache-control', 'no-store');
  const body = typeof request.body === 'string' ? request.body : undefined;
  const decoded = await decodeCollect(request.query as Record<string, unknown>, body, limits);
  const now = Date.now();
  if (!decoded.ok) {
    request.log.info({ reason: decoded.reason }, 'analytics request refused');
    writer.add([], ['bad_request'], now);
    // The reason (for whoever debugs an SDK) in `result`; the message in the caller's language.
    const [status, code] = decoded.tooLarge ? [413, ResultCode.payloadTooLarge] : [400, ResultCode.badRequest];
    return reply.code(status).send({ code, msg: message(request.ctx.locale, `http.${status}`), result: { reason: decoded.reason } });
  }
  // A backlog at its cap (a database slower than the traffic, or down): refuse rather than drop;
  // the SDK's batch mode keeps its records and sends them again.
  if (writer.full) {
    return reply
      .code(503)
      .header('retry-after', '5')
      .send({ code: ResultCode.unavailable, msg: message(request.ctx.locale, 'http.503'), result: { reason: 'busy' } });
  }
  const accepted: (EventRecord | ProfileRecord)[] = [];
  const reasons: Reason[] = [];
  const rejected: { index: number; reason: Reason }[] = [];
  decoded.records.forEach((raw, index) => {
    const checked = checkRecord(raw, now);
    if (checked.ok) accepted.push(checked.record);
    else {
      reasons.push(checked.reason);
      rejected.push({ index, reason: checked.reason });
    }
  });
  writer.add(accepted, reasons, now);
  if (request.method === 'GET') return reply.type('image/gif').send(PIXEL);
  return reply.send({ code: ResultCode.success, msg: 'ok', result: { accepted: accepted.length, rejected } });
}
