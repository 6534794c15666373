import { randomUUID } from 'node:crypto';
import { renderMessage } from './messages';
import { type CodeDelivery, DeliveryError, type OutgoingCode } from './types';

/**
 * A generic HTTP SMS gateway: `POST url` with `{ to, text, purpose }` as JSON, a bearer key and an
 * Idempotency-Key, so a gateway that supports it sends a retried request only once. Any 2xx means
 * accepted. Most SMS providers (or a small adapter in front of them) can take this shape.
 */
export function createHttpSmsDelivery(opts: { url: string; key: string; fetch?: typeof fetch; timeoutMs?: number }): CodeDelivery {
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  return {
    name: 'http',
    async send(msg: OutgoingCode) {
      const text = renderMessage(msg).sms;
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      try {
        let res: Response;
        let body: string;
        try {
          res = await doFetch(opts.url, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              accept: 'application/json',
              authorization: `Bearer ${opts.key}`,
              'idempotency-key': randomUUID(),
            },
            body: JSON.stringify({ to: msg.destination, text, purpose: msg.purpose }),
            signal: controller.signal,
          });
          // Read the body under the same deadline: a gateway may send headers and then stall.
          body = await res.text();
        } catch (err) {
          const why = controller.signal.aborted ? `timed out after ${timeoutMs} ms` : networkReason(err);
          throw new DeliveryError(`SMS gateway unreachable: ${why}`, true);
        }
        if (res.ok) return;
        // 429 (slow down) and 5xx may pass later; other 4xx (bad number, bad key) will not.
        const retryable = res.status === 429 || res.status >= 500;
        const reason = redact(providerMessage(body), msg.code);
        throw new DeliveryError(`SMS gateway answered ${res.status}${reason ? `: ${reason}` : ''}`, retryable);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** The gateway's own explanation, from `{"error": "…"}` or `{"message": "…"}`, kept short. */
function providerMessage(body: string): string {
  try {
    const json: unknown = JSON.parse(body);
    if (json && typeof json === 'object') {
      const { error, message } = json as { error?: unknown; message?: unknown };
      const text = typeof error === 'string' ? error : typeof message === 'string' ? message : '';
      return text.slice(0, 200);
    }
  } catch {
    // Not JSON (an HTML error page from a proxy, say): the status says enough.
  }
  return '';
}

function networkReason(err: unknown): string {
  // undici reports "fetch failed" with the real reason (ECONNREFUSED, ENOTFOUND…) as the cause.
  const cause = (err as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof cause?.message === 'string') return cause.message;
  return err instanceof Error ? err.message : String(err);
}

/** A gateway could echo the text back in its error; the code must not reach our logs. */
function redact(text: string, code: string): string {
  return code ? text.split(code).join('******') : text;
}
