import { z } from 'zod';
import { API } from './all-routes';
import { ZStrictId } from './ids';
import { type CampaignHead, type PrizeView, ZCampaignHead, ZPrizeView } from './lottery';

/**
 * Collection campaigns: a card per check-in, draw or invited friend while the campaign
 * runs (duplicates possible); one card of every kind is exchanged once for the campaign's prize.
 */

/** A card of the set, named in the reader's language, with how many unused ones the reader holds. */
export interface CollectionCardView {
  key: string;
  name: string;
  /** Unused cards of this kind (0 for signed-out readers). */
  count: number;
}

/** Campaigns running now where cards are earned (the page links to them); absent when none runs. */
export interface EarnLinks {
  checkin?: string;
  raffle?: string;
  invite?: string;
}

export interface CollectionView extends CampaignHead {
  cards: CollectionCardView[];
  /** What a complete set is exchanged for (the campaign's first prize); null when it has none. */
  prize: PrizeView | null;
  earn: EarnLinks;
  /** The reader's exchange, once made: its win (My prizes, the claim of a physical prize). */
  exchange: { winId: string; createdAt: number } | null;
}

const input = z.object({ activityId: ZStrictId });
const ZCollectionView = ZCampaignHead.extend({
  cards: z.array(z.object({ key: z.string(), name: z.string(), count: z.number() })),
  prize: ZPrizeView.nullable(),
  earn: z.object({ checkin: z.string().optional(), raffle: z.string().optional(), invite: z.string().optional() }),
  exchange: z.object({ winId: z.string(), createdAt: z.number() }).nullable(),
}) satisfies z.ZodType<CollectionView>;

/** The campaign, its cards and the caller's counts and exchange. */
export const status = { ...API.collection.status, input, result: ZCollectionView };

/**
 * Exchanges one card of every kind for the prize, once per member and campaign (3212 while a card
 * is missing, 3213 after the exchange, 3214 when the prize has run out); answers the new status.
 */
export const exchange = { ...API.collection.exchange, input, result: ZCollectionView };
