import { z } from 'zod';
import { ORDER_STATES } from '../mall-rules';
import { API } from './all-routes';
import { ZFileName, ZUploadedFile } from './content-admin';
import type { AdminOrder } from './mall';

/**
 * The console's reads of the mall that the mall's own admin calls (mall.ts) did not have: one
 * order by its number. Staff with the `mall` scope (or admins); the result is described field by
 * field, so the OpenAPI document shows it whole.
 */

const ZState = z.enum(ORDER_STATES);

export const ZAdminOrder = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  state: ZState,
  totalFen: z.number().int(),
  itemCount: z.number().int(),
  lines: z.array(
    z.object({
      productId: z.number().int(),
      name: z.string(),
      imageUrl: z.string(),
      priceFen: z.number().int(),
      quantity: z.number().int(),
    }),
  ),
  createdAt: z.number().int(),
  /** The address as it was when ordered. */
  address: z.object({
    fullName: z.string(),
    phone: z.string(),
    country: z.string(),
    province: z.string(),
    city: z.string(),
    street: z.string(),
    detail: z.string(),
    postCode: z.string(),
    email: z.string(),
    taxId: z.string(),
    remark: z.string(),
  }),
  remark: z.string(),
  payBy: z.number().int(),
  history: z.array(z.object({ state: ZState, at: z.number().int() })),
  cancelReason: z.enum(['buyer', 'expired']).nullable(),
  shipping: z.object({ carrier: z.string(), trackingNo: z.string() }).nullable(),
  buyer: z.object({ userId: z.number().int(), nickname: z.string() }),
  transactionId: z.string().nullable(),
}) satisfies z.ZodType<AdminOrder>;

/** One order by its number (code 3804 when there is none). */
export const adminOrder = {
  ...API.mall.adminOrder,
  input: z.object({ orderNo: z.string().regex(/^M\d{8}[0-9A-Z]{12}$/, 'an order number') }),
  result: ZAdminOrder,
};

/**
 * A product image: the raw image as the body, `?name=` its file name (PNG, JPEG, WebP or GIF, read
 * from the bytes, at most 20 MB; code 1201 for anything else). The answer's `url` goes into the
 * product's `imageUrls`.
 */
export const adminImage = { ...API.mall.adminImage, input: z.object({ name: ZFileName }), result: ZUploadedFile };
