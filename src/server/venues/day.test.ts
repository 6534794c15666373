import { describe, expect, it } from 'vitest';
import { dayOf } from './day';

describe("a venue's day", () => {
  it('starts at midnight in the venue zone, not the server one', () => {
    // 2026-12-01 17:30 UTC is already 2 December in Shanghai (UTC+8).
    const at = Date.parse('2026-12-01T17:30:00Z');
    expect(dayOf(at, 'Asia/Shanghai')).toEqual({
      day: '2026-12-02',
      from: Date.parse('2026-12-01T16:00:00Z'),
      to: Date.parse('2026-12-02T16:00:00Z'),
    });
    expect(dayOf(at, 'UTC')).toEqual({
      day: '2026-12-01',
      from: Date.parse('2026-12-01T00:00:00Z'),
      to: Date.parse('2026-12-02T00:00:00Z'),
    });
  });

  it('has 23 or 25 hours on daylight-saving changes', () => {
    const spring = dayOf(Date.parse('2026-03-29T12:00:00Z'), 'Europe/Paris');
    expect(spring.from).toBe(Date.parse('2026-03-28T23:00:00Z'));
    expect(spring.to - spring.from).toBe(23 * 3_600_000);
    const autumn = dayOf(Date.parse('2026-10-25T12:00:00Z'), 'Europe/Paris');
    expect(autumn.from).toBe(Date.parse('2026-10-24T22:00:00Z'));
    expect(autumn.to - autumn.from).toBe(25 * 3_600_000);
  });

  it('includes its first millisecond and excludes the next midnight', () => {
    const d = dayOf(Date.parse('2026-12-01T16:00:00Z'), 'Asia/Shanghai');
    expect(d.day).toBe('2026-12-02');
    expect(dayOf(d.to - 1, 'Asia/Shanghai').day).toBe('2026-12-02');
    expect(dayOf(d.to, 'Asia/Shanghai').day).toBe('2026-12-03');
  });
});
