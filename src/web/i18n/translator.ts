import type { Locale } from '../../shared/i18n';
import { type Catalogue, messageIn, type Params } from '../../shared/translate';
import type { Namespace, Resources } from './namespaces';

/**
 * A small translator over i18next-format catalogues (read by shared/translate.ts). It replaces the i18next runtime
 * in the browser to keep first-load JS within budget (docs/decisions/0002-i18n-runtime.md); the
 * catalogues stay i18next-compatible.
 */

/**
 * Dotted paths to the string leaves of a catalogue: `landing.features.models.title`; a plural
 * family (`likes_one`, `likes_other`) is also reachable by its base key, chosen by `count`.
 */
export type KeyOf<T> = {
  [K in keyof T & string]: T[K] extends string ? K | PluralBase<K> : `${K}.${KeyOf<T[K]>}`;
}[keyof T & string];
type PluralBase<K extends string> = K extends `${infer B}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? B : never;

export interface Translator {
  locale: Locale;
  has(ns: Namespace): boolean;
  add(ns: Namespace, catalogue: unknown): void;
  t(ns: Namespace, key: string, params?: Params): string;
}

export function createTranslator(locale: Locale, resources: Partial<Resources>): Translator {
  const catalogues = new Map<string, Catalogue>(Object.entries(resources) as [string, Catalogue][]);
  return {
    locale,
    has: (ns) => catalogues.has(ns),
    add: (ns, catalogue) => {
      catalogues.set(ns, catalogue as Catalogue);
    },
    t: (ns, key, params = {}) => messageIn(catalogues.get(ns), locale, key, params) ?? key,
  };
}

export type { Params };
