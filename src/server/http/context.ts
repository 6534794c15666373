import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HEADER, type HeaderContext, isUuid, parseHeaderContext } from '../../shared/context';
import { ResultCode } from '../../shared/errors';
import { type Locale, localeFromAcceptLanguage } from '../../shared/i18n';
import { uuidv7 } from '../../shared/uuid';
import { AppError } from './app-error';

declare module 'fastify' {
  interface FastifyRequest {
    ctx: HeaderContext;
  }
}

/** Fastify's request id: the caller's request id header when it is a uuid, else a fresh one (time-ordered: shared/uuid.ts). */
export function requestIdFrom(req: { headers: Record<string, string | string[] | undefined> }): string {
  const v = req.headers[HEADER.requestId];
  const s = Array.isArray(v) ? v[0] : v;
  return s && isUuid(s) ? s.toLowerCase() : uuidv7();
}

/** The header context (app, device, token, language) read from a request's headers and cookies; the language from the header, the cookie, Accept-Language or the edition. */
export function headerContextOf(
  headers: FastifyRequest['headers'],
  cookies: Record<string, string | undefined>,
  editionLocale: Locale,
  requestId: string,
) {
  return parseHeaderContext({
    headers,
    cookies,
    fallbackLocale: () => localeFromAcceptLanguage(headers['accept-language']) ?? editionLocale,
    newRequestId: () => requestId,
  });
}

/** Parses the header context once per request into `request.ctx`. */
export const headerContextPlugin = fp(
  async (app: FastifyInstance, opts: { editionLocale: Locale }) => {
    app.decorateRequest('ctx', null as unknown as HeaderContext);
    // A callback hook, not an async one: it runs on every request, and has nothing to wait for.
    app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
      const { ctx, problems } = headerContextOf(request.headers, request.cookies ?? {}, opts.editionLocale, request.id);
      request.ctx = ctx;
      const problem = problems[0];
      if (problem && request.url.startsWith('/api/')) {
        return done(
          new AppError(ResultCode.parameter, {
            httpStatus: 400,
            messageKey: 'parameterNamed',
            params: { field: problem.header },
            result: { field: problem.header },
          }),
        );
      }
      done();
    });
  },
  { name: 'header-context', dependencies: ['@fastify/cookie'] },
);
