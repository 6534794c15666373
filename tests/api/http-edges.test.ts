import { randomBytes } from 'node:crypto';
import type net from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../src/shared/errors';
import { codeForLocale } from '../../src/shared/i18n';
import { createTestApp, type TestApp } from '../helpers/app';
import { rawConnection } from '../helpers/raw-http';

/**
 * HTTP at its edges, over a real socket: compressed bodies sent where no body is read, and the
 * answers of the router and of Node's parser (bad URLs, long paths, oversized headers).
 */
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp('sqlite');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

const connect = () => rawConnection(port);

const HOST = () => `127.0.0.1:${port}`;

describe('a compressed body where none is read', () => {
  // Far larger than the socket's and the inflater's buffers, so an unread body holds the connection.
  const body = gzipSync(randomBytes(1024 * 1024));
  const cases: [string, string, string][] = [
    ['a health check', 'GET', '/healthz'],
    ['an unknown path', 'GET', '/no/such/page'],
    ['a file', 'GET', '/files/none/such.png'],
    ['an unsupported content type (415)', 'POST', '/api/cxy/v2/system/ping'],
    ['the OAuth discovery document', 'GET', '/api/cxy/oauth2/.well-known/openid-configuration'],
  ];
  it.each(cases)('%s is answered, and the connection serves the next request or is closed', async (_name, method, path) => {
    const c = await connect();
    c.socket.write(
      `${method} ${path} HTTP/1.1\r\nhost: ${HOST()}\r\ncontent-encoding: gzip\r\ncontent-type: text/x-odd\r\ncontent-length: ${body.length}\r\n\r\n`,
    );
    c.socket.write(body);
    const first = await c.next();
    expect(first?.status).toBeGreaterThanOrEqual(200);
    if (first?.headers.connection !== 'close') {
      c.socket.write(`GET /healthz HTTP/1.1\r\nhost: ${HOST()}\r\n\r\n`);
      expect((await c.next())?.status).toBe(200);
    } else expect(await c.next()).toBeNull();
    c.socket.destroy();
  });
});

describe('router and parser refusals', () => {
  const SECURITY = [
    'content-security-policy',
    'x-content-type-options',
    'x-frame-options',
    'cross-origin-resource-policy',
    'cache-control',
  ];
  /** The security headers of an ordinary API answer, which every refusal must carry too. */
  const apiHeaders = async () => {
    const c = await connect();
    c.socket.write(`GET /api/cxy/account/v2/me HTTP/1.1\r\nhost: ${HOST()}\r\n\r\n`);
    const answer = await c.next();
    c.socket.destroy();
    expect(answer?.body).toMatch(/^\{"code":/);
    return Object.fromEntries(SECURITY.map((h) => [h, answer?.headers[h]]));
  };
  const ask = async (request: string) => {
    const c = await connect();
    c.socket.write(request);
    const answer = await c.next();
    c.socket.destroy();
    if (!answer) throw new Error('no answer');
    return answer;
  };

  it('answers a bad percent-encoding with 400 and the envelope in the caller’s language', async () => {
    const res = await ask(`GET /api/cxy/%E0%A4%A HTTP/1.1\r\nhost: ${HOST()}\r\n__cxy_os_lang_: ${codeForLocale('fr')}\r\n\r\n`);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ code: ResultCode.badRequest, msg: 'Requête incorrecte', result: null });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(Object.fromEntries(SECURITY.map((h) => [h, res.headers[h]]))).toEqual(await apiHeaders());
  });

  it('answers a path parameter over its limit with 414 and the envelope', async () => {
    const res = await ask(`GET /api/cxy/v2/photo-scan/jobs/${'7'.repeat(300)} HTTP/1.1\r\nhost: ${HOST()}\r\ncookie: lang=zh-CN\r\n\r\n`);
    expect(res.status).toBe(414);
    expect(JSON.parse(res.body)).toEqual({ code: ResultCode.payloadTooLarge, msg: '请求内容过大', result: null });
    expect(Object.fromEntries(SECURITY.map((h) => [h, res.headers[h]]))).toEqual(await apiHeaders());
  });

  it('answers headers over 16 KB with 431 and the envelope, then closes the connection', async () => {
    const c = await connect();
    c.socket.write(`GET /healthz HTTP/1.1\r\nhost: ${HOST()}\r\nx-padding: ${'p'.repeat(17 * 1024)}\r\n\r\n`);
    const res = await c.next();
    expect(res?.status).toBe(431);
    expect(JSON.parse(res?.body ?? '')).toEqual({ code: ResultCode.payloadTooLarge, msg: 'The request is too large', result: null });
    expect(res?.headers.connection).toBe('close');
    expect(Object.fromEntries(SECURITY.map((h) => [h, res?.headers[h]]))).toEqual(await apiHeaders());
    expect(await c.next()).toBeNull();
  });
});
