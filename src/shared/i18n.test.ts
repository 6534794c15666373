import { describe, expect, it } from 'vitest';
import { codeForLocale, localeForCode, localeFromAcceptLanguage, localeFromNavigator, matchLanguageTag } from './i18n';

describe('language detection', () => {
  it('matches browser language tags to our four locales', () => {
    expect(matchLanguageTag('en-GB')).toBe('en');
    expect(matchLanguageTag('fr-CA')).toBe('fr');
    expect(matchLanguageTag('zh')).toBe('zh-CN');
    expect(matchLanguageTag('zh-Hans-CN')).toBe('zh-CN');
    expect(matchLanguageTag('zh-SG')).toBe('zh-CN');
    expect(matchLanguageTag('zh-TW')).toBe('zh-TW');
    expect(matchLanguageTag('zh-HK')).toBe('zh-TW');
    expect(matchLanguageTag('zh-Hant')).toBe('zh-TW');
    expect(matchLanguageTag('de-DE')).toBeUndefined();
    expect(matchLanguageTag('*')).toBeUndefined();
  });

  it('reads Accept-Language by weight, skipping languages we do not serve', () => {
    expect(localeFromAcceptLanguage('de-DE,de;q=0.9,fr;q=0.8,en;q=0.7')).toBe('fr');
    expect(localeFromAcceptLanguage('en;q=0.5, zh-TW;q=0.9')).toBe('zh-TW');
    expect(localeFromAcceptLanguage('ja, ko')).toBeUndefined();
    expect(localeFromAcceptLanguage('fr;q=0, en')).toBe('en');
    expect(localeFromAcceptLanguage('')).toBeUndefined();
    expect(localeFromAcceptLanguage(undefined)).toBeUndefined();
    expect(localeFromAcceptLanguage('garbage;;;q=abc,,,')).toBeUndefined();
  });

  it('reads navigator.languages in order', () => {
    expect(localeFromNavigator(['es', 'zh-CN', 'en'])).toBe('zh-CN');
    expect(localeFromNavigator([])).toBeUndefined();
  });

  it('maps the wire codes both ways', () => {
    expect(codeForLocale('en')).toBe(0);
    expect(codeForLocale('zh-CN')).toBe(1);
    expect(codeForLocale('zh-TW')).toBe(2);
    expect(codeForLocale('fr')).toBe(9);
    expect(localeForCode('9')).toBe('fr');
    expect(localeForCode('3')).toBeUndefined();
    expect(localeForCode('x')).toBeUndefined();
  });
});
