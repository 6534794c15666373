import { useApp } from '../app-context';
import { useTranslation } from '../i18n/react';
import { useAppState } from '../store';

/** The loading overlay reading 'starting download...' while a download begins. */
export function LoadingOverlay() {
  const { store } = useApp();
  const loading = useAppState(store, (s) => s.loading);
  const { t } = useTranslation('common');
  if (!loading) return null;
  return (
    <div className="overlay" role="alert" aria-busy="true">
      <div>
        <div className="spinner" />
        <p>{t('startingDownload')}</p>
      </div>
    </div>
  );
}
