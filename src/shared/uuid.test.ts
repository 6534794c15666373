import { describe, expect, it } from 'vitest';
import { isUuid } from './context';
import { uuidv7 } from './uuid';

describe('uuidv7', () => {
  it('is a version 7, variant 1 UUID that sorts by its time', () => {
    const a = uuidv7(1_700_000_000_000);
    const b = uuidv7(1_700_000_000_001);
    expect(isUuid(a)).toBe(true);
    expect(a[14]).toBe('7');
    expect('89ab').toContain(a[19]);
    expect(a.slice(0, 13).replace('-', '')).toBe((1_700_000_000_000).toString(16).padStart(12, '0'));
    expect(a < b).toBe(true);
    expect(uuidv7()).not.toBe(uuidv7());
  });
});
