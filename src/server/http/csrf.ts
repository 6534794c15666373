import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HEADER } from '../../shared/context';
import { ResultCode } from '../../shared/errors';
import { AppError } from './app-error';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF rule for state-changing calls: a form or a simple cross-site request cannot set custom
 * headers, so the spec's app-id header must be present (a cross-site script would need a CORS
 * preflight, which we never grant); and when the browser states an Origin it must be ours.
 * Routes opt out with `config: { csrf: false }` (analytics beacons); GET routes that change state
 * opt in with `config: { csrf: 'always' }`.
 */
export function registerCsrf(app: FastifyInstance, opts: { publicOrigin?: string }) {
  // A callback hook: it runs on every request, and has nothing to wait for.
  app.addHook('preHandler', (request, _reply, done) => done(refusal(request, opts.publicOrigin)));
}

/** Why a request is refused as cross-site, or undefined when it may go on. */
function refusal(request: FastifyRequest, publicOrigin: string | undefined): AppError | undefined {
  const rule = request.routeOptions.config?.csrf;
  // Has GET calls that change state (a draw, an exchange): those opt in with 'always'.
  if (rule === false || (SAFE.has(request.method) && rule !== 'always')) return undefined;
  if (!request.url.startsWith('/api/')) return undefined;
  if (!request.headers[HEADER.appId]) return forbidden('missing-app-id');
  const origin = request.headers.origin;
  if (origin !== undefined && !isOwnOrigin(request, origin, publicOrigin)) return forbidden('origin');
  if (request.headers['sec-fetch-site'] === 'cross-site') return forbidden('cross-site');
  return undefined;
}

function isOwnOrigin(request: FastifyRequest, origin: string, publicOrigin?: string): boolean {
  if (publicOrigin && origin === publicOrigin) return true;
  return origin === `${request.protocol}://${request.host}`;
}

function forbidden(reason: string) {
  return new AppError(ResultCode.forbidden, { httpStatus: 403, messageKey: 'csrf', result: { reason } });
}
