import { z } from 'zod';
import { int, ZStrictId } from './ids';
import { OPERATIONS_API as API } from './routes-operations';

/**
 * The operator console's gift codes: each code of a campaign with its state and who redeemed it,
 * and voiding unused ones. Batches are generated with `generate` (giftpack.ts), which shows the
 * codes once (only their hashes are kept). Staff of the campaign (`activity:<id>`) or admins.
 */
export const GIFT_CODE_STATES = ['all', 'unused', 'redeemed', 'expired', 'voided'] as const;
export type TGiftCodeState = (typeof GIFT_CODE_STATES)[number];

export interface GiftCodeRow {
  id: string;
  /** The code's last four characters (the code itself is never stored). */
  hint: string;
  batchKey: string;
  prizeName: string;
  state: Exclude<TGiftCodeState, 'all'>;
  createdAt: number;
  expiresAt: number;
  redeemedBy: { userId: string; nickname: string } | null;
  redeemedAt: number | null;
  voidedAt: number | null;
}

const ZGiftCodeRow = z.object({
  id: z.string(),
  hint: z.string(),
  batchKey: z.string(),
  prizeName: z.string(),
  state: z.enum(GIFT_CODE_STATES).exclude(['all']),
  createdAt: z.number(),
  expiresAt: z.number(),
  redeemedBy: z.object({ userId: z.string(), nickname: z.string() }).nullable(),
  redeemedAt: z.number().nullable(),
  voidedAt: z.number().nullable(),
}) satisfies z.ZodType<GiftCodeRow>;

export const codes = {
  ...API.codes,
  input: z.object({
    campaignId: ZStrictId,
    state: z.enum(GIFT_CODE_STATES).default('all'),
    /** The last characters of a code, or a batch. */
    q: z
      .string()
      .trim()
      .max(40)
      .regex(/^[A-Za-z0-9-]*$/, 'letters, digits and hyphens')
      .default(''),
    before: ZStrictId.optional(),
    limit: int(1, 200).default(50),
  }),
  result: z.object({
    list: z.array(ZGiftCodeRow),
    next: z.string().nullable(),
    counts: z.record(z.enum(GIFT_CODE_STATES).exclude(['all']), z.number()),
  }),
} as const;

/** Voids an unused code: it redeems nothing any more, and its prize's stock unit is taken back. */
export const voidCode = {
  ...API.voidCode,
  input: z.strictObject({ codeId: ZStrictId }),
  result: ZGiftCodeRow,
} as const;
