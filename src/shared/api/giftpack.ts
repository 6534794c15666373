import { z } from 'zod';
import { API } from './all-routes';
import { ZStrictId } from './ids';
import { ZCampaignHead, ZMyPrizeView, ZPrizeView } from './lottery';

/**
 * Gift codes. A code gives one prize of a gift-code campaign: Cuvacoins, premium days
 * and cloud space are credited at once; a physical prize then waits for a shipping address, as a
 * raffle prize does (`/activitys/confirmation-prize?winId=…`). 'The code is Error' (3007) for an
 * unknown, used or expired code; too many wrong codes in an hour are refused (429) for a while.
 */
/** The prize a code gave, and its campaign (for My prizes and the address flow). */
const ZRedeemedGift = ZMyPrizeView.extend({ activityId: z.string() });
export type RedeemedGift = z.infer<typeof ZRedeemedGift>;

export const redeem = {
  ...API.giftpack.redeem,
  // As typed (any case, spaces and hyphens); the server reads it.
  input: z.object({ code: z.string().max(40) }),
  result: ZRedeemedGift,
};

const id = ZStrictId;

/** Staff of the campaign: `count` new codes for one prize, valid until `expiresAt`; the codes are shown once. */
export const generate = {
  ...API.giftpack.generate,
  input: z.strictObject({
    campaignId: id,
    prizeId: id,
    count: z.number().int().min(1).max(10_000),
    expiresAt: z.union([z.number().int().positive(), z.iso.datetime({ offset: true }).transform((s) => Date.parse(s))]),
  }),
  result: z.object({
    campaignId: z.number(),
    prizeId: z.number(),
    expiresAt: z.number(),
    batchKey: z.string(),
    codes: z.array(z.string()),
  }),
};

/** The newcomer gift pack (only for first-time users), as the gift page shows it. */
const ZNewcomerOffer = ZCampaignHead.extend({
  /** An account counts as new this many days after it was made (and made since the start). */
  newcomerDays: z.number(),
  prizes: z.array(ZPrizeView),
  /** For the caller: open (can claim), claimed, notNew, closed, or signedOut. */
  status: z.enum(['open', 'claimed', 'notNew', 'closed', 'signedOut']),
});
export type NewcomerOffer = z.infer<typeof ZNewcomerOffer>;

export const newcomer = { ...API.giftpack.newcomer, input: z.object({ activityId: id }), result: ZNewcomerOffer };

/** Claims every prize of the pack, once; again: the prizes of the first claim. 3204 for accounts that are not new. */
export const claimNewcomer = {
  ...API.giftpack.claimNewcomer,
  input: z.object({ activityId: id }),
  result: z.array(ZMyPrizeView),
};
