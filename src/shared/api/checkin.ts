import { z } from 'zod';
import { API } from './all-routes';
import { int, ZStrictId } from './ids';
import { CAMPAIGN_STATE_NAMES, type CampaignHead } from './lottery';

/**
 * Daily check-in and joining an activity. A check-in campaign is a campaign
 * of kind `checkin` (`activityId`); days are the member's calendar days in their time zone, which
 * the page sends (`Intl.DateTimeFormat().resolvedOptions().timeZone`) and the first check-in pins.
 */
const id = ZStrictId;
const timeZone = z.string().trim().min(1).max(60);

/** A check-in campaign as everyone sees it (the page's server-rendered part). */
export interface CheckinCampaign extends CampaignHead {
  /** Coins per streak day, day 1 first. */
  rewards: number[];
}

export interface CheckinResult {
  /** False when today was already checked in (a retry): nothing was paid this time. */
  checkedIn: boolean;
  /** YYYY-MM-DD in the member's zone. */
  day: string;
  /** Days in a row, today included. */
  streak: number;
  /** Coins today's check-in paid (or had paid). */
  coins: number;
  /** The member's coin balance after it. */
  balance: number;
}

export interface CheckinStatus {
  state: CampaignHead['state'];
  startsAt: number;
  endsAt: number;
  timeZone: string;
  today: string;
  checkedToday: boolean;
  /** The streak alive now: today's, or yesterday's still waiting for today. */
  streak: number;
  /** Coins per streak day, day 1 first; the cycle repeats. */
  rewards: number[];
  /** What the next check-in pays. */
  nextReward: number;
  /** YYYY-MM shown and its checked-in days. */
  month: string;
  days: { day: string; coins: number }[];
  balance: number;
}

export const status = {
  ...API.checkin.status,
  input: z.object({
    activityId: id,
    timeZone,
    month: z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
      .optional(),
  }),
  result: z.object({
    state: z.enum(CAMPAIGN_STATE_NAMES),
    startsAt: z.number(),
    endsAt: z.number(),
    timeZone: z.string(),
    today: z.string(),
    checkedToday: z.boolean(),
    streak: z.number(),
    rewards: z.array(z.number()),
    nextReward: z.number(),
    month: z.string(),
    days: z.array(z.object({ day: z.string(), coins: z.number() })),
    balance: z.number(),
  }) satisfies z.ZodType<CheckinStatus>,
};

export const checkIn = {
  ...API.checkin.checkIn,
  input: z.object({ activityId: id, timeZone }),
  result: z.object({
    checkedIn: z.boolean(),
    day: z.string(),
    streak: z.number(),
    coins: z.number(),
    balance: z.number(),
  }) satisfies z.ZodType<CheckinResult>,
};

/** Joining twice is harmless (`already: true`). */
export const join = {
  ...API.activity.join,
  input: z.object({ activityId: id, activityType: int(0, 99).default(3) }),
  result: z.object({ joined: z.literal(true), already: z.boolean() }),
};
