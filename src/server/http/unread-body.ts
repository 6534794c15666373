import type { FastifyInstance } from 'fastify';

/**
 * A compressed request body that nobody reads must not hold its connection. The compression
 * plugin pipes every request with a Content-Encoding into an inflater before any route runs;
 * where the route reads no body (pages, /healthz, files, OAuth's GETs, a 415 refusal) the inflater
 * is never read, so the body stops flowing once the buffers are full and the next request on that
 * kept-alive connection waits for the keep-alive timeout. Node discards an unread body after the
 * answer unless someone started reading it, as the pipe did: so once the answer is sent, the body
 * is unpiped and discarded, as Node would (uninflated), and the connection serves the next request.
 * Only requests that name an encoding pay for the listener.
 */
export function registerUnreadBodyDiscard(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.headers['content-encoding'] !== undefined) {
      const raw = request.raw;
      reply.raw.once('finish', () => {
        if (raw.readableEnded) return;
        raw.unpipe();
        raw.resume();
      });
    }
    done();
  });
}
