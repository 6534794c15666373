import type { Locale } from './i18n';

/**
 * Counts as the site shows them: Chinese in 万 written 'w' (1.2w), capped at '100w+';
 * English with K, M and B; French as French writes them (1,2 k, 3,4 M, 1,2 Md). One decimal, trailing .0 dropped, never rounded up
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
  // French writes its own compact form: a decimal comma and a space before k, M, Md (1,2 k).
  const [k, m, b] = locale === 'fr' ? ['\u00a0k', '\u00a0M', '\u00a0Md'] : ['K', 'M', 'B'];
  const dec = (x: number) => (locale === 'fr' ? trim(x).replace('.', ',') : trim(x));
  if (v < 1_000_000) return `${dec(v / 1_000)}${k}`;
  if (v < 1_000_000_000) return `${dec(v / 1_000_000)}${m}`;
  return `${dec(v / 1_000_000_000)}${b}`;
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
  return formatDay(d.getTime(), locale);
}

/**
 * The one way each language writes a day (2026年11月26日, 26 novembre 2026, November 26, 2026),
 * as the day is in `timeZone`. Every page that shows a day without its time goes through here.
 */
export function formatDay(at: number, locale: Locale, timeZone = 'UTC'): string {
  return dayFormat(locale, timeZone).format(at);
}

/**
 * Two days as one span, each written as {@link formatDay} writes it: Intl's own ranges shorten
 * Chinese dates to 2026/11/26, which then sits beside 2026年11月26日 elsewhere.
 */
export function formatDayRange(from: number, to: number, locale: Locale, timeZone = 'UTC'): string {
  const [a, b] = [formatDay(from, locale, timeZone), formatDay(to, locale, timeZone)];
  // The same dash as the campaign pages' periods, in every language.
  return a === b ? a : `${a} – ${b}`;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(locale: Locale, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}`;
  let f = dayFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone });
    dayFormats.set(key, f);
  }
  return f;
}

/** Zones that keep China's time: a reader knows them as Beijing time. */
const CHINA_ZONES = new Set(['Asia/Shanghai', 'Asia/Chongqing', 'Asia/Harbin', 'Asia/Urumqi', 'PRC', 'Asia/Chungking']);

/**
 * A time zone in words for a sentence ("days follow …"): `beijing` (the catalogue's "Beijing
 * time") for China's zones, UTC as UTC, otherwise the language's own name of the zone (Central
 * European Time, 中欧时间); a zone Intl does not know is shown as given.
 */
export function timeZoneWords(zone: string, locale: Locale, beijing: string): string {
  if (CHINA_ZONES.has(zone)) return beijing;
  if (zone === 'UTC' || zone === 'Etc/UTC' || zone === 'GMT' || zone === 'Etc/GMT') return 'UTC';
  try {
    const parts = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'longGeneric' }).formatToParts();
    return parts.find((p) => p.type === 'timeZoneName')?.value ?? zone;
  } catch {
    return zone;
  }
}
