import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../../../shared/i18n';
import { renderMessage } from './messages';
import { createSmtpDelivery } from './smtp';
import { DeliveryError, type OutgoingCode } from './types';

interface Received {
  to: string[];
  raw: string;
}

const FROM = 'Creality Cloud <no-reply@crealitycloud.com>';
const servers: SMTPServer[] = [];

/** A local SMTP server without TLS or auth; `rejectRecipients` answers RCPT TO with 550. */
async function startServer(rejectRecipients = false): Promise<{ port: number; received: Received[] }> {
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

function readMail(raw: string): { headers: Map<string, string>; subject: string; text: string } {
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

// ----------------------------------------------------------------------------------------------

const message = (locale: Locale, code = '482913'): OutgoingCode => ({
  channel: 'email',
  destination: 'maker@example.com',
  code,
  purpose: 'reset',
  locale,
  expiresInMinutes: 5,
});

describe('SMTP delivery', () => {
  let good: Awaited<ReturnType<typeof startServer>>;
  let rejecting: Awaited<ReturnType<typeof startServer>>;

  beforeAll(async () => {
    good = await startServer();
    rejecting = await startServer(true);
  });

  afterAll(async () => {
    await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  });

  it.each(LOCALES)('sends the code in %s', async (locale) => {
    const delivery = createSmtpDelivery({ url: `smtp://127.0.0.1:${good.port}`, from: FROM });
    const code = String(100000 + LOCALES.indexOf(locale) * 11111);
    await delivery.send(message(locale, code));
    const mail = good.received.at(-1);
    expect(mail?.to).toEqual(['maker@example.com']);
    const { headers, subject, text } = readMail(mail?.raw ?? '');
    expect(headers.get('from')).toContain('no-reply@crealitycloud.com');
    expect(headers.get('to')).toContain('maker@example.com');
    expect(subject).toBe(renderMessage(message(locale, code)).subject);
    expect(subject).not.toContain(code);
    expect(text).toContain(code);
    expect(text).toMatch(/\b\d{6}\b/);
  });

  it('a rejected recipient is a refusal, not worth retrying', async () => {
    const delivery = createSmtpDelivery({ url: `smtp://127.0.0.1:${rejecting.port}`, from: FROM });
    const err = await delivery.send(message('en')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DeliveryError);
    expect((err as DeliveryError).retryable).toBe(false);
    expect((err as DeliveryError).message).toContain('550');
    expect((err as DeliveryError).message).not.toContain('482913');
  });

  it('a server that accepts but never greets times out, retryable', async () => {
    const sockets: Socket[] = [];
    const silent: Server = createServer((s) => sockets.push(s));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const port = (silent.address() as AddressInfo).port;
      const delivery = createSmtpDelivery({ url: `smtp://127.0.0.1:${port}`, from: FROM, timeoutMs: 200 });
      const started = Date.now();
      const err = await delivery.send(message('en')).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DeliveryError);
      expect((err as DeliveryError).retryable).toBe(true);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('a closed port is worth retrying', async () => {
    // Take a free port and release it: nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));

    const delivery = createSmtpDelivery({ url: `smtp://127.0.0.1:${port}`, from: FROM });
    const err = await delivery.send(message('en')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DeliveryError);
    expect((err as DeliveryError).retryable).toBe(true);
    expect((err as DeliveryError).message).not.toContain('482913');
  });
});
