import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messageKeyFor, ResultCode, type ResultCodeValue } from '../../shared/errors';
import { isTransientFault } from '../db/faults';
import { AppError } from './app-error';
import { DEFAULT_LOCALE_FALLBACK } from './locale';
import { message } from './messages';

/**
 * The one error handler: every failure becomes the envelope in the caller's language. Business
 * refusals keep HTTP 200; transport failures carry their status; 5xx hide internals and are
 * logged with the request id (which the caller also gets, to quote to support).
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.httpStatus >= 500) request.log.error({ err: error }, 'refused with server error');
      return send(request, reply, error.httpStatus, error.code, error.messageKey, error.options.params, error.options.result);
    }
    if (isTransientFault(error)) {
      // The database is unreachable or chose this transaction as a conflict's loser: nothing was
      // answered as done, and the same call can succeed in a moment.
      request.log.warn({ err: error }, 'database fault');
      reply.header('retry-after', '1');
      return send(request, reply, 503, ResultCode.networkError, messageKeyFor(ResultCode.networkError), undefined, null);
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      const known = transportCode(error, status);
      request.log.info({ code: error.code, status }, 'request refused');
      return send(request, reply, status, known.code, known.key, known.params, null);
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(request, reply, 500, ResultCode.server, 'http.500', { requestId: request.id }, { requestId: request.id });
  });

  app.setNotFoundHandler((request, reply) => send(request, reply, 404, ResultCode.routeNotFound, 'http.404', {}, null));
}

function transportCode(error: FastifyError, status: number): { code: ResultCodeValue; key: string; params?: Record<string, string> } {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { code: ResultCode.parameter, key: 'invalidJson' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { code: ResultCode.payloadTooLarge, key: 'http.413' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { code: ResultCode.unsupportedMediaType, key: 'http.415' };
  }
  const byStatus: Record<number, ResultCodeValue> = {
    400: ResultCode.badRequest,
    401: ResultCode.unauthorized,
    403: ResultCode.forbidden,
    404: ResultCode.routeNotFound,
    405: ResultCode.methodNotAllowed,
    408: ResultCode.timeout,
    413: ResultCode.payloadTooLarge,
    415: ResultCode.unsupportedMediaType,
    429: ResultCode.tooManyRequests,
  };
  const code = byStatus[status] ?? ResultCode.badRequest;
  return { code, key: `http.${code}` };
}

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: ResultCodeValue,
  key: string,
  params: Record<string, string | number> | undefined,
  result: unknown,
) {
  const locale = request.ctx?.locale ?? DEFAULT_LOCALE_FALLBACK;
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send({ code, msg: message(locale, key, params), result: result ?? null });
}
