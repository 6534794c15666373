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

/** Label size on the wheel, in px: the normal one, and the smaller one for names cut at it. */
export const WHEEL_FONT = { normal: 12, small: 10 } as const;

/**
 * A prize name as it goes on the wheel: at the normal size when it fits in three lines, else in
 * four narrower-set lines at the smaller size, so "PLA filament bundle (4 colours)" is read whole
 * instead of ending in "…".
 */
export function fittedWheelLabel(name: string): { text: string; size: number } {
  const normal = wheelLabel(name);
  if (!normal.endsWith('…') || name.trim().endsWith('…')) return { text: normal, size: WHEEL_FONT.normal };
  return { text: wheelLabel(name, 13, 4), size: WHEEL_FONT.small };
}
