import { z } from 'zod';

/**
 * How a campaign grants chances and prices them in coins (stored as JSON on the campaign).
 * Daily grants use the campaign's day boundaries in `timeZone` (an IANA zone, default UTC).
 */
export const ZCampaignSettings = z.object({
  /** Chances every participant gets each day (0: none). */
  dailyChances: z.number().int().min(0).max(100).default(1),
  /** Chances every participant gets once for the whole campaign. */
  campaignChances: z.number().int().min(0).max(1000).default(0),
  /** Extra chances per day for premium-plan members (spec §1, §6). */
  premiumDailyChances: z.number().int().min(0).max(100).default(1),
  /** Chances for each friend invited (granted by the invite capability). */
  inviteChances: z.number().int().min(0).max(100).default(1),
  /** Chances for sharing the campaign, at most `shareDailyCap` shares a day. */
  shareChances: z.number().int().min(0).max(100).default(1),
  shareDailyCap: z.number().int().min(0).max(100).default(1),
  /** Coins one extra chance costs (0: exchange disabled). */
  exchangeCost: z.number().int().min(0).max(1_000_000).default(100),
  timeZone: z.string().min(1).max(60).default('UTC'),
  /**
   * Check-in campaigns: coins for each day of a streak, day 1 first; after the last day the
   * cycle starts again (a 7-day week by default, the 7th day worth the most).
   */
  checkinRewards: z.array(z.number().int().min(0).max(100_000)).min(1).max(31).default([10, 10, 20, 10, 10, 20, 50]),
  /** Invite-friends campaigns: coins per friend, released once the friend reaches this user level. */
  inviteCoins: z.number().int().min(0).max(1_000_000).default(100),
  releaseLevel: z.number().int().min(0).max(100).default(2),
  /**
   * Invite-friends campaigns: qualified friends needed for each reward tier, ascending; tier n
   * gives the campaign's prize n (in the prizes' order). A referrer claims one tier, which ends
   * their inviting (spec §4). Empty: coins only.
   */
  inviteTiers: z
    .array(z.number().int().min(1).max(10_000))
    .max(10)
    .refine((t) => t.every((n, i) => i === 0 || n > (t[i - 1] ?? 0)), 'tiers must ascend')
    .default([]),
  /**
   * Oldest app version (`CrealityCloud/x.y.z` in the app webview's User-Agent) that may join;
   * older apps are told to update (spec §6, §8). Empty: every version. Browsers are not apps.
   */
  minAppVersion: z
    .string()
    .regex(/^(\d{1,4}(\.\d{1,4}){0,3})?$/)
    .default(''),
  /** Newcomer gift packs: an account counts as new this many days after it was made. */
  newcomerDays: z.number().int().min(1).max(365).default(7),
});
export type CampaignSettings = z.infer<typeof ZCampaignSettings>;

export const parseSettings = (json: string): CampaignSettings => ZCampaignSettings.parse(JSON.parse(json));

/** The calendar day of `at` in the campaign's time zone, as `YYYY-MM-DD` (the daily grant key). */
export function dayKey(at: number, timeZone: string): string {
  let f = dayFormats.get(timeZone);
  if (!f) {
    // en-CA formats dates as YYYY-MM-DD. Built once per zone: a formatter costs more than a draw.
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, f);
  }
  return f.format(at);
}
const dayFormats = new Map<string, Intl.DateTimeFormat>();
