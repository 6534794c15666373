import type { IncomingMessage, Server, ServerResponse } from 'node:http';

declare module 'fastify' {
  interface FastifyInstance {
    drain: Drain;
  }
}

/**
 * Whether this instance is draining: told to stop (SIGTERM), it still serves every request but
 * /healthz answers 503, so load balancers take it out of rotation before it stops listening.
 * One per app (the core plugin decorates it as `app.drain`); main.ts starts it, the health route reads it.
 */
export class Drain {
  #draining = false;

  get draining(): boolean {
    return this.#draining;
  }

  /**
   * Starts draining; false when it had already started (a second signal must not shut down twice).
   * From now on every answer closes its connection: kept-alive clients (a load balancer's pool
   * too) reconnect, reaching another instance, and no idle connection holds up the close.
   */
  start(server: Server): boolean {
    if (this.#draining) return false;
    this.#draining = true;
    // A listener only from now on: the usual path pays nothing. First, so the header is set before
    // Fastify can answer.
    server.prependListener('request', closeAfterAnswer);
    return true;
  }
}

function closeAfterAnswer(_request: IncomingMessage, response: ServerResponse) {
  response.setHeader('connection', 'close');
}

/**
 * Closes kept-alive connections as soon as they are idle, until the server has closed. Node's
 * `server.close()` closes those idle at that moment; one whose request began before the drain,
 * and is answered after it, would stay open for Fastify's keep-alive timeout (72 s) and hold up
 * the close past SHUTDOWN_TIMEOUT_MS.
 */
export function closeIdleConnectionsUntilClosed(server: Server, everyMs = 100) {
  const sweep = setInterval(() => server.closeIdleConnections(), everyMs);
  sweep.unref();
  server.once('close', () => clearInterval(sweep));
}
