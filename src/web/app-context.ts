import { createContext, useContext } from 'react';
import type { PublicConfig } from '../shared/api/site';
import type { Locale } from '../shared/i18n';
import type { Store } from './store';

/** What every page may read: the client store, the public configuration, the language. */
export interface AppContextValue {
  store: Store;
  config: PublicConfig;
  locale: Locale;
}

export const AppContext = createContext<AppContextValue | null>(null);

export function useApp(): AppContextValue {
  const v = useContext(AppContext);
  if (!v) throw new Error('useApp outside <AppContext.Provider>');
  return v;
}
