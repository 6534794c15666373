import net from 'node:net';

/** An answer read off a raw connection. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * A kept-alive connection to a listening server that sends raw bytes and reads the answers one by
 * one (content-length framed, as the app answers): for what a client library would not send, or
 * would hide (a connection the server stalls or closes).
 */
export async function rawConnection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  // A reset shows as a closed connection, not as an uncaught error.
  socket.on('error', () => {});
  let buffer = Buffer.alloc(0);
  let closed = false;
  let wake = () => {};
  socket.on('data', (d) => {
    buffer = Buffer.concat([buffer, d]);
    wake();
  });
  socket.on('close', () => {
    closed = true;
    wake();
  });
  /** The next whole answer, or null once the server closed the connection. */
  const next = async (): Promise<RawAnswer | null> => {
    for (;;) {
      const end = buffer.indexOf('\r\n\r\n');
      if (end >= 0) {
        const [statusLine = '', ...lines] = buffer.subarray(0, end).toString('latin1').split('\r\n');
        const headers = Object.fromEntries(
          lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
        );
        const length = Number(headers['content-length'] ?? 0);
        if (buffer.length >= end + 4 + length) {
          const body = buffer.subarray(end + 4, end + 4 + length).toString('utf8');
          buffer = buffer.subarray(end + 4 + length);
          return { status: Number(statusLine.split(' ')[1]), headers, body };
        }
      }
      if (closed) return null;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  };
  return { socket, next, closed: () => closed };
}
