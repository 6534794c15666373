import type { Locale } from '../../../shared/i18n';

/** Login purposes, by name (wire values in shared/enums.ts CodePurpose). */
export type PurposeName = 'register' | 'reset' | 'cancel' | 'bind' | 'unbind' | 'bindVerify' | 'quick';

/**
 * What a message is: a code for one of the purposes, or the notice to the owner of a number or
 * address someone tried to register again (it carries no code).
 */
export type MessageKind = PurposeName | 'alreadyRegistered';

export interface OutgoingCode {
  channel: 'sms' | 'email';
  /** E.164 phone number (+8613800138000) or a lower-case e-mail address. */
  destination: string;
  /** Six digits ('' in a notice). Never logged by a real provider. */
  code: string;
  purpose: MessageKind;
  /** The reader's language: the message is written in it. */
  locale: Locale;
  expiresInMinutes: number;
}

/** Sends verification codes over one channel. Throws DeliveryError when the provider refuses. */
export interface CodeDelivery {
  readonly name: string;
  send(message: OutgoingCode): Promise<void>;
}

export class DeliveryError extends Error {
  override name = 'DeliveryError';
  constructor(
    message: string,
    /** true when trying again later may work (timeouts, 5xx); false for refusals (bad number). */
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/** One message the development outbox kept. */
export interface OutboxEntry {
  at: number;
  channel: OutgoingCode['channel'];
  destination: string;
  purpose: MessageKind;
  code: string;
  /** The SMS text, or the e-mail's plain-text body. */
  text: string;
}

/** The development outbox (src/dev/outbox): codes kept in memory and logged, never sent. */
export interface DevOutbox {
  sms: CodeDelivery;
  email: CodeDelivery;
  /** Newest first. */
  list(): OutboxEntry[];
  /** The newest message sent to this phone number or address. */
  latest(destination: string): OutboxEntry | undefined;
  /** A self-contained HTML page listing the outbox, for a development-only route. */
  page(): string;
}
