import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { useTranslation } from './i18n/react';

/** Code chunk load timeout 120000 ms. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/**
 * A page whose code (or data) has not arrived after the chunk timeout shows a load error with a
 * reload button, instead of leaving the visitor on a page that never changes.
 */
export function LoadWatchdog({ timeoutMs = CHUNK_LOAD_TIMEOUT_MS }: { timeoutMs?: number }) {
  const navigation = useNavigation();
  const [stalled, setStalled] = useState(false);
  const busy = navigation.state !== 'idle';
  useEffect(() => {
    if (!busy) {
      setStalled(false);
      return;
    }
    const timer = setTimeout(() => setStalled(true), timeoutMs);
    return () => clearTimeout(timer);
  }, [busy, timeoutMs]);
  return stalled ? <LoadError /> : null;
}

export function LoadError() {
  const { t } = useTranslation('common');
  return (
    <div className="banner-error" role="alert">
      <span>{t('loadError')}</span>
      <button type="button" onClick={() => window.location.reload()}>
        {t('reload')}
      </button>
    </div>
  );
}
