import { z } from 'zod';
import type { LotteryInfo } from './lottery';
import { CONTROL, localized, text, time, ZId, ZLocalizedText, ZTimeZone } from './lottery-admin';
import { VENUES_ADMIN_API, VENUES_API } from './routes-venues';

/**
 * Venues: trade-show and partner venues, one configuration per slug (`/cd16`, `/tct`,
 * `/sz12`, `/hx08`) with its name and place per language, dates, time zone, the printers and
 * printed samples (content model ids) its laboratory shows, and the raffle it runs (a campaign of
 * the lottery engine). Admins create and edit them; venue staff read today's figures.
 */

/** Lower-case letters and digits, starting with a letter: it is a path segment. */
export const ZVenueSlug = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9]{1,15}$/, 'must be 2–16 lower-case letters or digits, starting with a letter');

const ZPrinter = z.strictObject({ name: text(80, CONTROL), model: text(80, CONTROL) });
export type TPrinter = z.infer<typeof ZPrinter>;

/** A WECHAT_CLIENTS id (checked against the configuration by the sign-in start itself). */
const ZClientId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a WECHAT_CLIENTS clientId');

export const MAX_PRINTERS = 20;
export const MAX_SAMPLES = 24;

const venueFields = {
  /** The `<x>` of `/wechat-<x>/dev|pro`; the slug when not given. */
  wechatPath: ZVenueSlug.optional(),
  name: localized(80),
  place: localized(200),
  startsAt: time,
  endsAt: time,
  timeZone: ZTimeZone.default('Asia/Shanghai'),
  printers: z.array(ZPrinter).max(MAX_PRINTERS).default([]),
  /** Content model ids shown as printed samples, in order. */
  samples: z
    .array(ZId)
    .max(MAX_SAMPLES)
    .refine((a) => new Set(a).size === a.length, 'must not repeat a model id')
    .default([]),
  /** The venue's raffle: a campaign of kind `raffle`. */
  campaignId: ZId,
  /** WeChat web sign-in per environment of `/wechat-<x>/dev|pro`; WECHAT_WEB_CLIENT_ID otherwise. */
  wechat: z.strictObject({ dev: ZClientId.optional(), pro: ZClientId.optional() }).default({}),
};

const datesInOrder = (v: { startsAt?: number; endsAt?: number }, ctx: z.RefinementCtx) => {
  if (v.startsAt !== undefined && v.endsAt !== undefined && !(v.endsAt > v.startsAt))
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'must be after startsAt' });
};

export const ZVenueInput = z.strictObject({ slug: ZVenueSlug, ...venueFields }).superRefine(datesInOrder);
export type TVenueInput = z.infer<typeof ZVenueInput>;

/** Changes to the venue of `slug` (which itself never changes: it is in printed QR codes). */
export const ZVenueUpdate = z
  .strictObject({
    slug: ZVenueSlug,
    wechatPath: venueFields.wechatPath,
    name: venueFields.name.optional(),
    place: venueFields.place.optional(),
    startsAt: time.optional(),
    endsAt: time.optional(),
    timeZone: ZTimeZone.optional(),
    printers: z.array(ZPrinter).max(MAX_PRINTERS).optional(),
    samples: venueFields.samples.unwrap().optional(),
    campaignId: ZId.optional(),
    wechat: z.strictObject({ dev: ZClientId.optional(), pro: ZClientId.optional() }).optional(),
  })
  .superRefine(datesInOrder);
export type TVenueUpdate = z.infer<typeof ZVenueUpdate>;

/** A venue as configured (admin answers). */
export const ZAdminVenue = z.object({
  id: z.number(),
  slug: z.string(),
  wechatPath: z.string(),
  name: ZLocalizedText,
  place: ZLocalizedText,
  startsAt: z.number(),
  endsAt: z.number(),
  timeZone: z.string(),
  printers: z.array(ZPrinter),
  samples: z.array(z.number()),
  campaignId: z.number(),
  wechat: z.object({ dev: z.string().optional(), pro: z.string().optional() }),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type TAdminVenue = z.infer<typeof ZAdminVenue>;

export const createVenue = { ...VENUES_ADMIN_API.create, input: ZVenueInput, result: ZAdminVenue };
export const updateVenue = { ...VENUES_ADMIN_API.update, input: ZVenueUpdate, result: ZAdminVenue };
export const getVenue = { ...VENUES_ADMIN_API.get, input: z.object({ slug: ZVenueSlug }), result: ZAdminVenue };
export const listVenues = { ...VENUES_ADMIN_API.list, result: z.array(ZAdminVenue) };

export type VenueState = 'notStarted' | 'ongoing' | 'ended';

/** A venue as its pages show it, in the reader's language. */
export interface VenueView {
  slug: string;
  wechatPath: string;
  name: string;
  place: string;
  startsAt: number;
  endsAt: number;
  timeZone: string;
  state: VenueState;
  printers: TPrinter[];
  campaignId: string;
}

/** The landing page: the venue and its raffle (null when the campaign is no raffle any more). */
export interface VenueLanding {
  venue: VenueView;
  raffle: Pick<LotteryInfo, 'id' | 'title' | 'state' | 'startsAt' | 'endsAt' | 'segments'> | null;
}

/** A printed sample: a content model with its first image. */
export interface VenueSample {
  id: string;
  title: string;
  imageUrl: string | null;
}

/** Today's figures of the venue's raffle, "today" in the venue's time zone. */
const ZVenueToday = z.object({
  /** YYYY-MM-DD in `timeZone`. */
  day: z.string(),
  timeZone: z.string(),
  campaignId: z.string(),
  draws: z.number(),
  wins: z.number(),
  writtenOff: z.number(),
});
export type VenueToday = z.infer<typeof ZVenueToday>;

export const today = { ...VENUES_API.today, input: z.object({ slug: ZVenueSlug }), result: ZVenueToday };
