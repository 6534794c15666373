import type { Locale } from '../../shared/i18n';
import { translate } from '../i18n/catalogues';

/** The `msg` of API answers, in the caller's language, from the `errors` catalogue the web uses. */
export const message = (locale: Locale, key: string, params: Record<string, string | number> = {}) =>
  translate(locale, 'errors', key, params);
