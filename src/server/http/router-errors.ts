import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { fastifyCookie } from '@fastify/cookie';
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { ResultCode, type ResultCodeValue } from '../../shared/errors';
import type { Locale } from '../../shared/i18n';
import { headerContextOf } from './context';
import { message } from './messages';
import { API_HEADERS } from './security';

/**
 * Refusals made before any route or hook runs still answer the envelope with the API's security
 * headers: the router's (a URL that does not decode, a path parameter over its length) through
 * Fastify's `frameworkErrors`, in the caller's language read from the raw headers; Node's HTTP
 * parser's (headers over its limit, a malformed request, a timeout) through `clientErrorHandler`,
 * on the bare socket, in the edition's language (the request's headers were never read).
 */
interface Refusal {
  status: number;
  code: ResultCodeValue;
  key: string;
}

const BAD_REQUEST: Refusal = { status: 400, code: ResultCode.badRequest, key: 'http.400' };
// Too long a URL or too many header bytes: the request is too large, whatever its status.
const URI_TOO_LONG: Refusal = { status: 414, code: ResultCode.payloadTooLarge, key: 'http.413' };
const HEADERS_TOO_LARGE: Refusal = { status: 431, code: ResultCode.payloadTooLarge, key: 'http.413' };
const TIMEOUT: Refusal = { status: 408, code: ResultCode.timeout, key: 'http.408' };

export function routerErrorOptions(editionLocale: Locale): Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> {
  return {
    frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
      const refusal = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? URI_TOO_LONG : BAD_REQUEST;
      request.log.info({ code: error.code, status: refusal.status }, 'request refused by the router');
      const cookie = request.headers.cookie;
      const { ctx } = headerContextOf(request.headers, cookie ? fastifyCookie.parse(cookie) : {}, editionLocale, request.id);
      void reply.code(refusal.status).headers(API_HEADERS).type('application/json; charset=utf-8').send(envelope(refusal, ctx.locale));
    },
    clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
      // A reset connection has nobody to answer.
      if (err.code === 'ECONNRESET' || socket.destroyed) return;
      const refusal =
        err.code === 'HPE_HEADER_OVERFLOW' ? HEADERS_TOO_LARGE : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? TIMEOUT : BAD_REQUEST;
      if (socket.writable) {
        const body = JSON.stringify(envelope(refusal, editionLocale));
        const headers = {
          ...API_HEADERS,
          'content-type': 'application/json; charset=utf-8',
          'content-length': String(Buffer.byteLength(body)),
          connection: 'close',
        };
        const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
        socket.write(`HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}\r\n${head.join('')}\r\n${body}`);
      }
      // As Node and Fastify do: the connection's stream cannot be read further.
      socket.destroy(err);
    },
  };
}

const envelope = (refusal: Refusal, locale: Locale) => ({ code: refusal.code, msg: message(locale, refusal.key), result: null });
