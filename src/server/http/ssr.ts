import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppLoadContext } from 'react-router';
import { createRequestHandler, type ServerBuild } from 'react-router';

export type BuildLoader = () => Promise<ServerBuild>;

/**
 * Mounts React Router's request handler as the catch-all for pages: Fastify request → Fetch
 * Request, the route loaders get the services and header context through the load context,
 * and the streamed Response goes back through Fastify (so compression and headers apply).
 */
export function registerSsr(
  app: FastifyInstance,
  opts: {
    build: BuildLoader;
    mode: 'production' | 'development';
    loadContext: (req: FastifyRequest, reply: FastifyReply) => AppLoadContext;
  },
) {
  let handler: ReturnType<typeof createRequestHandler> | undefined;
  const getHandler = async () => {
    // In development every request takes the fresh build (Vite's module graph) so edits show.
    if (opts.mode === 'development') return createRequestHandler(await opts.build(), 'development');
    handler ??= createRequestHandler(await opts.build(), 'production');
    return handler;
  };

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
        const response = await (await getHandler())(toFetchRequest(request), opts.loadContext(request, reply));
        reply.status(response.status);
        for (const [key, value] of response.headers) {
          if (key === 'set-cookie') continue;
          reply.header(key, value);
        }
        const cookies = response.headers.getSetCookie();
        if (cookies.length) reply.header('set-cookie', cookies);
        if (!response.body || request.method === 'HEAD') return reply.send();
        return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
      },
    });
  });
}

function toFetchRequest(request: FastifyRequest): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
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
