import { describe, expect, it } from 'vitest';
import { formatCount } from './format';

describe('formatCount (spec §9)', () => {
  it.each([
    [0, '0'],
    [9_999, '9999'],
    [10_000, '1w'],
    [12_345, '1.2w'],
    [19_999, '1.9w'],
    [100_000, '10w'],
    [999_999, '99.9w'],
    [1_000_000, '100w+'],
    [123_456_789, '100w+'],
  ])('Chinese %i → %s', (n, s) => {
    expect(formatCount(n, 'zh-CN')).toBe(s);
    expect(formatCount(n, 'zh-TW')).toBe(s);
  });

  it.each([
    [0, '0'],
    [999, '999'],
    [1_000, '1K'],
    [1_050, '1K'],
    [1_500, '1.5K'],
    [999_999, '999.9K'],
    [1_000_000, '1M'],
    [2_345_678, '2.3M'],
    [999_999_999, '999.9M'],
    [1_000_000_000, '1B'],
    [7_800_000_000, '7.8B'],
  ])('English and French %i → %s', (n, s) => {
    expect(formatCount(n, 'en')).toBe(s);
    expect(formatCount(n, 'fr')).toBe(s);
  });

  it('treats odd input as zero and drops fractions', () => {
    expect(formatCount(-5, 'en')).toBe('0');
    expect(formatCount(Number.NaN, 'zh-CN')).toBe('0');
    expect(formatCount(Number.POSITIVE_INFINITY, 'en')).toBe('0');
    expect(formatCount(999.9, 'en')).toBe('999');
  });
});
