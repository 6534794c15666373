import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * One CSV field: quoted, quotes doubled; a value a spreadsheet would run as a formula (= + - @,
 * tab, carriage return first) is prefixed with an apostrophe (OWASP's CSV injection advice).
 */
export const csvField = (v: string | number | null) => {
  const s = v === null ? '' : String(v);
  return `"${(/^[=+\-@\t\r]/.test(s) ? `'${s}` : s).replaceAll('"', '""')}"`;
};

export const csvLine = (fields: readonly (string | number | null)[]) => `${fields.map(csvField).join(',')}\r\n`;

/**
 * Answers a CSV download streamed from `rows` (read a page at a time by the caller), so an export
 * of any size holds one page in memory; a BOM first so spreadsheets read Chinese text as UTF-8.
 * The first row is read before anything is sent: a query that fails at once is answered as an
 * error, not as a download cut short.
 */
export async function sendCsv(
  reply: FastifyReply,
  filename: string,
  header: readonly string[],
  rows: AsyncIterable<readonly (string | number | null)[]>,
) {
  const it = rows[Symbol.asyncIterator]();
  const first = await it.next();
  async function* lines() {
    yield `\ufeff${csvLine(header)}`;
    if (first.done) return;
    yield csvLine(first.value);
    for (let r = await it.next(); !r.done; r = await it.next()) yield csvLine(r.value);
  }
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(lines()));
}
