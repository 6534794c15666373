// Plain-text tables for the console: the bench output is read by people, the JSON by tools.

/** rows: array of arrays (first row = header). Numbers are right-aligned, text left-aligned. */
export function table(rows) {
  const cells = rows.map((r) => r.map((c) => (c === undefined || c === null ? '-' : String(c))));
  const widths = cells[0].map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  const line = (r, raw) => r.map((c, i) => (typeof raw[i] === 'number' ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
  const out = [line(cells[0], rows[0]), widths.map((w) => '-'.repeat(w)).join('  ')];
  for (let i = 1; i < cells.length; i++) out.push(line(cells[i], rows[i]));
  return out.join('\n');
}

export function section(title) {
  console.log(`\n=== ${title} ${'='.repeat(Math.max(0, 70 - title.length))}`);
}

export const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;
export const round = (n, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
export const verdict = (ok) => (ok ? 'PASS' : 'FAIL');
