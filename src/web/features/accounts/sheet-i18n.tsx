import { type ReactNode, use, useEffect } from 'react';
import type { Locale } from '../../../shared/i18n';
import type { Resources } from '../../i18n/namespaces';
import { I18nProvider, useTranslation } from '../../i18n/react';
import { createTranslator, type Translator } from '../../i18n/translator';
import { showToast } from '../../ui/toast';
import { closeLogin } from './login-store';

/**
 * The sheet opens on any page, but only the account page's loader sends the accounts catalogue.
 * Elsewhere the catalogue of the reader's language arrives with the sheet, as a chunk of its own
 * per language (`?raw`, so it is not merged with the header labels bundled in the first load).
 */
const CHUNKS = import.meta.glob<string>('../../../../locales/*/accounts.json', { query: '?raw', import: 'default' });
type Catalogue = Resources['accounts'];
const loaded = new Map<Locale, Promise<Catalogue | null>>();

function loadCatalogue(locale: Locale): Promise<Catalogue | null> {
  let p = loaded.get(locale);
  if (!p) {
    const chunk = CHUNKS[`../../../../locales/${locale}/accounts.json`];
    p = chunk
      ? chunk().then(
          (raw) => JSON.parse(raw) as Catalogue,
          () => {
            loaded.delete(locale);
            return null;
          },
        )
      : Promise.resolve(null);
    loaded.set(locale, p);
  }
  return p;
}

/** Provides `accounts` (from the page or the chunk) beside the root's `common` and `errors`. */
export function SheetI18n({ children }: { children: ReactNode }) {
  const accounts = useTranslation('accounts');
  const errors = useTranslation('errors');
  const common = useTranslation('common');
  const locale = accounts.locale;
  const fromPage = accounts.t('sheet.title') !== 'sheet.title';
  const catalogue = fromPage ? null : use(loadCatalogue(locale));
  if (!fromPage && !catalogue) return <LoadFailed />;
  const own = catalogue ? createTranslator(locale, { accounts: catalogue }) : null;
  const translator: Translator = {
    locale,
    has: () => true,
    add: () => {},
    t: (ns, key, params) => {
      if (ns === 'accounts') return own ? own.t(ns, key, params) : accounts.t(key as never, params);
      if (ns === 'errors') return errors.t(key as never, params);
      return common.t(key as never, params);
    },
  };
  return <I18nProvider value={translator}>{children}</I18nProvider>;
}

function LoadFailed() {
  const { t } = useTranslation('errors');
  // biome-ignore lint/correctness/useExhaustiveDependencies: once.
  useEffect(() => {
    showToast(t('noResponse'));
    closeLogin();
  }, []);
  return null;
}
