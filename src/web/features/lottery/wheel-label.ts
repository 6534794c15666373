const CJK = /[\u1100-\u11ff\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/u;
/** Columns a text takes: CJK characters are about twice as wide as Latin ones. */
const cols = (s: string) => [...s].reduce((n, ch) => n + (CJK.test(ch) ? 2 : 1), 0);

/** A word cut into pieces of at most `width` columns. */
function pieces(word: string, width: number): string[] {
  const out: string[] = [];
  let cur = '';
  for (const ch of word) {
    if (cur && cols(cur + ch) > width) {
      out.push(cur);
      cur = '';
    }
    cur += ch;
  }
  if (cur) out.push(cur);
  return out;
}

/**
 * A prize name as the few short lines that fit a wheel segment. Words stay whole where there
 * are spaces (lucky-canvas's own wrapping cuts inside words); CJK text, which has none, breaks
 * between characters, which is how it is read. Too long for `maxLines`: the last line ends in "…".
 */
export function wheelLabel(name: string, width = 11, maxLines = 3): string {
  const lines: string[] = [];
  let line = '';
  for (const word of name.trim().split(/\s+/)) {
    // CJK runs and overlong words may break anywhere; other words only move whole.
    const parts = CJK.test(word) || cols(word) > width ? pieces(word, width) : [word];
    parts.forEach((part, i) => {
      const joined = line ? `${line}${i === 0 ? ' ' : ''}${part}` : part;
      if (line && cols(joined) > width) {
        lines.push(line);
        line = part;
      } else line = joined;
    });
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines.join('\n');
  const kept = lines.slice(0, maxLines);
  const last = kept[maxLines - 1] ?? '';
  kept[maxLines - 1] = `${pieces(last, width - 1)[0] ?? ''}…`;
  return kept.join('\n');
}
