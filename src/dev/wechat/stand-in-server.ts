import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How a stand-in misbehaves for one request: a 500, no answer at all, or a 200 that is not JSON. */
export type TransportFailure = 'http500' | 'hang' | 'garbage';

/** Starts a stand-in's server on 127.0.0.1 (port 0: any free one); its base URL. */
export async function listenLocal(server: Server, port = 0): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * The HTTP side shared by the local stand-ins of WeChat's APIs (tests only, never started by the
 * app): answers like WeChat does (HTTP 200, JSON labelled text/plain), records every request,
 * and lets the test make the next one fail. `answer` gives the JSON body for a path, or
 * undefined for an unknown path (404); `failure` may return a transport failure or a JSON body
 * (an errcode) to send instead.
 */
export async function serveStandIn(opts: {
  port?: number;
  delayMs?: number;
  answer: (path: string, query: Record<string, string>) => unknown;
  failure: (path: string) => TransportFailure | { body: unknown } | undefined;
}) {
  const requests: Array<{ path: string; query: Record<string, string> }> = [];
  const reply = (res: ServerResponse, status: number, body: string) => {
    res.writeHead(status, { 'content-type': 'text/plain' });
    res.end(body);
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const query = Object.fromEntries(url.searchParams);
    requests.push({ path: url.pathname, query });
    const failure = opts.failure(url.pathname);
    const respond = () => {
      if (failure === 'hang') return; // never answer; close() drops the connection
      if (failure === 'http500') return reply(res, 500, '<html><body>500 Internal Server Error</body></html>');
      if (failure === 'garbage') return reply(res, 200, '<html>系统繁忙</html>');
      if (failure) return reply(res, 200, JSON.stringify(failure.body));
      const body = opts.answer(url.pathname, query);
      if (body === undefined) return reply(res, 404, 'not found');
      reply(res, 200, JSON.stringify(body));
    };
    if (opts.delayMs) setTimeout(respond, opts.delayMs);
    else respond();
  });
  return {
    url: await listenLocal(server, opts.port),
    requests,
    close() {
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // including hung requests and keep-alive sockets
      });
    },
  };
}
