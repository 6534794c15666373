import { useTranslation } from '../../i18n/react';

/** "1 h 24 min" / "35 min" / "40 s". */
export function useDuration() {
  const { t } = useTranslation('content');
  return (seconds: number) => {
    const h = Math.floor(seconds / 3600);
    const m = Math.round((seconds % 3600) / 60);
    if (h) return t('duration.hm', { h, m });
    return m ? t('duration.m', { m }) : t('duration.s', { s: seconds });
  };
}
