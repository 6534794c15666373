/**
 * The shipping address rules without zod, so the address form checks them in the
 * browser with the same limits and patterns the server's contract (api/addresses.ts) enforces.
 */

/** Field lengths, those of the `shipping_addresses` columns. */
export const ADDRESS_MAX = {
  fullName: 60,
  phone: 30,
  country: 60,
  province: 60,
  city: 60,
  street: 120,
  detail: 200,
  postCode: 20,
  email: 120,
  taxId: 40,
  remark: 200,
} as const;
export type AddressField = keyof typeof ADDRESS_MAX;

/** Fields a claim cannot ship without. */
export const ADDRESS_REQUIRED: readonly AddressField[] = ['fullName', 'phone', 'country', 'city', 'detail'];

/** Digits, spaces, +, - and parentheses; at least 5 digits are checked separately. */
export const PHONE_PATTERN = /^[\d ()+-]{5,30}$/;
export const POST_CODE_PATTERN = /^[A-Za-z0-9 -]{0,20}$/;
/** Digits, letters and hyphens, at most 40. */
export const TAX_ID_PATTERN = /^[A-Za-z0-9-]{0,40}$/;
// Control characters have no place on a shipping label (and PostgreSQL text cannot hold NUL);
// the detail address and the remark may keep line breaks and tabs.
export const CONTROL = /\p{Cc}/u;
export const CONTROL_BUT_BREAKS = /[^\P{Cc}\n\r\t]/u;
const MULTI_LINE: readonly AddressField[] = ['detail', 'remark'];

/** Why a field is refused: a key of the `lottery:address.problem` catalogue. */
export type AddressProblem = 'required' | 'tooLong' | 'control' | 'phone' | 'postCode' | 'email' | 'taxId';

/**
 * The first problem of each field (trimmed values), for the form to show under its inputs.
 * `isEmail` is passed in so this module stays free of the e-mail rule's dependencies.
 */
export function addressProblems(
  fields: Record<AddressField, string>,
  isEmail: (s: string) => boolean,
): Partial<Record<AddressField, AddressProblem>> {
  const out: Partial<Record<AddressField, AddressProblem>> = {};
  for (const key of Object.keys(ADDRESS_MAX) as AddressField[]) {
    const v = (fields[key] ?? '').trim();
    if (v === '') {
      if (ADDRESS_REQUIRED.includes(key)) out[key] = 'required';
      continue;
    }
    // UTF-16 length, as zod counts it on the server.
    if (v.length > ADDRESS_MAX[key]) out[key] = 'tooLong';
    else if ((MULTI_LINE.includes(key) ? CONTROL_BUT_BREAKS : CONTROL).test(v)) out[key] = 'control';
    else if (key === 'phone' && (!PHONE_PATTERN.test(v) || v.replace(/\D/g, '').length < 5)) out[key] = 'phone';
    else if (key === 'postCode' && !POST_CODE_PATTERN.test(v)) out[key] = 'postCode';
    else if (key === 'email' && !isEmail(v)) out[key] = 'email';
    else if (key === 'taxId' && !TAX_ID_PATTERN.test(v)) out[key] = 'taxId';
  }
  return out;
}
