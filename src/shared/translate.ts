/**
 * Reading i18next-format catalogues (nested keys, `{{name}}` placeholders, `_one`/`_other`…
 * plural suffixes chosen with Intl.PluralRules). Shared by the browser's translator and the
 * server's messages (API `msg`, default nicknames), so both read the catalogues the same way.
 */
export type Catalogue = { [k: string]: string | Catalogue };
export type Params = Record<string, string | number>;

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

// One PluralRules per language: building one costs more than the lookup it serves.
const pluralRules = new Map<string, Intl.PluralRules>();
const plural = (locale: string) => {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules;
};

/** The message for `key` in one catalogue, plural form by `params.count`; undefined when absent. */
export function messageIn(c: Catalogue | undefined, locale: string, key: string, params: Params = {}): string | undefined {
  const text =
    (typeof params.count === 'number' ? lookup(c, `${key}_${plural(locale).select(params.count)}`) : undefined) ?? lookup(c, key);
  return text === undefined ? undefined : interpolate(text, params);
}
