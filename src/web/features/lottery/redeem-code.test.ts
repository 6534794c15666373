import { describe, expect, it } from 'vitest';
import { codeFromScan } from './redeem-code';

describe('codeFromScan', () => {
  it('reads the code from our staff link or the bare code, in any case', () => {
    expect(codeFromScan('https://example.com/activitys/admin?activeId=1&code=ABCDEFGH2345')).toBe('ABCDEFGH2345');
    expect(codeFromScan(' abcdefgh2345 ')).toBe('ABCDEFGH2345');
  });
  it('refuses anything else', () => {
    expect(codeFromScan('https://example.com/?code=nope')).toBeNull();
    expect(codeFromScan('ABCDEFGH234')).toBeNull();
    expect(codeFromScan('ABCDEFGH2341')).toBeNull(); // 1 is not in the code alphabet
    expect(codeFromScan('')).toBeNull();
  });
});
