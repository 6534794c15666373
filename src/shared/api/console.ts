import { z } from 'zod';
import { CONSOLE_API } from './routes-console';

/**
 * The operator console's calls: the audit log (admins only). Times are epoch milliseconds; item
 * types and actions are the short names the admin APIs write (`campaign`, `campaign.update`).
 */
const name = (max: number) =>
  z
    .string()
    .trim()
    .regex(/^[a-z][A-Za-z0-9_.-]*$/, 'must be a name such as campaign or campaign.update')
    .max(max)
    .optional();

export const ZAuditFilter = z.object({
  actorId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  action: name(64),
  itemType: name(40),
  itemId: z
    .string()
    .trim()
    .min(1)
    .max(120)
    .refine((s) => !/\p{Cc}/u.test(s), 'must not contain control characters')
    .optional(),
  from: z.coerce.number().int().min(0).max(8.64e15).optional(),
  to: z.coerce.number().int().min(0).max(8.64e15).optional(),
});

/** One audit row: who did what to which item, when, with the item's values before and after. */
export const ZAuditRow = z.object({
  id: z.string(),
  at: z.number(),
  actorId: z.string(),
  /** Null once the member is gone. */
  actorName: z.string().nullable(),
  action: z.string(),
  itemType: z.string(),
  itemId: z.string(),
  /** The item before the change (null for a creation): whatever the domain recorded. */
  before: z.unknown(),
  /** The item after the change (null for a removal). */
  after: z.unknown(),
  requestId: z.string(),
});
export type AuditRow = z.infer<typeof ZAuditRow>;

export const audit = {
  ...CONSOLE_API.audit,
  input: ZAuditFilter.extend({
    /** The last id of the previous page. */
    before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  }),
  result: z.object({ items: z.array(ZAuditRow), more: z.boolean() }),
} as const;

/** The filtered log as CSV (`text/csv`, UTF-8 with a BOM), newest first; not an envelope. */
export const auditExport = { ...CONSOLE_API.auditExport, input: ZAuditFilter, result: z.string() } as const;

/** One UTC day of the dashboard. */
export interface DashboardDay {
  day: string;
  signUps: number;
  draws: number;
  wins: number;
  codesRedeemed: number;
  checkIns: number;
}

export interface ConsoleDashboard {
  /** The last 7 UTC days, oldest first; the last one is today. */
  days: DashboardDay[];
  waiting: { claimsToShip: number; ordersToShip: number };
  /** The most viewed share pages of the 7 days. */
  topShares: { contentType: string; contentId: string; views: number }[];
}

/** The dashboard's figures (staff with `analytics`, or admins). */
export const dashboard = {
  ...CONSOLE_API.dashboard,
  result: z.object({
    days: z.array(
      z.object({
        day: z.string(),
        signUps: z.number(),
        draws: z.number(),
        wins: z.number(),
        codesRedeemed: z.number(),
        checkIns: z.number(),
      }),
    ),
    waiting: z.object({ claimsToShip: z.number(), ordersToShip: z.number() }),
    topShares: z.array(z.object({ contentType: z.string(), contentId: z.string(), views: z.number() })),
  }) satisfies z.ZodType<ConsoleDashboard>,
} as const;
