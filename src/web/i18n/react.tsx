import { createContext, type ReactNode, useCallback, useContext } from 'react';
import { useMatches } from 'react-router';
import type { Locale } from '../../shared/i18n';
import type { Namespace, Resources } from './namespaces';
import type { KeyOf, Params, Translator } from './translator';

/** What a loader returns under `i18n` (src/server/i18n/catalogues.ts builds it). */
export interface MessageBundle {
  locale: Locale;
  resources: Partial<Resources>;
}

const I18nContext = createContext<Translator | null>(null);

export function I18nProvider({ value, children }: { value: Translator; children: ReactNode }) {
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** `const { t } = useTranslation('site')`: keys are checked against the English catalogue. */
export function useTranslation<N extends Namespace>(ns: N) {
  const translator = useContext(I18nContext);
  if (!translator) throw new Error('useTranslation outside <I18nProvider>');
  // A stable `t` (per translator and namespace): effects and memos that use it, like the API
  // client's, must not run again on every render.
  const t = useCallback((key: KeyOf<Resources[N]>, params?: Params) => translator.t(ns, key, params), [translator, ns]);
  return { t, locale: translator.locale };
}

/** The translator itself, for text assembled from several namespaces (`t(ns, key)`). */
export function useTranslator(): Translator {
  const translator = useContext(I18nContext);
  if (!translator) throw new Error('useTranslator outside <I18nProvider>');
  return translator;
}

/**
 * Adds the namespaces the matched routes' loaders sent (each page loads only its own catalogues,
 * with its data). Runs during render, before the pages read their messages; idempotent.
 */
export function useRouteMessages(translator: Translator): void {
  const matches = useMatches();
  for (const match of matches) {
    const bundle = (match.loaderData as { i18n?: MessageBundle } | undefined)?.i18n;
    if (!bundle || bundle.locale !== translator.locale) continue;
    for (const [ns, res] of Object.entries(bundle.resources)) {
      if (!translator.has(ns as Namespace)) translator.add(ns as Namespace, res);
    }
  }
}
