import { getCountryCallingCode } from 'libphonenumber-js/mobile';
import { describe, expect, it } from 'vitest';
import * as rules from '../../../shared/rules';
import { normalisePhone } from '../../../shared/rules';
import { defaultRegion, REGIONS, regionForNumber, regionFromLanguages } from './regions';
import { lastSignIn, rememberSignIn } from './sign-in-memory';

describe('sign-in regions', () => {
  it('offers the required regions with their real calling codes', () => {
    expect(REGIONS.map((r) => r.id)).toEqual(expect.arrayContaining(['CN', 'TW', 'HK', 'MO', 'US', 'CA', 'FR', 'GB', 'JP', 'DE']));
    for (const r of REGIONS) expect(r.dial, r.id).toBe(`+${getCountryCallingCode(r.id)}`);
  });

  it('starts with the mainland in the Chinese edition, else with the reader language', () => {
    expect(defaultRegion('cn', 'en')).toBe('CN');
    expect(defaultRegion('cn', 'fr', ['fr-FR'])).toBe('CN');
    expect(defaultRegion('intl', 'zh-TW')).toBe('TW');
    expect(defaultRegion('intl', 'fr')).toBe('FR');
    expect(defaultRegion('intl', 'en')).toBe('US');
  });

  it('follows the region the browser languages name before the site language', () => {
    expect(defaultRegion('intl', 'en', ['zh-CN'])).toBe('CN');
    expect(defaultRegion('intl', 'en', ['fr-FR', 'fr'])).toBe('FR');
    const cases: [string[], string | undefined][] = [
      [['zh-CN', 'zh'], 'CN'],
      [['zh-TW'], 'TW'],
      [['zh-HK', 'en'], 'HK'],
      [['zh-Hant'], 'TW'],
      [['zh'], 'CN'],
      [['fr-CA', 'fr', 'en'], 'CA'],
      // A French browser with an English fallback stays in France.
      [['fr', 'fr-FR', 'en-US', 'en'], 'FR'],
      [['fr', 'en-US'], 'FR'],
      [['en-GB', 'en'], 'GB'],
      [['en', 'en-GB'], 'GB'],
      [['en-US'], 'US'],
      [['de'], 'DE'],
      [['ja-JP'], 'JP'],
      // Nothing offered, or nothing readable: the site language decides.
      [['ko-KR'], undefined],
      [['not a tag!'], undefined],
      [[], undefined],
    ];
    for (const [languages, region] of cases) expect(regionFromLanguages(languages), languages.join(',')).toBe(region);
    expect(defaultRegion('intl', 'fr', ['ko-KR'])).toBe('FR');
  });

  it('starts with the region of the last sign-in on this device', () => {
    expect(defaultRegion('intl', 'en', ['en-US'], 'HK')).toBe('HK');
    expect(defaultRegion('cn', 'zh-CN', [], 'HK')).toBe('HK');
  });

  it('reads a national number in the chosen region', () => {
    expect(normalisePhone('13800138000', 'CN')).toBe('+8613800138000');
    expect(normalisePhone('0612345678', 'FR')).toBe('+33612345678');
    expect(normalisePhone('13800138000', 'FR')).toBeNull();
  });

  it('moves a mainland mobile typed under a guessed region to +86', () => {
    expect(regionForNumber(rules, '13800138000', 'US', false)).toBe('CN');
    expect(regionForNumber(rules, '138 0013 8000', 'FR', false)).toBe('CN');
    // Also a US number with its trunk 1 (area code 380), but nobody writes that after +1.
    expect(regionForNumber(rules, '13802360549', 'US', false)).toBe('CN');
    expect(regionForNumber(rules, '13800138000', 'CN', false)).toBeNull();
    // Not a mainland mobile: 12 or 10 digits, a 12 prefix, an international number.
    expect(regionForNumber(rules, '138001380001', 'US', false)).toBeNull();
    expect(regionForNumber(rules, '1380013800', 'US', false)).toBeNull();
    expect(regionForNumber(rules, '12800138000', 'US', false)).toBeNull();
    expect(regionForNumber(rules, '+13800138000', 'US', false)).toBeNull();
    expect(regionForNumber(rules, '0612345678', 'FR', false)).toBeNull();
  });

  it('keeps a region the visitor chose while the number fits there', () => {
    expect(regionForNumber(rules, '13802360549', 'US', true)).toBeNull();
    expect(regionForNumber(rules, '13800138000', 'FR', true)).toBe('CN');
  });
});

describe('the last sign-in', () => {
  const storage = () => {
    const m = new Map<string, string>();
    return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
  };

  it('remembers the method and the region of a phone; an e-mail keeps the region before', () => {
    const s = storage();
    expect(lastSignIn(s)).toBeNull();
    rememberSignIn({ method: 'code', region: 'HK' }, s);
    expect(lastSignIn(s)).toEqual({ method: 'code', region: 'HK' });
    rememberSignIn({ method: 'password' }, s);
    expect(lastSignIn(s)).toEqual({ method: 'password', region: 'HK' });
  });

  it('ignores what it did not write, and storage that refuses', () => {
    const s = storage();
    s.m.set('sign-in.last', '{"method":"magic","region":"XX"}');
    expect(lastSignIn(s)).toBeNull();
    s.m.set('sign-in.last', '{"method":"code","region":"XX"}');
    expect(lastSignIn(s)).toEqual({ method: 'code' });
    s.m.set('sign-in.last', 'not json');
    expect(lastSignIn(s)).toBeNull();
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(lastSignIn(blocked)).toBeNull();
    expect(() => rememberSignIn({ method: 'code' }, blocked)).not.toThrow();
  });
});
