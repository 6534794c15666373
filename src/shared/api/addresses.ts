import { z } from 'zod';
import { CONTROL, CONTROL_BUT_BREAKS, ADDRESS_MAX as MAX, PHONE_PATTERN, POST_CODE_PATTERN, TAX_ID_PATTERN } from '../address-rules';
import { normaliseEmail } from '../rules';
import { API } from './all-routes';

/**
 * The raffle's shipping address book: a signed-in user's addresses for entity
 * prizes, at most {@link MAX_SHIPPING_ADDRESSES}, exactly one of them the default. Ids travel as
 * strings (bigint columns). The rules themselves are in address-rules.ts, shared with the form.
 */

/** The book's limit: 'Max 20 addresses, delete one first'. */
export const MAX_SHIPPING_ADDRESSES = 20;

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Trimmed text of at most `max` characters; `min` 1 makes it required. */
const text = (max: number, min = 0, refused = CONTROL) =>
  z
    .string()
    .trim()
    .min(min)
    .max(max)
    .refine((s) => !refused.test(s), 'must not contain control characters');

/** The fields a user types; also the `addressInfo` of a prize claim. */
export const ZShippingAddress = z.object({
  fullName: text(MAX.fullName, 1),
  // Couriers call this number: digits with the usual separators, and at least 5 digits.
  phone: z
    .string()
    .trim()
    // A plain space only: no tabs or line breaks on one line.
    .regex(PHONE_PATTERN, 'digits, spaces, +, - and parentheses, 5-30 characters')
    .refine((s) => s.replace(/\D/g, '').length >= 5, 'at least 5 digits'),
  /** Country or region. */
  country: text(MAX.country, 1),
  /** Province or state. */
  province: text(MAX.province).default(''),
  city: text(MAX.city, 1),
  street: text(MAX.street).default(''),
  detail: text(MAX.detail, 1, CONTROL_BUT_BREAKS),
  postCode: z.string().trim().regex(POST_CODE_PATTERN, 'letters, digits, spaces and hyphens, at most 20').default(''),
  // Optional; stored lower-cased like account e-mails, by the same rule.
  email: z
    .string()
    .trim()
    .max(MAX.email)
    .refine((s) => s === '' || normaliseEmail(s) !== null, 'must be a valid email address')
    .transform((s) => (s === '' ? '' : (normaliseEmail(s) ?? '')))
    .default(''),
  /** Digits, letters and hyphens, at most 40. */
  taxId: z.string().trim().regex(TAX_ID_PATTERN, 'digits, letters and hyphens, at most 40').default(''),
  remark: text(MAX.remark, 0, CONTROL_BUT_BREAKS).default(''),
});
export type ShippingAddressFields = z.infer<typeof ZShippingAddress>;

/** An address as the book shows it. */
export const ZBookAddress = ZShippingAddress.extend({
  id: z.string(),
  isDefault: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type ShippingAddress = z.infer<typeof ZBookAddress>;

/** `isDefault: true` makes the address the default; false or absent leaves the default alone. */
const ZBookEntry = ZShippingAddress.extend({ isDefault: z.boolean().optional() });
export type ShippingAddressInput = z.infer<typeof ZBookEntry>;

/** The default first, then newest first; `limit` lets the page disable "add" when full. */
export const list = {
  ...API.address.list,
  result: z.object({ list: z.array(ZBookAddress), limit: z.number() }),
};

/** The first address becomes the default. Code 3101 when the book is full. */
export const add = {
  ...API.address.add,
  input: ZBookEntry,
  result: ZBookAddress,
};

/** Replaces every field of one of the caller's addresses (1001 for anyone else's). */
export const update = {
  ...API.address.update,
  input: ZBookEntry.extend({ id }),
  result: ZBookAddress,
};

/** Deleting the default makes the newest remaining address the default. */
export const remove = {
  ...API.address.delete,
  input: z.object({ id }),
  result: z.object({ deleted: z.literal(true) }),
};

export const setDefault = {
  ...API.address.setDefault,
  input: z.object({ id }),
  result: ZBookAddress,
};
