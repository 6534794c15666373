import type { CountryCode } from 'libphonenumber-js/mobile';
import type { Locale } from '../../../shared/i18n';

/** Countries and regions offered for phone numbers, with their calling codes. */
export const REGIONS = [
  { id: 'CN', dial: '+86' },
  { id: 'TW', dial: '+886' },
  { id: 'HK', dial: '+852' },
  { id: 'US', dial: '+1' },
  { id: 'FR', dial: '+33' },
  { id: 'GB', dial: '+44' },
  { id: 'JP', dial: '+81' },
  { id: 'DE', dial: '+49' },
] as const satisfies readonly { id: CountryCode; dial: string }[];

export type RegionId = (typeof REGIONS)[number]['id'];

/** The Chinese edition serves mainland numbers first; elsewhere the reader's language decides (as on the server). */
export function defaultRegion(edition: 'intl' | 'cn', locale: Locale): RegionId {
  if (edition === 'cn') return 'CN';
  return ({ en: 'US', fr: 'FR', 'zh-CN': 'CN', 'zh-TW': 'TW' } as const)[locale];
}
