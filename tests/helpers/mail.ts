import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A local SMTP server for tests, and a minimal MIME reader (enough for nodemailer's output). */
export interface Received {
  to: string[];
  raw: string;
}

const servers: SMTPServer[] = [];

/** Closes every server started here. */
export async function closeSmtpServers() {
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((r) => s.close(() => r()))));
}

/** A local SMTP server without TLS or auth; `rejectRecipients` answers RCPT TO with 550. */
export async function startSmtpServer(rejectRecipients = false): Promise<{ port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    secure: false,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, cb) {
      if (!rejectRecipients) return cb();
      cb(Object.assign(new Error('No such user here'), { responseCode: 550 }));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        cb();
      });
    },
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.server.address() as AddressInfo).port, received };
}

// --- minimal MIME reading: enough for nodemailer's multipart/alternative output -----------------

const latin1ToUtf8 = (s: string) => Buffer.from(s, 'latin1').toString('utf8');
const hexBytes = (s: string) => s.replace(/=([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));

function decodeQuotedPrintable(s: string): string {
  return latin1ToUtf8(hexBytes(s.replace(/=\r?\n/g, '')));
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=), joined when adjacent. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_, enc: string, text: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : latin1ToUtf8(hexBytes(text.replace(/_/g, ' '))),
    );
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
  }
  return headers;
}

function splitPart(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  return { headers: parseHeaders(raw.slice(0, at)), body: raw.slice(at).replace(/^\r?\n\r?\n/, '') };
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const cte = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (cte === 'quoted-printable') return decodeQuotedPrintable(body);
  if (cte === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

export function readMail(raw: string): { headers: Map<string, string>; subject: string; text: string } {
  const top = splitPart(raw);
  const contentType = top.headers.get('content-type') ?? '';
  let text = decodeBody(top.headers, top.body);
  const boundary = /boundary="?([^";]+)"?/.exec(contentType)?.[1];
  if (boundary) {
    const plain = top.body
      .split(`--${boundary}`)
      .map((p) => splitPart(p.replace(/^\r?\n/, '')))
      .find((p) => (p.headers.get('content-type') ?? '').startsWith('text/plain'));
    if (!plain) throw new Error('no text/plain part');
    text = decodeBody(plain.headers, plain.body);
  }
  return { headers: top.headers, subject: decodeHeader(top.headers.get('subject') ?? ''), text };
}
