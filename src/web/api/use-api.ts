import { useMemo } from 'react';
import type { Locale } from '../../shared/i18n';
import { useApp } from '../app-context';
import { useTranslation } from '../i18n/react';
import { showToast } from '../ui/toast';
import { type ApiClient, createApiClient } from './client';
import { browserIdentity } from './identity';

export type ErrorsT = ReturnType<typeof useTranslation<'errors'>>['t'];

/** A client for this visitor: their identity, messages in their language, failures as toasts. */
export const clientFor = (locale: Locale, t: ErrorsT): ApiClient =>
  createApiClient({
    identity: () => browserIdentity(locale),
    translate: (key, params) => t(key as Parameters<ErrorsT>[0], params),
    onError: (error) => showToast(error.message),
  });

/** The API client for components. */
export function useApi(): ApiClient {
  const { locale } = useApp();
  const { t } = useTranslation('errors');
  return useMemo(() => clientFor(locale, t), [locale, t]);
}
