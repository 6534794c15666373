import { z } from 'zod';
import { ZShippingAddress } from './addresses';
import { int, ZStrictId } from './ids';
import { CONTROL } from './lottery-admin';
import { OPERATIONS_API as API } from './routes-operations';

/**
 * The operator console's winners and claims: one campaign's wins, filtered and searched, the
 * shipping list as CSV (streamed, any size), and marking a claimed prize shipped (or undoing a
 * mistaken shipment). Staff with `activity:<id>` for that campaign, or admins.
 */
/** Where a win stands for the people who ship it. */
export const WINNER_STATES = ['all', 'toClaim', 'toShip', 'shipped', 'writtenOff'] as const;
export type TWinnerState = (typeof WINNER_STATES)[number];

/** Carrier names and tracking numbers as couriers print them. */
const shipText = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((s) => !CONTROL.test(s), 'must not contain control characters');

const campaignId = ZStrictId;

const ZWinnerRow = z.object({
  winId: z.string(),
  userId: z.string(),
  nickname: z.string(),
  prizeName: z.string(),
  prizeKind: z.number(),
  state: z.enum(['won', 'received', 'written_off']),
  redeemCode: z.string(),
  wonAt: z.number(),
  claim: z.object({ address: ZShippingAddress, claimedAt: z.number() }).nullable(),
  shipment: z.object({ carrier: z.string(), trackingNumber: z.string(), shippedAt: z.number() }).nullable(),
});
export type WinnerRow = z.infer<typeof ZWinnerRow>;

export const winners = {
  ...API.winners,
  input: z.object({
    campaignId,
    state: z.enum(WINNER_STATES).default('all'),
    /** A redeem code, a winner's nickname, the name or phone on the address, or a tracking number. */
    q: z
      .string()
      .trim()
      .max(60)
      .refine((s) => !CONTROL.test(s), 'must not contain control characters')
      .default(''),
    /** Paging: the last win id of the previous page (newest first). */
    before: ZStrictId.optional(),
    limit: int(1, 100).default(50),
  }),
  result: z.object({
    list: z.array(ZWinnerRow),
    next: z.string().nullable(),
    counts: z.record(z.enum(WINNER_STATES).exclude(['all']), z.number()),
  }),
} as const;

/** The shipping list as CSV (text/csv, not the envelope): claimed prizes, `toShip` or every claim. */
export const shippingExport = {
  ...API.shippingExport,
  input: z.object({ campaignId, state: z.enum(['toShip', 'shipped', 'all']).default('toShip') }),
  result: z.string(),
} as const;

export const ship = {
  ...API.ship,
  input: z.strictObject({ winId: ZStrictId, carrier: shipText(60), trackingNumber: shipText(60) }),
  result: ZWinnerRow,
} as const;

/** Undo a mistaken shipment: the prize is waiting to ship again (the history keeps both). */
export const unship = {
  ...API.unship,
  input: z.strictObject({ winId: ZStrictId }),
  result: ZWinnerRow,
} as const;
