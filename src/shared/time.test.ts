import { describe, expect, it } from 'vitest';
import { dayBounds, dayKey, isTimeZone, nextDay, previousDay, startOfDay } from './time';

describe('days in a time zone', () => {
  it('starts at midnight in the venue zone, not the server one', () => {
    // 2026-12-01 17:30 UTC is already 2 December in Shanghai (UTC+8).
    const at = Date.parse('2026-12-01T17:30:00Z');
    expect(dayBounds(at, 'Asia/Shanghai')).toEqual({
      day: '2026-12-02',
      from: Date.parse('2026-12-01T16:00:00Z'),
      to: Date.parse('2026-12-02T16:00:00Z'),
    });
    expect(dayBounds(at, 'UTC')).toEqual({
      day: '2026-12-01',
      from: Date.parse('2026-12-01T00:00:00Z'),
      to: Date.parse('2026-12-02T00:00:00Z'),
    });
  });

  it('has 23 or 25 hours on daylight-saving changes', () => {
    const spring = dayBounds(Date.parse('2026-03-29T12:00:00Z'), 'Europe/Paris');
    expect(spring.from).toBe(Date.parse('2026-03-28T23:00:00Z'));
    expect(spring.to - spring.from).toBe(23 * 3_600_000);
    const autumn = dayBounds(Date.parse('2026-10-25T12:00:00Z'), 'Europe/Paris');
    expect(autumn.from).toBe(Date.parse('2026-10-24T22:00:00Z'));
    expect(autumn.to - autumn.from).toBe(25 * 3_600_000);
  });

  it('includes its first millisecond and excludes the next midnight', () => {
    const d = dayBounds(Date.parse('2026-12-01T16:00:00Z'), 'Asia/Shanghai');
    expect(d.day).toBe('2026-12-02');
    expect(dayBounds(d.to - 1, 'Asia/Shanghai').day).toBe('2026-12-02');
    expect(dayBounds(d.to, 'Asia/Shanghai').day).toBe('2026-12-03');
  });

  it('steps over month, year and leap-day boundaries', () => {
    expect(previousDay('2026-03-01')).toBe('2026-02-28');
    expect(previousDay('2028-03-01')).toBe('2028-02-29');
    expect(previousDay('2027-01-01')).toBe('2026-12-31');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });

  it('knows IANA zones and refuses anything else', () => {
    expect(isTimeZone('Asia/Shanghai')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('<script>')).toBe(false);
    expect(isTimeZone('x'.repeat(61))).toBe(false);
  });

  it('keys the day per zone, also when one minute asks for several zones', () => {
    const at = Date.parse('2026-12-01T17:30:00Z');
    expect(dayKey(at, 'Asia/Shanghai')).toBe('2026-12-02');
    expect(dayKey(at, 'America/Los_Angeles')).toBe('2026-12-01');
    expect(dayKey(at, 'Asia/Shanghai')).toBe('2026-12-02');
    // The next minute crosses Shanghai's midnight only in Shanghai's own reading.
    expect(dayKey(Date.parse('2026-12-01T16:00:00Z'), 'Asia/Shanghai')).toBe('2026-12-02');
    expect(dayKey(Date.parse('2026-12-01T15:59:59Z'), 'Asia/Shanghai')).toBe('2026-12-01');
  });

  it('starts a day whose midnight is skipped at the first instant that exists', () => {
    // Santiago moved its clocks from 00:00 to 01:00 on 2026-09-06.
    const start = startOfDay('2026-09-06', 'America/Santiago');
    expect(dayKey(start, 'America/Santiago')).toBe('2026-09-06');
    expect(dayKey(start - 1, 'America/Santiago')).toBe('2026-09-05');
  });
});
