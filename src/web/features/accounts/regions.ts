import type { CountryCode } from 'libphonenumber-js/mobile';
import type { Locale } from '../../../shared/i18n';
import type * as Rules from '../../../shared/rules';

/** Countries and regions offered for phone numbers, with their calling codes. */
export const REGIONS = [
  { id: 'CN', dial: '+86' },
  { id: 'TW', dial: '+886' },
  { id: 'HK', dial: '+852' },
  { id: 'MO', dial: '+853' },
  { id: 'US', dial: '+1' },
  { id: 'CA', dial: '+1' },
  { id: 'FR', dial: '+33' },
  { id: 'GB', dial: '+44' },
  { id: 'JP', dial: '+81' },
  { id: 'DE', dial: '+49' },
] as const satisfies readonly { id: CountryCode; dial: string }[];

export type RegionId = (typeof REGIONS)[number]['id'];

export const isRegionId = (v: unknown): v is RegionId => REGIONS.some((r) => r.id === v);
export const dialOf = (id: RegionId) => REGIONS.find((r) => r.id === id)?.dial ?? '';

/** The region of each language of the site, when the browser says nothing more precise (as on the server). */
const BY_LOCALE: Record<Locale, RegionId> = { en: 'US', fr: 'FR', 'zh-CN': 'CN', 'zh-TW': 'TW' };

/**
 * The region the browser's languages point to (`navigator.languages`, most preferred first).
 * A region written in a tag (zh-CN, fr-CA, en-GB) is the device's regional setting, so it wins
 * over the site's language, which the visitor may have switched for reading; only tags of the
 * first language count for it, so an English fallback (fr, en-US) does not move a French
 * visitor to the US. Without one, the first language's most likely region (de → DE, zh-Hant →
 * TW), if it is offered.
 */
export function regionFromLanguages(languages: readonly string[]): RegionId | undefined {
  const parsed = languages.flatMap((tag) => {
    try {
      return [new Intl.Locale(tag)];
    } catch {
      return []; // not a BCP 47 tag
    }
  });
  const first = parsed[0];
  if (!first) return undefined;
  const written = parsed.find((l) => l.language === first.language && isRegionId(l.region))?.region;
  if (isRegionId(written)) return written;
  const likely = first.maximize().region;
  return isRegionId(likely) ? likely : undefined;
}

/**
 * The region a sign-in form starts with: the one the visitor last signed in with on this device;
 * the mainland in the Chinese edition; else where the browser's languages point, then the site's
 * language.
 */
export function defaultRegion(edition: 'intl' | 'cn', locale: Locale, languages: readonly string[] = [], last?: RegionId): RegionId {
  if (last) return last;
  if (edition === 'cn') return 'CN';
  return regionFromLanguages(languages) ?? BY_LOCALE[locale];
}

/**
 * The region a number typed without +country code belongs to when the chosen one is doubtful:
 * a mainland mobile (11 digits, 1[3-9]…), the platform's most common number. Under a region the
 * sheet only guessed it moves to +86: elsewhere national numbers are not 11 digits starting with
 * 1, except in +1 written with its trunk 1 (1 380 236 0549), which nobody types after picking +1.
 * Under a region the visitor chose, only a number that does not fit there moves. Null: stay.
 */
export function regionForNumber(
  rules: Pick<typeof Rules, 'normalisePhone'>,
  input: string,
  region: RegionId,
  chosen: boolean,
): 'CN' | null {
  const digits = input.replace(/[\s().-]/g, '');
  if (region === 'CN' || !/^1[3-9]\d{9}$/.test(digits) || !rules.normalisePhone(input, 'CN')) return null;
  if (!chosen) return 'CN';
  return rules.normalisePhone(input, region) ? null : 'CN';
}
