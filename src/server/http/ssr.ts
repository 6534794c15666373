import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type AppLoadContext, createRequestHandler, type ServerBuild } from 'react-router';
import { type CachedPage, encodedBody, type PageCache } from './page-cache';

export type BuildLoader = () => Promise<ServerBuild>;

/**
 * Mounts React Router's request handler as the catch-all for pages: Fastify request → Fetch
 * Request, the route loaders get the services and header context through the load context,
 * and the Response goes back through Fastify (so compression and security headers apply).
 */
export function registerSsr(
  app: FastifyInstance,
  opts: {
    build: BuildLoader;
    mode: 'production' | 'development';
    /** `anonymous`: the context of a render shared by every visitor, without the caller's identity. */
    loadContext: (req: FastifyRequest, reply: FastifyReply, anonymous: boolean) => AppLoadContext;
    cache: PageCache;
  },
) {
  let handler: ReturnType<typeof createRequestHandler> | undefined;
  const getHandler = async () => {
    // In development every request takes the fresh build (Vite's module graph) so edits show.
    if (opts.mode === 'development') return createRequestHandler(await opts.build(), 'development');
    handler ??= createRequestHandler(await opts.build(), 'production');
    return handler;
  };
  const render = async (request: FastifyRequest, reply: FastifyReply, anonymous = false) =>
    (await getHandler())(toFetchRequest(request, anonymous), opts.loadContext(request, reply, anonymous));

  app.register(async (pages) => {
    // Page form posts (route actions) read the raw body themselves.
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser('*', (_req, _payload, done) => done(null));
    pages.route({
      method: ['GET', 'HEAD', 'POST'],
      url: '/*',
      config: { csrf: false },
      handler: async (request, reply) => {
        // Unknown API paths never render a page.
        if (request.url.startsWith('/api/')) return reply.callNotFound();
        const key = opts.cache.enabled ? cacheKey(request) : null;
        const signedIn = Boolean(request.ctx.token || request.ctx.userId);
        if (!key || (signedIn && opts.cache.isPersonal(key))) return sendResponse(request, reply, await render(request, reply));

        // Cached pages are rendered without the caller's identity, so a signed-in visitor shares
        // them with everyone; a page that turns out personal (no public Cache-Control) is then
        // rendered again as the visitor, and remembered as personal for a while.
        let own: Response | undefined;
        let rendered = false;
        const page = await opts.cache.getOrRender(key, async () => {
          rendered = true;
          const response = await render(request, reply, true);
          const ttl =
            response.status === 200 && !response.headers.has('set-cookie') ? opts.cache.ttlOf(response.headers.get('cache-control')) : 0;
          if (!ttl) {
            if (signedIn) {
              opts.cache.markPersonal(key);
              await response.body?.cancel();
            } else own = response;
            return null;
          }
          const headers = [...response.headers];
          const csp = reply.getHeader('content-security-policy');
          if (typeof csp === 'string') headers.push(['content-security-policy', csp]);
          return opts.cache.entry(response.status, headers, Buffer.from(await response.arrayBuffer()), ttl);
        });
        if (page) return sendCached(request, reply, page, !rendered);
        // Not cacheable after all (or another request's render declined): our own render.
        return sendResponse(request, reply, own ?? (await render(request, reply)));
      },
    });
  });
}

/**
 * Document requests only (not the router's `.data` fetches). Keyed by the origin too: without
 * PUBLIC_URL a page's links name the host it was asked for (an allowed one: http/hosts.ts), and
 * one host's links must not be served on another.
 */
function cacheKey(request: FastifyRequest): string | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  const path = request.url.split('?')[0] ?? '';
  if (path.endsWith('.data')) return null;
  return `${request.protocol}://${request.host}|${request.ctx.locale}|${request.url}`;
}

function sendCached(request: FastifyRequest, reply: FastifyReply, page: CachedPage, hit: boolean) {
  reply.status(page.status);
  for (const [key, value] of page.headers) reply.header(key, value);
  reply.header('etag', page.etag).header('x-page-cache', hit ? 'hit' : 'miss');
  if (request.headers['if-none-match'] === page.etag) return reply.status(304).send();
  const { body, encoding } = encodedBody(page, request.headers['accept-encoding']);
  // Already encoded: the compression plugin leaves a response with Content-Encoding alone.
  if (encoding) reply.header('content-encoding', encoding).header('vary', 'Accept-Encoding, Accept-Language, Cookie');
  return reply.send(request.method === 'HEAD' ? undefined : body);
}

function sendResponse(request: FastifyRequest, reply: FastifyReply, response: Response) {
  reply.status(response.status);
  for (const [key, value] of response.headers) {
    if (key !== 'set-cookie') reply.header(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  if (!response.body || request.method === 'HEAD') return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
}

// What carries the caller's identity; a shared render sees none of it.
const IDENTITY_HEADERS = new Set(['cookie', 'authorization', 'token']);

function toFetchRequest(request: FastifyRequest, anonymous: boolean): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || (anonymous && IDENTITY_HEADERS.has(key))) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  const controller = new AbortController();
  request.raw.once('close', () => {
    if (!request.raw.complete) controller.abort();
  });
  const init: RequestInit & { duplex?: 'half' } = { method: request.method, headers, signal: controller.signal };
  if (request.method === 'POST') {
    init.body = Readable.toWeb(request.raw) as unknown as ReadableStream;
    init.duplex = 'half';
  }
  return new Request(url, init);
}
