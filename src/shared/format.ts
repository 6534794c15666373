import type { Locale } from './i18n';

/**
 * Counts as spec §9 shows them: Chinese in 万 written 'w' (1.2w), capped at '100w+';
 * English (and French) with K, M and B. One decimal, trailing .0 dropped, never rounded up
 * into a bigger unit by mistake (999 999 is 999.9K, not 1000K).
 */
export function formatCount(n: number, locale: Locale): string {
  if (!Number.isFinite(n) || n < 0) return '0';
  const v = Math.floor(n);
  if (locale === 'zh-CN' || locale === 'zh-TW') {
    if (v < 10_000) return String(v);
    if (v >= 1_000_000) return '100w+';
    return `${trim(v / 10_000)}w`;
  }
  if (v < 1_000) return String(v);
  if (v < 1_000_000) return `${trim(v / 1_000)}K`;
  if (v < 1_000_000_000) return `${trim(v / 1_000_000)}M`;
  return `${trim(v / 1_000_000_000)}B`;
}

/** Truncates (not rounds) to one decimal so a value never shows more than it is. */
function trim(x: number): string {
  const t = Math.floor(x * 10) / 10;
  return Number.isInteger(t) ? String(t) : t.toFixed(1);
}

/** A date in the reader's language, e.g. for page footers ("updated on"). */
export function formatDate(iso: string, locale: Locale): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(d);
}
