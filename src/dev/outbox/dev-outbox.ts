import { renderMessage } from '../../server/accounts/delivery/messages';
import type { CodeDelivery, DevOutbox, OutboxEntry, OutgoingCode } from '../../server/accounts/delivery/types';

export type { DevOutbox, OutboxEntry };

/**
 * Development stand-in for SMS and e-mail: messages stay in memory (shown by a dev-only page) and
 * are written to the log. This is the only place a code may be logged, which is why the factory
 * and start-up both refuse it in production.
 */
export function createDevOutbox(opts: { log: (line: string) => void; max?: number }): DevOutbox {
  const max = Math.max(1, opts.max ?? 100);
  // Newest first; the oldest drop off the end once `max` is reached.
  const entries: OutboxEntry[] = [];
  const channel = (name: OutgoingCode['channel']): CodeDelivery => ({
    name: 'dev',
    async send(msg) {
      const r = renderMessage(msg);
      const entry: OutboxEntry = {
        at: Date.now(),
        channel: name,
        destination: msg.destination,
        purpose: msg.purpose,
        code: msg.code,
        text: name === 'sms' ? r.sms : `${r.subject}\n\n${r.text}`,
      };
      entries.unshift(entry);
      if (entries.length > max) entries.length = max;
      opts.log(`[DEVELOPMENT OUTBOX — not sent] ${name} to ${msg.destination} (${msg.purpose}): code ${msg.code}`);
    },
  });
  return {
    sms: channel('sms'),
    email: channel('email'),
    list: () => entries.slice(),
    latest: (destination) => entries.find((e) => e.destination === destination),
    page: () => renderOutboxPage(entries),
  };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A self-contained page listing the outbox, newest first, for a development-only route. */
export function renderOutboxPage(entries: OutboxEntry[]): string {
  const rows = [...entries]
    .sort((a, b) => b.at - a.at)
    .map((e) => {
      const cells = [new Date(e.at).toISOString(), e.channel, e.destination, e.purpose, e.code];
      return `<tr>${cells.map((c, i) => `<td${i === 4 ? ' class="code"' : ''}>${escapeHtml(c)}</td>`).join('')}</tr>`;
    })
    .join('\n');
  const body = rows || '<tr><td colspan="5">No messages yet.</td></tr>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Development outbox — not for production</title>
<style>body{font-family:sans-serif;margin:1rem}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px 8px;text-align:left}.code{font-family:monospace;font-size:1.2em}</style>
</head><body>
<h1>Development outbox — not for production</h1>
<p>Verification codes that would have been sent by SMS or e-mail. Newest first.</p>
<table><thead><tr><th>Time</th><th>Channel</th><th>Destination</th><th>Purpose</th><th>Code</th></tr></thead>
<tbody>
${body}
</tbody></table>
</body></html>
`;
}
