import { z } from 'zod';
import { type EnumValue, PrizeKind } from '../enums';
import { LOCALES } from '../i18n';
import { isTimeZone } from '../time';

/**
 * Admin set-up of raffle campaigns: create a campaign with its prizes in one call, edit
 * it, read its full configuration. Every call needs the global `admin` role. Texts are given in
 * all four languages; enumerations travel as their numeric values (`src/shared/enums.ts`); times
 * are epoch milliseconds or ISO 8601 date-times with a zone. Ids are numbers (an admin tool).
 *
 * Prizes are replaced as a whole (`prizes`) only while the campaign has no draws; after the
 * first draw only the stock, weight, name and image of existing prizes change (`prizeChanges`).
 */

const BASE = '/api/rest/lottery/admin/campaign';

export const LOTTERY_ADMIN_API = {
  create: { method: 'POST', path: `${BASE}/create` },
  update: { method: 'POST', path: `${BASE}/update` },
  get: { method: 'GET', path: `${BASE}/get` },
  list: { method: 'GET', path: `${BASE}/list` },
  state: { method: 'POST', path: `${BASE}/state` },
  restock: { method: 'POST', path: `${BASE}/restock` },
} as const;

/** A wheel has room for this many prize segments (plus the no-win one). */
export const MAX_PRIZES = 12;

export const ZId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

// Markup is ordinary text, stored verbatim and escaped where it is shown. Control characters are
// refused (PostgreSQL text cannot hold NUL); rules may keep line breaks and tabs.
export const CONTROL = /\p{Cc}/u;
const CONTROL_BUT_BREAKS = /[^\P{Cc}\n\r\t]/u;
export const text = (max: number, refused: RegExp) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((s) => !refused.test(s), 'must not contain control characters');

/** The same text in every language of the product: `{ en, 'zh-CN', 'zh-TW', fr }`. */
export const localized = (max: number, refused = CONTROL) =>
  z.strictObject(Object.fromEntries(LOCALES.map((l) => [l, text(max, refused)])) as Record<(typeof LOCALES)[number], z.ZodString>);
export type TLocalized = Record<(typeof LOCALES)[number], string>;
/** A text in every language, as an answer carries it. */
export const ZLocalizedText = z.object(
  Object.fromEntries(LOCALES.map((l) => [l, z.string()])) as Record<(typeof LOCALES)[number], z.ZodString>,
);

/** An image: a path of this site or an http(s) URL (never `javascript:` and the like); '' for none. */
export const imageUrl = z
  .string()
  .trim()
  .max(500)
  .refine((s) => s === '' || /^(https?:\/\/[^\s]+|\/(?!\/)\S*)$/i.test(s), 'must be a /path or an http(s) URL');

/** Epoch milliseconds (from 2000 on) or an ISO 8601 date-time with a zone. */
/** An IANA time zone the runtime knows (`Asia/Shanghai`, `UTC`). */
export const ZTimeZone = z.string().trim().min(1).max(60).refine(isTimeZone, 'must be an IANA time zone, e.g. Asia/Shanghai');

export const time = z.union([
  z.number().int().min(946_684_800_000).max(Number.MAX_SAFE_INTEGER),
  z.iso.datetime({ offset: true }).transform((s) => Date.parse(s)),
]);

const stock = z.number().int().min(0).max(100_000_000);
const weight = z.number().int().min(0).max(1_000_000);
const prizeKind = z.literal(Object.values(PrizeKind) as [EnumValue<typeof PrizeKind>, ...EnumValue<typeof PrizeKind>[]]);
/** Kinds whose `value` is what is won: beans, VIP days, cloud space GB. */
const VALUED: number[] = [PrizeKind.bean, PrizeKind.vip, PrizeKind.space];

export const ZPrizeInput = z
  .strictObject({
    kind: prizeKind,
    name: localized(80),
    imageUrl: imageUrl.default(''),
    stock,
    weight,
    /** Wins of this prize one user may have in the campaign; null: no limit. */
    perUserCap: z.number().int().min(1).max(1_000_000).nullable().default(null),
    /** Beans (kind 3), VIP days (4) or cloud space GB (5); unused for entity and virtual prizes. */
    value: z.number().int().min(0).max(1_000_000).default(0),
  })
  .superRefine((p, ctx) => {
    if (VALUED.includes(p.kind) && p.value <= 0)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'must be > 0 for bean, VIP and space prizes' });
  });
export type TPrizeInput = z.infer<typeof ZPrizeInput>;

