import { useMemo } from 'react';
import { useApp } from '../app-context';
import { useTranslation } from '../i18n/react';
import { showToast } from '../ui/toast';
import { type ApiClient, createApiClient } from './client';
import { browserIdentity } from './identity';

/** The API client for components: the visitor's identity, messages in their language, toasts. */
export function useApi(): ApiClient {
  const { locale } = useApp();
  const { t } = useTranslation('errors');
  return useMemo(
    () =>
      createApiClient({
        identity: () => browserIdentity(locale),
        translate: (key, params) => t(key as Parameters<typeof t>[0], params),
        onError: (error) => showToast(error.message),
      }),
    [locale, t],
  );
}
