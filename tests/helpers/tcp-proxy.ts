import net from 'node:net';

/**
 * A TCP proxy on a free loopback port in front of a server (PostgreSQL in the fault tests), so a
 * test can make it unreachable for real: `cut()` destroys every open connection (both sockets of
 * each pair) and, until `restore()`, closes each new connection as soon as it is accepted.
 */
export interface TcpProxy {
  port: number;
  /** Connections forwarded right now. */
  open(): number;
  /** The local ports of the connections to the server (PostgreSQL's `client_port` of each backend). */
  upstreamPorts(): Set<number>;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const upstreams = new Set<net.Socket>();
  let refusing = false;
  const server = net.createServer((client) => {
    if (refusing) {
      client.destroy();
      return;
    }
    const upstream = net.connect({ host: target.host, port: target.port });
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    sockets.add(client);
    sockets.add(upstream);
    upstreams.add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
      upstreams.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  const cut = () => {
    refusing = true;
    for (const s of [...sockets]) s.destroy();
    sockets.clear();
    upstreams.clear();
  };
  return {
    port,
    open: () => upstreams.size,
    upstreamPorts: () => new Set([...upstreams].map((s) => s.localPort).filter((p): p is number => p !== undefined)),
    cut,
    restore: () => {
      refusing = false;
    },
    close: () => {
      cut();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
