import type { Locale } from '../../shared/i18n';

/** Used only when a request failed before its header context was read. */
export const DEFAULT_LOCALE_FALLBACK: Locale = 'en';

export const editionLocale = (edition: 'intl' | 'cn'): Locale => (edition === 'cn' ? 'zh-CN' : 'en');
