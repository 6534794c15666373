import { describe, expect, it } from 'vitest';
import { sitePath, withAddress } from './raffle-paths';

describe('new-address returnTo', () => {
  it('takes only paths of this site', () => {
    expect(sitePath('/wechat-pay/mall/checkout?productId=3&quantity=2')).toBe('/wechat-pay/mall/checkout?productId=3&quantity=2');
    for (const bad of [
      null,
      '',
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example',
      'mall/checkout',
      '/a b',
      `/${'x'.repeat(500)}`,
    ])
      expect(sitePath(bad), String(bad)).toBeNull();
  });

  it('adds (or replaces) the chosen address in the query', () => {
    expect(withAddress('/mall-dev/checkout', '7')).toBe('/mall-dev/checkout?addressId=7');
    expect(withAddress('/mall-dev/checkout?productId=3&addressId=1', '9')).toBe('/mall-dev/checkout?productId=3&addressId=9');
  });
});
