import { useCallback } from 'react';
import { useApp } from '../app-context';
import { useTranslation } from '../i18n/react';
import type { ApiClient } from './client';

/**
 * The API client, loaded on first use: for the site chrome, which calls the API only when the
 * visitor acts (switching language), so the client is not part of every page's first load.
 */
export function useLazyApi(): () => Promise<ApiClient> {
  const { locale } = useApp();
  const { t } = useTranslation('errors');
  return useCallback(async () => (await import('./use-api')).clientFor(locale, t), [locale, t]);
}
