import type { Locale } from '../../shared/i18n';
import type { Namespace, Resources } from './namespaces';

/**
 * A small translator over i18next-format catalogues (nested keys, `{{name}}` placeholders,
 * `_one`/`_other`… plural suffixes chosen with Intl.PluralRules). It replaces the i18next runtime
 * in the browser to keep first-load JS within budget (docs/decisions/0002-i18n-runtime.md); the
 * catalogues stay i18next-compatible.
 */
type Catalogue = { [k: string]: string | Catalogue };
export type Params = Record<string, string | number>;

/** Dotted paths to the string leaves of a catalogue: `landing.features.models.title`. */
export type KeyOf<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${KeyOf<T[K]>}`;
}[keyof T & string];

export interface Translator {
  locale: Locale;
  has(ns: Namespace): boolean;
  add(ns: Namespace, catalogue: unknown): void;
  t(ns: Namespace, key: string, params?: Params): string;
}

export function createTranslator(locale: Locale, resources: Partial<Resources>): Translator {
  const catalogues = new Map<string, Catalogue>(Object.entries(resources) as [string, Catalogue][]);
  const plural = new Intl.PluralRules(locale);
  return {
    locale,
    has: (ns) => catalogues.has(ns),
    add: (ns, catalogue) => {
      catalogues.set(ns, catalogue as Catalogue);
    },
    t(ns, key, params = {}) {
      const c = catalogues.get(ns);
      const text =
        (typeof params.count === 'number' ? lookup(c, `${key}_${plural.select(params.count)}`) : undefined) ?? lookup(c, key) ?? key;
      return interpolate(text, params);
    },
  };
}

export function lookup(c: Catalogue | undefined, key: string): string | undefined {
  let node: string | Catalogue | undefined = c;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export const interpolate = (text: string, params: Params) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
