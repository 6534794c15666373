import crypto from 'node:crypto';
import { randomCode } from '../campaigns/pick';

/** 16 characters of 32 symbols: 80 bits, printed in groups of four (`ABCD-EFGH-JKLM-NPQR`). */
export const GIFT_CODE_LENGTH = 16;

export function newGiftCode(): string {
  return randomCode(GIFT_CODE_LENGTH).match(/.{4}/g)?.join('-') ?? '';
}

/**
 * A code as typed: case, spaces and hyphens do not matter. Null when it cannot be a gift code
 * (so nothing is looked up for it).
 */
export function normaliseGiftCode(typed: string): string | null {
  const code = typed.replace(/[\s-]/g, '').toUpperCase();
  return /^[A-HJ-NP-Z2-9]{16}$/.test(code) ? code : null;
}

/** What is stored: a copy of the database gives away no code. */
export const giftCodeHash = (normalised: string) => crypto.createHash('sha256').update(normalised).digest('hex');
