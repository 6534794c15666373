import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSmtpServers, readMail, startSmtpServer } from '../../../../tests/helpers/mail';
import { LOCALES, type Locale } from '../../../shared/i18n';
import { renderMessage } from './messages';
import { createSmtpDelivery } from './smtp';
import { DeliveryError, type OutgoingCode } from './types';

const FROM = 'Creality Cloud <no-reply@crealitycloud.com>';
const startServer = startSmtpServer;

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
    await closeSmtpServers();
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
