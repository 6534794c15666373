import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { closeIdleConnectionsUntilClosed, Drain } from './drain';

const servers: http.Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    s.close();
  }
});

/** A server answering after `delayMs`, with Node's default keep-alive, and a kept-alive client. */
async function serve(delayMs: number) {
  const server = http.createServer((_req, res) => void setTimeout(() => res.end('ok'), delayMs));
  // As long as Fastify's: an idle kept-alive connection would hold up the close for the whole test.
  server.keepAliveTimeout = 72_000;
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  const agent = new http.Agent({ keepAlive: true });
  const get = () =>
    new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get({ host: '127.0.0.1', port, agent }, (res) => resolve(res.resume())).on('error', reject),
    );
  return { server, get };
}

const closed = (server: http.Server) => new Promise<void>((r) => server.close(() => r()));

describe('Drain', () => {
  it('starts once: a second signal finds it started', async () => {
    const { server } = await serve(0);
    const drain = new Drain();
    expect(drain.draining).toBe(false);
    expect(drain.start(server)).toBe(true);
    expect(drain.draining).toBe(true);
    expect(drain.start(server)).toBe(false);
  });

  it('still answers while draining, closing each connection after its answer', async () => {
    const { server, get } = await serve(0);
    expect((await get()).headers.connection).toBe('keep-alive');
    new Drain().start(server);
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.headers.connection).toBe('close');
  });

  it('lets the server close as soon as a request begun before the close is answered', async () => {
    const { server, get } = await serve(300);
    const answered = get();
    await new Promise((r) => setTimeout(r, 50));
    const t0 = Date.now();
    closeIdleConnectionsUntilClosed(server, 20);
    const done = closed(server);
    expect((await answered).headers.connection).toBe('keep-alive');
    await done;
    // Without the sweep, the kept-alive connection would stay open for keepAliveTimeout (72 s).
    expect(Date.now() - t0).toBeLessThan(2_000);
  });
});
