import { describe, expect, it } from 'vitest';
import { sdkBase64Encode, sdkHashCode } from '../../../tests/helpers/sensors-sdk';
import { sensorsHash } from './sensors-hash';

describe('sensorsHash', () => {
  it("is the SDK's own hashCode on the base64 it sends", () => {
    const samples = [
      '',
      'a',
      'eyJ0eXBlIjoidHJhY2siLCJldmVudCI6IiRwYWdldmlldyJ9',
      sdkBase64Encode(JSON.stringify({ type: 'track', event: 'LotteryDraw', properties: { title: '幸运抽奖 🎁', win: true } })),
      'x'.repeat(10_000),
    ];
    for (const s of samples) expect(sensorsHash(s), s.slice(0, 20)).toBe(sdkHashCode(s));
  });

  it('wraps like 32-bit Java String.hashCode', () => {
    expect(sensorsHash('hello')).toBe(99162322);
    expect(sensorsHash('polygenelubricants')).toBe(-2147483648);
  });
});
