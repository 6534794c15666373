import { describe, expect, it } from 'vitest';
import { giftCodeHash, newGiftCode, normaliseGiftCode } from './codes';

describe('gift codes', () => {
  it('are 16 unambiguous characters in groups of four, all different', () => {
    const codes = Array.from({ length: 2000 }, newGiftCode);
    for (const c of codes.slice(0, 50)) expect(c).toMatch(/^([A-HJ-NP-Z2-9]{4}-){3}[A-HJ-NP-Z2-9]{4}$/);
    expect(new Set(codes).size).toBe(codes.length);
  });
  it('read the same whatever the case, spaces and hyphens', () => {
    const c = newGiftCode();
    const n = normaliseGiftCode(c);
    expect(n).toHaveLength(16);
    expect(normaliseGiftCode(c.toLowerCase().replaceAll('-', ' '))).toBe(n);
    expect(giftCodeHash(n ?? '')).toMatch(/^[0-9a-f]{64}$/);
  });
  it('refuses what cannot be a code', () => {
    for (const bad of ['', 'ABCD', 'ABCD-EFGH-JKLM-NPQ1', 'ABCD-EFGH-JKLM-NPQRS', '<script>alert(1)</script>', 'ÀBCD-EFGH-JKLM-NPQR'])
      expect(normaliseGiftCode(bad)).toBeNull();
  });
});
