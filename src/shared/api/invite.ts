import { z } from 'zod';
import { API } from './all-routes';
import { ZStrictId } from './ids';
import { type CampaignHead, type PrizeView, ZCampaignHead, ZPrizeView } from './lottery';

/**
 * Invite-friends campaigns. Friends are bound through the raffle's
 * `acceptInvite` (same rules: new account, first referrer, one per device); each earns the
 * referrer `inviteCoins`, pending until the friend reaches `releaseLevel`, then released (to
 * collect), then received; expired when the event ends first or the referrer is blocked.
 */
export const COIN_STATES = ['pending', 'released', 'received', 'expired'] as const;
export type CoinState = (typeof COIN_STATES)[number];

/** A reward tier: the prize for `friends` qualified friends (friends who reached the level). */
export interface InviteTier {
  friends: number;
  prize: PrizeView;
  /** Whether any of the prize is left. */
  inStock: boolean;
}

/** An invite-friends campaign as everyone sees it. */
export interface InviteCampaign extends CampaignHead {
  inviteCoins: number;
  releaseLevel: number;
  /** Reward tiers, ascending (none: coins only). Claiming one ends the referrer's inviting. */
  tiers: InviteTier[];
  /** Oldest app version that may join ('' for all); older apps are asked to update. */
  minAppVersion: string;
}

export interface InviteSummary extends InviteCampaign {
  /** Friends and coins by state. */
  coins: Record<CoinState, { friends: number; coins: number }>;
  /** The latest friends (masked names), newest first. */
  friends: { nickname: string; invitedAt: number; state: CoinState; coins: number }[];
  /** Friends who count for the tiers: their coins were released or received. */
  qualified: number;
  /** The referrer's tier claim, if any: later friends are not counted. */
  claim: { tier: number; friends: number; winId: string; claimedAt: number } | null;
}

export const summary = {
  ...API.invite.summary,
  input: z.object({ activityId: ZStrictId }),
  result: ZCampaignHead.extend({
    inviteCoins: z.number(),
    releaseLevel: z.number(),
    tiers: z.array(z.object({ friends: z.number(), prize: ZPrizeView, inStock: z.boolean() })),
    minAppVersion: z.string(),
    coins: z.record(z.enum(COIN_STATES), z.object({ friends: z.number(), coins: z.number() })),
    friends: z.array(z.object({ nickname: z.string(), invitedAt: z.number(), state: z.enum(COIN_STATES), coins: z.number() })),
    qualified: z.number(),
    claim: z.object({ tier: z.number(), friends: z.number(), winId: z.string(), claimedAt: z.number() }).nullable(),
  }) satisfies z.ZodType<InviteSummary>,
};

/** Collects every released coin (released → received); collecting again finds none. */
export const collect = {
  ...API.invite.collect,
  input: z.object({ activityId: ZStrictId }),
  result: z.object({ collected: z.number(), coins: z.number() }),
};

/**
 * Claims one reward tier. `confirm: true` is the page's confirmation that claiming ends
 * the inviting; the server takes one claim per referrer and campaign.
 */
export const claimTier = {
  ...API.invite.claimTier,
  input: z.object({ activityId: ZStrictId, tier: z.number().int().min(0).max(9), confirm: z.literal(true) }),
  result: z.object({ tier: z.number(), winId: z.string(), prize: ZPrizeView }),
};
