import nodemailer from 'nodemailer';
// The file itself (not the folder): Node's ESM loader does not resolve directory imports.
import SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { renderMessage } from './messages';
import { type CodeDelivery, DeliveryError, type OutgoingCode } from './types';

const TIMEOUT_MS = 10_000;
/** nodemailer's codes for failures of the connection itself (not answers of the server). */
const TRANSIENT = new Set(['ETIMEDOUT', 'ESOCKET', 'ECONNECTION', 'EDNS', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE']);

/**
 * Sends codes by e-mail through an SMTP relay given as `smtp://user:pass@host:587` (STARTTLS when
 * the server offers it) or `smtps://…:465` (TLS from the start).
 */
export function createSmtpDelivery(opts: { url: string; from: string; timeoutMs?: number }): CodeDelivery {
  const timeout = opts.timeoutMs ?? TIMEOUT_MS;
  // Built here rather than by createTransport({ url, … }), which keeps only what the URL says and
  // would drop the timeouts. SMTPTransport (not SMTPPool) opens one connection per message: codes
  // are rare, and a pool would hold sockets the relay may drop.
  const smtp = new SMTPTransport({
    url: opts.url,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    logger: false,
  });
  const transport = nodemailer.createTransport(smtp);
  return {
    name: 'smtp',
    async send(msg: OutgoingCode) {
      const { subject, text, html } = renderMessage(msg);
      try {
        // Our own strings only: nodemailer must never read a file or fetch a URL for this message.
        await transport.sendMail({
          from: opts.from,
          to: msg.destination,
          subject,
          text,
          html,
          disableFileAccess: true,
          disableUrlAccess: true,
        });
      } catch (err) {
        throw toDeliveryError(err, msg.code);
      }
    },
  };
}

function toDeliveryError(err: unknown, code: string): DeliveryError {
  const e = (err ?? {}) as { code?: unknown; responseCode?: unknown; message?: unknown };
  const responseCode = typeof e.responseCode === 'number' ? e.responseCode : undefined;
  // 4xx is "try later" in SMTP (greylisting, mailbox busy); 5xx is a refusal (unknown recipient, auth).
  const retryable = responseCode !== undefined ? responseCode < 500 : typeof e.code === 'string' && TRANSIENT.has(e.code);
  const detail = typeof e.message === 'string' ? e.message : String(err);
  // A server's reply could quote the message; make sure the code never travels on in logs.
  const safe = code ? detail.split(code).join('******') : detail;
  return new DeliveryError(`SMTP delivery failed${responseCode ? ` (${responseCode})` : ''}: ${safe}`, retryable);
}
