import { describe, expect, it } from 'vitest';
import { isTimeZone, previousDay, rewardFor } from './days';

describe('check-in days', () => {
  it('steps back over month, year and leap-day boundaries', () => {
    expect(previousDay('2026-03-01')).toBe('2026-02-28');
    expect(previousDay('2028-03-01')).toBe('2028-02-29');
    expect(previousDay('2027-01-01')).toBe('2026-12-31');
  });
  it('knows IANA zones and refuses anything else', () => {
    expect(isTimeZone('Asia/Shanghai')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('<script>')).toBe(false);
    expect(isTimeZone('x'.repeat(61))).toBe(false);
  });
  it('cycles the rewards after the last day', () => {
    const week = [10, 10, 20, 10, 10, 20, 50];
    expect([1, 3, 7, 8, 14, 15].map((s) => rewardFor(week, s))).toEqual([10, 20, 50, 10, 50, 10]);
  });
});