/** The lottery channel (header `__CXY_LOTTERY_CH_`) the campaign is shown on. */
const channel = z.number().int().min(1).max(999_999);

/**
 * The campaign families: a raffle (wheel and prizes), a daily check-in (coins per streak day),
 * gift codes (prizes given by single-use codes; no wheel), the newcomer gift pack (all its prizes,
 * once, for new accounts), invite friends (coins per friend) or a collection (cards earned
 * elsewhere; a complete set is exchanged once for the first prize).
 */
export const CAMPAIGN_KINDS = ['raffle', 'checkin', 'giftcode', 'newcomer', 'invite', 'collection'] as const;
export type TCampaignKind = (typeof CAMPAIGN_KINDS)[number];

const campaignFields = {
  kind: z.enum(CAMPAIGN_KINDS).default('raffle'),
  channel: channel.default(1),
  title: localized(120),
  rules: localized(5000, CONTROL_BUT_BREAKS),
  startsAt: time,
  endsAt: time,
  /** Paused while prizes are restocked. */
  restocking: z.boolean().default(false),
  /** Weight of the no-win segment of the wheel. */
  noWinWeight: weight.default(0),
  /**
   * How chances are granted and priced (CampaignSettings of src/server/lottery/settings.ts, checked
   * by the server; fields not given take their defaults).
   */
  settings: z.record(z.string(), z.unknown()).default({}),
};

/** The wheel's rules shared by create and update (applied to the campaign as it would be stored). */
export function campaignIssues(c: {
  kind?: TCampaignKind;
  startsAt: number;
  endsAt: number;
  noWinWeight: number;
  prizes: { weight: number }[];
  /** Invite campaigns: how many reward tiers `settings.inviteTiers` lists. */
  inviteTiers?: number;
}): { field: string; message: string }[] {
  const issues: { field: string; message: string }[] = [];
  if (!(c.endsAt > c.startsAt)) issues.push({ field: 'endsAt', message: 'must be after startsAt' });
  if (c.kind === 'checkin') {
    // A check-in pays coins per day (settings): no wheel.
    if (c.prizes.length > 0) issues.push({ field: 'prizes', message: 'a checkin campaign has no prizes' });
  } else if (c.kind === 'invite') {
    // Coins per friend come from the settings; prizes are the reward tiers, one each, in order.
    if (c.prizes.length !== (c.inviteTiers ?? 0))
      issues.push({ field: 'prizes', message: 'an invite campaign has one prize per tier of settings.inviteTiers, in order' });
  } else if (c.kind === 'giftcode' || c.kind === 'newcomer' || c.kind === 'collection') {
    // Codes name their prize, a newcomer pack gives all of them, a complete collection the first
    // one: no weights, no no-win segment.
    if (c.prizes.length === 0)
      issues.push({
        field: 'prizes',
        message:
          c.kind === 'collection'
            ? 'at least one prize: a complete set is exchanged for the first'
            : 'at least one prize for the codes to give',
      });
  } else if (c.prizes.length === 0 && c.noWinWeight <= 0)
    issues.push({ field: 'prizes', message: 'at least one prize, or a no-win weight above 0' });
  else if (c.prizes.reduce((sum, p) => sum + p.weight, c.noWinWeight) <= 0)
    issues.push({ field: 'noWinWeight', message: 'the prize weights and the no-win weight must add up to more than 0' });
  return issues;
}

/** The tiers a settings object lists (the server checks their values). */
const tierCount = (settings: Record<string, unknown>) => (Array.isArray(settings.inviteTiers) ? settings.inviteTiers.length : 0);

const addIssues = (issues: { field: string; message: string }[], ctx: z.RefinementCtx) => {
  for (const i of issues) ctx.addIssue({ code: 'custom', path: [i.field], message: i.message });
};

export const ZCampaignInput = z
  .strictObject({ ...campaignFields, prizes: z.array(ZPrizeInput).max(MAX_PRIZES).default([]) })
  .superRefine((c, ctx) => addIssues(campaignIssues({ ...c, inviteTiers: tierCount(c.settings) }), ctx));
export type TCampaignInput = z.infer<typeof ZCampaignInput>;

/** What may change on a prize once the campaign has draws. */
export const ZPrizeChange = z.strictObject({
  id: ZId,
  stock: stock.optional(),
  weight: weight.optional(),
  name: localized(80).optional(),
  imageUrl: imageUrl.optional(),
});
export type TPrizeChange = z.infer<typeof ZPrizeChange>;

