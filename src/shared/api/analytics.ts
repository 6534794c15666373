import { z } from 'zod';
import { ANALYTICS_API } from './routes-analytics';

/**
 * The analytics dashboard's calls. Days are UTC calendar days, `YYYY-MM-DD`, both ends
 * included; a range is at most 366 days.
 */
const MAX_DAYS = 366;
const DAY = 86_400_000;
const day = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'must be YYYY-MM-DD');

/** A range runs forward and is at most 366 days long. */
function checkRange(r: { from: string; to: string }, ctx: z.RefinementCtx) {
  if (r.from > r.to) ctx.addIssue({ code: 'custom', message: 'from must not be after to', path: ['from'] });
  else if ((Date.parse(r.to) - Date.parse(r.from)) / DAY >= MAX_DAYS)
    ctx.addIssue({ code: 'custom', message: `at most ${MAX_DAYS} days`, path: ['to'] });
}

export const ZRange = z.object({ from: day, to: day }).superRefine(checkRange);

export const ZFilters = z
  .object({
    from: day,
    to: day,
    activityId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/)
      .optional(),
    channel: z.string().trim().min(1).max(64).optional(),
  })
  .superRefine(checkRange);

/** Steps of the draw funnel and of the invite funnel, in order. */
export const FUNNEL_STEPS = ['viewed', 'signedIn', 'drew', 'won', 'claimed'] as const;
export const INVITE_STEPS = ['shared', 'friendJoined', 'qualified'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];
export type InviteStep = (typeof INVITE_STEPS)[number];

export interface AnalyticsOverview {
  from: string;
  to: string;
  totals: { events: number; people: number };
  days: { day: string; events: number; people: number }[];
  topEvents: { event: string; count: number }[];
  /** People at each step who also took every step before it. */
  funnel: { step: FunnelStep; people: number }[];
  /** Referrers who shared, then their friends who joined, and those who counted. */
  inviteFunnel: { step: InviteStep; people: number }[];
  /** Records the collector dropped in the range, by reason (data quality). */
  rejected: { reason: string; count: number }[];
}

export interface AnalyticsDimensions {
  campaigns: string[];
  channels: string[];
}

export const overview = {
  ...ANALYTICS_API.overview,
  input: ZFilters,
  result: z.object({
    from: z.string(),
    to: z.string(),
    totals: z.object({ events: z.number(), people: z.number() }),
    days: z.array(z.object({ day: z.string(), events: z.number(), people: z.number() })),
    topEvents: z.array(z.object({ event: z.string(), count: z.number() })),
    funnel: z.array(z.object({ step: z.enum(FUNNEL_STEPS), people: z.number() })),
    inviteFunnel: z.array(z.object({ step: z.enum(INVITE_STEPS), people: z.number() })),
    rejected: z.array(z.object({ reason: z.string(), count: z.number() })),
  }) satisfies z.ZodType<AnalyticsOverview>,
};

export const dimensions = {
  ...ANALYTICS_API.dimensions,
  input: ZRange,
  result: z.object({ campaigns: z.array(z.string()), channels: z.array(z.string()) }) satisfies z.ZodType<AnalyticsDimensions>,
};
