import net from 'node:net';

/** An answer read off a raw connection. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * A kept-alive connection to a listening server that sends raw bytes and reads the answers one by
 * one (content-length framed, or chunked for a streamed download): for what a client library would not send, or
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
        if (headers['transfer-encoding'] === 'chunked') {
          const body = dechunk(buffer.subarray(end + 4));
          if (body) {
            buffer = buffer.subarray(end + 4 + body.used);
            return { status: Number(statusLine.split(' ')[1]), headers, body: body.data.toString('utf8') };
          }
        }
        const length = Number(headers['content-length'] ?? 0);
        if (headers['transfer-encoding'] !== 'chunked' && buffer.length >= end + 4 + length) {
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

/** A chunked body read whole (its bytes and how many bytes of the buffer it took), or null if not all there yet. */
function dechunk(buf: Buffer): { data: Buffer; used: number } | null {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = buf.indexOf('\r\n', at);
    if (eol < 0) return null;
    const size = Number.parseInt(buf.subarray(at, eol).toString('latin1'), 16);
    if (buf.length < eol + 2 + size + 2) return null;
    if (size === 0) return { data: Buffer.concat(parts), used: eol + 4 };
    parts.push(buf.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
}
