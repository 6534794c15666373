import crypto from 'node:crypto';

/**
 * Weighted choice with `node:crypto`: each option wins with probability weight / total. Options
 * with weight 0 never win. Returns the chosen option, or null when nothing has weight.
 */
export function pickWeighted<T extends { weight: number }>(options: readonly T[], random = crypto.randomInt): T | null {
  const total = options.reduce((sum, o) => sum + Math.max(0, o.weight), 0);
  if (total <= 0) return null;
  let ticket = random(total);
  for (const o of options) {
    const w = Math.max(0, o.weight);
    if (ticket < w) return o;
    ticket -= w;
  }
  return null;
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Random characters without look-alikes (I/1, O/0); 32 symbols, so 5 unbiased bits each. */
export function randomCode(length: number): string {
  const bytes = crypto.randomBytes(length);
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
}

/** A redeem code for a won prize: 12 characters, 60 bits. */
export const redeemCode = (): string => randomCode(12);
