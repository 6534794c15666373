/** Locales of the product and their wire codes (EN 0, ZH 1, TW 2, FR 9). */
export const LOCALES = ['en', 'zh-CN', 'zh-TW', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];

const CODES: Record<Locale, number> = { en: 0, 'zh-CN': 1, 'zh-TW': 2, fr: 9 };

export const isLocale = (v: string): v is Locale => (LOCALES as readonly string[]).includes(v);
export const codeForLocale = (l: Locale): number => CODES[l];

export function localeForCode(code: string): Locale | undefined {
  if (!/^\d{1,2}$/.test(code)) return undefined;
  const n = Number(code);
  return LOCALES.find((l) => CODES[l] === n);
}

/** The locale a browser language tag stands for; undefined when we do not serve it. */
export function matchLanguageTag(tag: string): Locale | undefined {
  const t = tag.trim().toLowerCase();
  if (!t || t === '*') return undefined;
  if (t.startsWith('zh')) {
    // Traditional script or a region that writes it (Taiwan, Hong Kong, Macao).
    return /^zh-(hant|tw|hk|mo)\b/.test(t) ? 'zh-TW' : 'zh-CN';
  }
  if (t === 'en' || t.startsWith('en-')) return 'en';
  if (t === 'fr' || t.startsWith('fr-')) return 'fr';
  return undefined;
}

/** Picks from an Accept-Language header by q-weight; undefined when nothing matches. */
export function localeFromAcceptLanguage(header: string | undefined): Locale | undefined {
  if (!header) return undefined;
  const ranked = header
    .slice(0, 512)
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag, weight: Number.isFinite(weight) ? weight : 0, i };
    })
    .filter((x) => x.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.i - b.i);
  for (const { tag } of ranked) {
    const l = matchLanguageTag(tag);
    if (l) return l;
  }
  return undefined;
}

/** Browser side: navigator.languages in order. */
export function localeFromNavigator(langs: readonly string[]): Locale | undefined {
  for (const l of langs) {
    const m = matchLanguageTag(l);
    if (m) return m;
  }
  return undefined;
}

/** The HTML lang attribute / BCP 47 tag for a locale. */
export const htmlLang = (l: Locale) => (l === 'zh-CN' ? 'zh-Hans' : l === 'zh-TW' ? 'zh-Hant' : l);

export const LANGUAGE_COOKIE = 'lang';