export const ZCampaignUpdate = z
  .strictObject({
    id: ZId,
    channel: channel.optional(),
    title: campaignFields.title.optional(),
    rules: campaignFields.rules.optional(),
    startsAt: time.optional(),
    endsAt: time.optional(),
    restocking: z.boolean().optional(),
    noWinWeight: weight.optional(),
    /** Replaces the settings (fields not given take their defaults). */
    settings: z.record(z.string(), z.unknown()).optional(),
    /** The new prize list, replacing the old one: only while the campaign has no draws. */
    prizes: z.array(ZPrizeInput).max(MAX_PRIZES).optional(),
    /** Changes to existing prizes (any time). */
    prizeChanges: z
      .array(ZPrizeChange)
      .max(MAX_PRIZES)
      .refine((a) => new Set(a.map((p) => p.id)).size === a.length, 'must not repeat a prize id')
      .optional(),
  })
  .superRefine((u, ctx) => {
    if (u.prizes && u.prizeChanges)
      ctx.addIssue({ code: 'custom', path: ['prizeChanges'], message: 'give either prizes (a new list) or prizeChanges' });
  });
export type TCampaignUpdate = z.infer<typeof ZCampaignUpdate>;

export const ZAdminPrize = z.object({
  id: z.number(),
  kind: z.number(),
  name: z.record(z.string(), z.string()),
  imageUrl: z.string(),
  stock: z.number(),
  weight: z.number(),
  perUserCap: z.number().nullable(),
  value: z.number(),
  position: z.number(),
});

/** A campaign's full configuration as stored, with how many draws it has had. */
export const ZAdminCampaign = z.object({
  id: z.number(),
  kind: z.string(),
  channel: z.number(),
  title: z.record(z.string(), z.string()),
  rules: z.record(z.string(), z.string()),
  startsAt: z.number(),
  endsAt: z.number(),
  restocking: z.boolean(),
  noWinWeight: z.number(),
  settings: z.record(z.string(), z.unknown()),
  prizes: z.array(ZAdminPrize),
  draws: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type TAdminCampaign = z.infer<typeof ZAdminCampaign>;

export const createCampaign = { ...LOTTERY_ADMIN_API.create, input: ZCampaignInput, result: ZAdminCampaign } as const;
export const updateCampaign = { ...LOTTERY_ADMIN_API.update, input: ZCampaignUpdate, result: ZAdminCampaign } as const;
export const getCampaign = { ...LOTTERY_ADMIN_API.get, input: z.object({ id: ZId }), result: ZAdminCampaign } as const;

export const CAMPAIGN_STATES = ['notStarted', 'ongoing', 'restocking', 'ended'] as const;

/** One row of the console's campaign list (texts in every language). */
export interface TCampaignListItem {
  id: number;
  kind: TCampaignKind;
  title: Record<string, string>;
  startsAt: number;
  endsAt: number;
  state: (typeof CAMPAIGN_STATES)[number];
  prizes: number;
  /** Units left over all prizes. */
  stock: number;
}

/** The campaigns the caller may see (all for admins, their own for campaign staff), newest first. */
export const listCampaigns = {
  ...LOTTERY_ADMIN_API.list,
  input: z.object({ kind: z.enum(CAMPAIGN_KINDS).optional(), state: z.enum(CAMPAIGN_STATES).optional() }),
  result: z.object({
    items: z.array(
      z.object({
        id: z.number(),
        kind: z.enum(CAMPAIGN_KINDS),
        title: z.record(z.string(), z.string()),
        startsAt: z.number(),
        endsAt: z.number(),
        state: z.enum(CAMPAIGN_STATES),
        prizes: z.number(),
        stock: z.number(),
      }) satisfies z.ZodType<TCampaignListItem>,
    ),
  }),
} as const;

/**
 * Pause a running campaign for restocking (draws are refused meanwhile), resume it, or end it now.
 * Each is one guarded write: a draw in progress finishes on the state it read, none is lost.
 */
export const campaignState = {
  ...LOTTERY_ADMIN_API.state,
  input: z.strictObject({ id: ZId, action: z.enum(['pause', 'resume', 'end']) }),
  result: ZAdminCampaign,
} as const;

/** Adds units to a prize's stock (or withdraws them, never below zero), relative to what draws left. */
export const restockPrize = {
  ...LOTTERY_ADMIN_API.restock,
  input: z.strictObject({
    id: ZId,
    prizeId: ZId,
    add: z
      .number()
      .int()
      .min(-100_000_000)
      .max(100_000_000)
      .refine((n) => n !== 0, 'must not be 0'),
  }),
  result: ZAdminCampaign,
} as const;
