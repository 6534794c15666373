import type { Config } from '../../config';
import { createHttpSmsDelivery } from './sms-http';
import { createSmtpDelivery } from './smtp';
import { type CodeDelivery, DeliveryError, type DevOutbox } from './types';

export type DeliveryConfig = Pick<Config, 'delivery' | 'SMS_HTTP_URL' | 'SMS_HTTP_KEY' | 'SMTP_URL' | 'SMTP_FROM' | 'isProduction'>;

export interface Delivery {
  sms: CodeDelivery;
  email: CodeDelivery;
  /** Present when either channel is the development outbox (for its dev-only page). */
  outbox: DevOutbox | null;
}

/**
 * The delivery of each channel, as configured (`config.delivery`, see config.ts). The development
 * outbox is loaded only when configured, so production never loads its code.
 */
export async function createDelivery(config: DeliveryConfig, log: (line: string) => void): Promise<Delivery> {
  const { sms, email } = config.delivery;
  let outbox: DevOutbox | null = null;
  if (sms === 'dev' || email === 'dev') {
    // Start-up already refuses this (production-guard.ts); checked again so that no other path
    // can ever put codes in a production log.
    if (config.isProduction) throw new Error('The development outbox cannot be used in production');
    const { createDevOutbox } = await import('../../../dev/index');
    outbox = createDevOutbox({ log });
  }

  let smsDelivery: CodeDelivery;
  if (sms === 'dev' && outbox) smsDelivery = outbox.sms;
  else if (sms === 'http')
    smsDelivery = createHttpSmsDelivery({
      url: required(config.SMS_HTTP_URL, 'SMS_HTTP_URL'),
      key: required(config.SMS_HTTP_KEY, 'SMS_HTTP_KEY'),
    });
  else smsDelivery = notConfigured('SMS');

  let emailDelivery: CodeDelivery;
  if (email === 'dev' && outbox) emailDelivery = outbox.email;
  else if (email === 'smtp') emailDelivery = createSmtpDelivery({ url: required(config.SMTP_URL, 'SMTP_URL'), from: config.SMTP_FROM });
  else emailDelivery = notConfigured('E-mail');

  return { sms: smsDelivery, email: emailDelivery, outbox };
}

function required(value: string | undefined, name: string): string {
  // loadConfig checks this too; a hand-built config could still miss it.
  if (!value) throw new Error(`${name} is required for the configured delivery`);
  return value;
}

/** Sending fails with a clear, non-retryable error; the rest of the site works. */
function notConfigured(channel: string): CodeDelivery {
  return {
    name: 'none',
    async send() {
      throw new DeliveryError(`${channel} delivery is not configured`, false);
    },
  };
}
