import { z } from 'zod';
import { API } from './all-routes';
import { ZStrictId } from './ids';
import type { CampaignHead } from './lottery';

/**
 * Invite-friends campaigns (issue 6, spec §4). Friends are bound through the raffle's
 * `acceptInvite` (same rules: new account, first referrer, one per device); each earns the
 * referrer `inviteCoins`, pending until the friend reaches `releaseLevel`, then released (to
 * collect), then received; expired when the event ends first or the referrer is blocked.
 */
export type CoinState = 'pending' | 'released' | 'received' | 'expired';

/** An invite-friends campaign as everyone sees it. */
export interface InviteCampaign extends CampaignHead {
  inviteCoins: number;
  releaseLevel: number;
}

export interface InviteSummary extends InviteCampaign {
  /** Friends and coins by state. */
  coins: Record<CoinState, { friends: number; coins: number }>;
  /** The latest friends (masked names), newest first. */
  friends: { nickname: string; invitedAt: number; state: CoinState; coins: number }[];
}

export const summary = { ...API.invite.summary, input: z.object({ activityId: ZStrictId }), result: z.custom<InviteSummary>() };

/** Collects every released coin (released → received); collecting again finds none. */
export const collect = {
  ...API.invite.collect,
  input: z.object({ activityId: ZStrictId }),
  result: z.object({ collected: z.number(), coins: z.number() }),
};
