import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatDay, formatDayRange, timeZoneWords } from './format';

describe('formatCount', () => {
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
  ])('English %i → %s', (n, s) => {
    expect(formatCount(n, 'en')).toBe(s);
  });

  it.each([
    [999, '999'],
    [1_000, '1\u00a0k'],
    [1_200, '1,2\u00a0k'],
    [999_999, '999,9\u00a0k'],
    [3_456_789, '3,4\u00a0M'],
    [1_200_000_000, '1,2\u00a0Md'],
  ])('French %i → %s (decimal comma, space before the unit)', (n, s) => {
    expect(formatCount(n, 'fr')).toBe(s);
  });

  it('treats odd input as zero and drops fractions', () => {
    expect(formatCount(-5, 'en')).toBe('0');
    expect(formatCount(Number.NaN, 'zh-CN')).toBe('0');
    expect(formatCount(Number.POSITIVE_INFINITY, 'en')).toBe('0');
    expect(formatCount(999.9, 'en')).toBe('999');
  });
});

describe('dates: one way per language', () => {
  const day = Date.UTC(2026, 10, 26, 12);
  const later = Date.UTC(2027, 0, 26, 12);

  it('writes a day the same way alone, in a span and from an ISO string', () => {
    expect(formatDay(day, 'zh-CN')).toBe('2026年11月26日');
    expect(formatDayRange(day, later, 'zh-CN')).toBe('2026年11月26日 – 2027年1月26日');
    expect(formatDayRange(day, later, 'zh-TW')).toBe('2026年11月26日 – 2027年1月26日');
    expect(formatDate('2026-11-26', 'zh-CN')).toBe('2026年11月26日');
    expect(formatDayRange(day, later, 'fr')).toBe('26 novembre 2026 – 26 janvier 2027');
    expect(formatDayRange(day, later, 'en')).toBe('November 26, 2026 – January 26, 2027');
    expect(formatDayRange(day, day + 3_600_000, 'en')).toBe('November 26, 2026');
  });

  it('never writes a Chinese date with slashes', () => {
    for (const at of [day, later, Date.UTC(2026, 0, 1)]) {
      expect(formatDayRange(at, at + 40 * 86_400_000, 'zh-CN', 'Asia/Shanghai')).not.toContain('/');
    }
  });

  it('counts the day in the zone given', () => {
    const lateUtc = Date.UTC(2026, 10, 26, 20);
    expect(formatDay(lateUtc, 'en', 'Asia/Shanghai')).toBe('November 27, 2026');
    expect(formatDay(lateUtc, 'en')).toBe('November 26, 2026');
  });
});

describe('timeZoneWords', () => {
  it("says Beijing time for China, UTC for UTC and the language's name otherwise", () => {
    expect(timeZoneWords('Asia/Shanghai', 'en', 'Beijing time')).toBe('Beijing time');
    expect(timeZoneWords('UTC', 'fr', 'heure de Pékin')).toBe('UTC');
    expect(timeZoneWords('Europe/Paris', 'en', 'Beijing time')).toBe('Central European Time');
    expect(timeZoneWords('Europe/Paris', 'zh-CN', '北京时间')).toBe('中欧时间');
    expect(timeZoneWords('Not/AZone', 'en', 'Beijing time')).toBe('Not/AZone');
  });
});
