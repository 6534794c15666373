import { describe, expect, it } from 'vitest';
import { pickWeighted, redeemCode } from './pick';

describe('weighted choice', () => {
  it('follows the configured odds over many draws (within 5 standard deviations)', () => {
    const options = [
      { id: 'a', weight: 1 },
      { id: 'b', weight: 9 },
      { id: 'c', weight: 90 },
      { id: 'never', weight: 0 },
    ];
    const n = 100_000;
    const counts = new Map<string, number>();
    for (let i = 0; i < n; i++) {
      const o = pickWeighted(options);
      counts.set(o?.id ?? '', (counts.get(o?.id ?? '') ?? 0) + 1);
    }
    for (const o of options) {
      const p = o.weight / 100;
      const sd = Math.sqrt(n * p * (1 - p));
      expect(Math.abs((counts.get(o.id) ?? 0) - n * p), o.id).toBeLessThanOrEqual(5 * sd + 1e-9);
    }
    expect(counts.get('never') ?? 0).toBe(0);
  });

  it('maps every ticket to exactly one option', () => {
    const options = [{ weight: 2 }, { weight: 3 }];
    const seen = [0, 1, 2, 3, 4].map((t) => options.indexOf(pickWeighted(options, () => t) as { weight: number }));
    expect(seen).toEqual([0, 0, 1, 1, 1]);
  });

  it('has no winner when nothing has weight', () => {
    expect(pickWeighted([{ weight: 0 }])).toBeNull();
    expect(pickWeighted([])).toBeNull();
  });

  it('makes redeem codes without look-alike characters, all different', () => {
    const codes = new Set(Array.from({ length: 10_000 }, redeemCode));
    expect(codes.size).toBe(10_000);
    for (const c of [...codes].slice(0, 100)) expect(c).toMatch(/^[A-HJ-NP-Z2-9]{12}$/);
  });
});
