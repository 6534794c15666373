import { getCountryCallingCode } from 'libphonenumber-js/mobile';
import { describe, expect, it } from 'vitest';
import { normalisePhone } from '../../../shared/rules';
import { defaultRegion, REGIONS } from './regions';

describe('sign-in regions', () => {
  it('offers the required regions with their real calling codes', () => {
    expect(REGIONS.map((r) => r.id)).toEqual(expect.arrayContaining(['CN', 'TW', 'HK', 'US', 'FR', 'GB', 'JP', 'DE']));
    for (const r of REGIONS) expect(r.dial, r.id).toBe(`+${getCountryCallingCode(r.id)}`);
  });

  it('starts with the mainland in the Chinese edition, else with the reader language', () => {
    expect(defaultRegion('cn', 'en')).toBe('CN');
    expect(defaultRegion('intl', 'zh-TW')).toBe('TW');
    expect(defaultRegion('intl', 'fr')).toBe('FR');
    expect(defaultRegion('intl', 'en')).toBe('US');
  });

  it('reads a national number in the chosen region', () => {
    expect(normalisePhone('13800138000', 'CN')).toBe('+8613800138000');
    expect(normalisePhone('0612345678', 'FR')).toBe('+33612345678');
    expect(normalisePhone('13800138000', 'FR')).toBeNull();
  });
});
