import { z } from 'zod';
import { API } from './all-routes';
import { int, ZStrictId } from './ids';

/**
 * Invited friends of a raffle campaign: the page's "invite friends" entry shares
 * `/activitys?activeId=N&inviter=<user id>`; a friend who signs in there with a new account is
 * bound to that inviter (`acceptInvite`, not in the spec), and the inviter sees them in
 * `lotteryInviteUsers`.
 */

const id = ZStrictId;

export interface InvitedFriend {
  /** Masked like the winners' marquee: the first character only. */
  nickname: string;
  avatarUrl: string | null;
  invitedAt: number;
  /** Chances the inviter got for this friend. */
  chancesGranted: number;
}

export interface InviteUsersPage {
  list: InvitedFriend[];
  total: number;
  page: number;
  pageSize: number;
  /** Chances the campaign grants now for each friend invited. */
  chancesPerInvite: number;
}

/**
 * Why a friend was not bound. Not errors: the page calls `acceptInvite` silently after sign-in.
 * - already: the friend already has an inviter in this campaign (the first referrer counts);
 * - device: another account on this device was already invited (or the call named no device);
 * - notNew: the account existed before the campaign started, or more than 7 days ago;
 * - self: the friend opened their own link;
 * - inviter: no such inviter, or not an active account;
 * - closed: the inviter claimed a reward tier, which ended their inviting.
 */
export type InviteRefusal = 'already' | 'device' | 'notNew' | 'self' | 'inviter' | 'closed';
export type AcceptInviteResult = { bound: true } | { bound: false; reason: InviteRefusal };

/** The signed-in caller's invited friends in the campaign, newest first. */
export const lotteryInviteUsers = {
  ...API.lottery.lotteryInviteUsers,
  input: z.object({ lotteryId: id, page: int(1, 10_000).default(1), pageSize: int(1, 100).default(10) }),
  result: z.object({
    list: z.array(z.object({ nickname: z.string(), avatarUrl: z.string().nullable(), invitedAt: z.number(), chancesGranted: z.number() })),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
    chancesPerInvite: z.number(),
  }) satisfies z.ZodType<InviteUsersPage>,
};

/** The signed-in caller arrived through `inviter`'s link: bind them if they count as a new friend. */
export const acceptInvite = {
  ...API.lottery.acceptInvite,
  input: z.object({ lotteryId: id, inviter: id }),
  result: z.discriminatedUnion('bound', [
    z.object({ bound: z.literal(true) }),
    z.object({ bound: z.literal(false), reason: z.enum(['already', 'device', 'notNew', 'self', 'inviter', 'closed']) }),
  ]) satisfies z.ZodType<AcceptInviteResult>,
};
