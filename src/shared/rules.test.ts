import { describe, expect, it } from 'vitest';
import { isCodeFormat, isPasswordValid, maskAccount, normaliseAccount, normaliseEmail, normalisePhone } from './rules';

describe('phone numbers', () => {
  it('are validated per region and stored in E.164', () => {
    expect(normalisePhone('138 0013 8000')).toBe('+8613800138000');
    expect(normalisePhone('+86 138-0013-8000')).toBe('+8613800138000');
    expect(normalisePhone('06 12 34 56 78', 'FR')).toBe('+33612345678');
    expect(normalisePhone('+1 (650) 253-0000')).toBe('+16502530000');
    expect(normalisePhone('0912 345 678', 'TW')).toBe('+886912345678');
  });
  it('refuses what is not a number of that region', () => {
    for (const bad of ['', '123', '1380013800', 'abc', '+86 138 0013 8000 99', "1' OR 1=1", '<script>', '1'.repeat(40)])
      expect(normalisePhone(bad)).toBeNull();
  });
});

describe('e-mail addresses', () => {
  it('are lower-cased and checked', () => {
    expect(normaliseEmail('  Maker@Example.COM ')).toBe('maker@example.com');
    for (const bad of ['', 'a@', '@b.c', 'a@b', 'a b@c.d', `${'a'.repeat(65)}@b.co`, 'a@-b.co', '<x>@y.z'])
      expect(normaliseEmail(bad)).toBeNull();
  });
  it('normalises either account method', () => {
    expect(normaliseAccount('A@B.CO', 0)).toBe('a@b.co');
    expect(normaliseAccount('13800138000', 1)).toBe('+8613800138000');
    expect(normaliseAccount('13800138000', 0)).toBeNull();
  });
});

describe('codes and passwords', () => {
  it('codes are six digits', () => {
    expect(isCodeFormat('012345')).toBe(true);
    for (const bad of ['12345', '1234567', '12345a', ' 123456', '１２３４５６']) expect(isCodeFormat(bad)).toBe(false);
  });
  it('passwords: one rule in every language, 8-64 characters with letters and digits', () => {
    expect(isPasswordValid('abcd1234')).toBe(true);
    expect(isPasswordValid('abcd1234!')).toBe(true);
    expect(isPasswordValid('a1'.repeat(32))).toBe(true);
    expect(isPasswordValid('abc123')).toBe(false);
    expect(isPasswordValid('abc1234')).toBe(false);
    expect(isPasswordValid(`${'a1'.repeat(32)}x`)).toBe(false);
  });
  it('passwords need a letter and a digit, and no spaces or control characters', () => {
    expect(isPasswordValid('12345678')).toBe(false);
    expect(isPasswordValid('abcdefgh')).toBe(false);
    expect(isPasswordValid('abcd 1234')).toBe(false);
    expect(isPasswordValid('abcd\n1234')).toBe(false);
  });
  it('masks accounts for display', () => {
    expect(maskAccount('+8613800138000')).toBe('+86138****8000');
    expect(maskAccount('maker@example.com')).toBe('m***@example.com');
  });
});
