import { describe, expect, it } from 'vitest';
import { createDelivery, type DeliveryConfig } from './factory';
import { DeliveryError, type OutgoingCode } from './types';

const base: DeliveryConfig = {
  delivery: { sms: 'dev', email: 'dev' },
  SMS_HTTP_URL: 'https://sms.example/send',
  SMS_HTTP_KEY: 'gateway-key-123',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  SMTP_FROM: 'Creality Cloud <no-reply@crealitycloud.com>',
  isProduction: false,
};
const msg: OutgoingCode = {
  channel: 'sms',
  destination: '+8613800138000',
  code: '123456',
  purpose: 'quick',
  locale: 'en',
  expiresInMinutes: 5,
};
const noLog = () => {};

describe('delivery factory', () => {
  it('dev: both channels go to one outbox', async () => {
    const d = await createDelivery(base, noLog);
    expect(d.sms.name).toBe('dev');
    expect(d.email.name).toBe('dev');
    await d.sms.send(msg);
    await d.email.send({ ...msg, channel: 'email', destination: 'a@example.com' });
    expect(d.outbox?.list()).toHaveLength(2);
  });

  it('refuses the outbox in production, even if start-up checks were skipped', async () => {
    await expect(createDelivery({ ...base, isProduction: true }, noLog)).rejects.toThrow(/production/);
    await expect(createDelivery({ ...base, isProduction: true, delivery: { sms: 'http', email: 'dev' } }, noLog)).rejects.toThrow(
      /production/,
    );
  });

  it('real providers per setting, no outbox', async () => {
    const d = await createDelivery({ ...base, isProduction: true, delivery: { sms: 'http', email: 'smtp' } }, noLog);
    expect(d.sms.name).toBe('http');
    expect(d.email.name).toBe('smtp');
    expect(d.outbox).toBeNull();
  });

  it('mixes: dev SMS with SMTP e-mail', async () => {
    const d = await createDelivery({ ...base, delivery: { sms: 'dev', email: 'smtp' } }, noLog);
    expect(d.sms.name).toBe('dev');
    expect(d.email.name).toBe('smtp');
    expect(d.outbox).not.toBeNull();
  });

  it('none: sending fails, not retryable', async () => {
    const d = await createDelivery({ ...base, isProduction: true, delivery: { sms: 'none', email: 'none' } }, noLog);
    expect(d.outbox).toBeNull();
    for (const channel of [d.sms, d.email]) {
      const err = await channel.send(msg).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DeliveryError);
      expect((err as DeliveryError).retryable).toBe(false);
      expect((err as DeliveryError).message).toMatch(/delivery is not configured/);
    }
  });

  it('a provider without its settings is an error', async () => {
    await expect(createDelivery({ ...base, SMS_HTTP_KEY: undefined, delivery: { sms: 'http', email: 'none' } }, noLog)).rejects.toThrow(
      /SMS_HTTP_KEY/,
    );
    await expect(createDelivery({ ...base, SMTP_URL: undefined, delivery: { sms: 'none', email: 'smtp' } }, noLog)).rejects.toThrow(
      /SMTP_URL/,
    );
  });
});
