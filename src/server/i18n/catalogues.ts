import fs from 'node:fs';
import path from 'node:path';
import { LOCALES, type Locale } from '../../shared/i18n';
import { type Catalogue, messageIn, type Params } from '../../shared/translate';
import type { Namespace, Resources } from '../../web/i18n/namespaces';
import { LOCALES_DIR } from '../paths';

/**
 * All catalogues, read once at start-up. Pages receive only the namespaces they use, through
 * their loader data, so the browser never downloads a catalogue it does not show; API answers
 * take their `msg` from the `errors` namespace.
 */
const CATALOGUES = new Map<string, Catalogue>();

function load(): void {
  for (const locale of LOCALES) {
    const dir = path.join(LOCALES_DIR, locale);
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      CATALOGUES.set(`${locale}/${file.slice(0, -5)}`, JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')));
    }
  }
}
load();

export interface MessageBundle {
  locale: Locale;
  resources: Partial<Resources>;
}

export function bundle(locale: Locale, namespaces: readonly Namespace[]): MessageBundle {
  const resources: Record<string, unknown> = {};
  for (const ns of namespaces) resources[ns] = CATALOGUES.get(`${locale}/${ns}`) ?? CATALOGUES.get(`en/${ns}`) ?? {};
  return { locale, resources: resources as Partial<Resources> };
}

/** One message with `{{name}}` placeholders filled, falling back to English, then the key. */
export function translate(locale: Locale, ns: Namespace, key: string, params: Params = {}): string {
  return (
    messageIn(CATALOGUES.get(`${locale}/${ns}`), locale, key, params) ?? messageIn(CATALOGUES.get(`en/${ns}`), 'en', key, params) ?? key
  );
}
