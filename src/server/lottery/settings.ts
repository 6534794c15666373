import { z } from 'zod';
import { RAFFLE_LOOKS } from '../../shared/api/lottery';
import { ZTimeZone } from '../../shared/api/lottery-admin';
import { LOCALES } from '../../shared/i18n';

const cardName = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .refine((s) => !/\p{Cc}/u.test(s), 'must not contain control characters');

/** One card of a collection: a stable key, its name in every language, how often it is dealt. */
export const ZCollectionCard = z.strictObject({
  key: z.string().regex(/^[a-z0-9-]{1,32}$/, 'a–z, 0–9 and hyphens, at most 32'),
  name: z.strictObject(Object.fromEntries(LOCALES.map((l) => [l, cardName])) as Record<(typeof LOCALES)[number], typeof cardName>),
  weight: z.number().int().min(1).max(1_000_000),
});
export type CollectionCard = z.infer<typeof ZCollectionCard>;

const card = (key: string, weight: number, en: string, cn: string, tw: string, fr: string): CollectionCard => ({
  key,
  name: { en, 'zh-CN': cn, 'zh-TW': tw, fr },
  weight,
});

/** The parts of a 3D printer; the build plate is the rare one that makes a set take a while. */
const DEFAULT_CARDS: CollectionCard[] = [
  card('nozzle', 30, 'Nozzle', '喷嘴', '噴嘴', 'Buse'),
  card('hotbed', 25, 'Hotbed', '热床', '熱床', 'Plateau chauffant'),
  card('filament', 20, 'Filament', '耗材', '線材', 'Filament'),
  card('extruder', 15, 'Extruder', '挤出机', '擠出機', 'Extrudeur'),
  card('build-plate', 10, 'Build plate', '打印平台', '列印平台', "Plateau d'impression"),
];

/**
 * How a campaign grants chances and prices them in coins (stored as JSON on the campaign).
 * Daily grants use the campaign's day boundaries in `timeZone` (an IANA zone, default UTC).
 */
export const ZCampaignSettings = z.object({
  /**
   * Raffles: the page that draws it when opened without an id (`wheel`: /activitys, `box`:
   * /blind-box, `planet`: /happy-planet). With an id, every page draws any raffle.
   */
  look: z.enum(RAFFLE_LOOKS).default('wheel'),
  /** Chances every participant gets each day (0: none). */
  dailyChances: z.number().int().min(0).max(100).default(1),
  /** Chances every participant gets once for the whole campaign. */
  campaignChances: z.number().int().min(0).max(1000).default(0),
  /** Extra chances per day for premium-plan members. */
  premiumDailyChances: z.number().int().min(0).max(100).default(1),
  /** Chances for each friend invited (granted by the invite capability). */
  inviteChances: z.number().int().min(0).max(100).default(1),
  /** Chances for sharing the campaign, at most `shareDailyCap` shares a day. */
  shareChances: z.number().int().min(0).max(100).default(1),
  shareDailyCap: z.number().int().min(0).max(100).default(1),
  /** Coins one extra chance costs (0: exchange disabled). */
  exchangeCost: z.number().int().min(0).max(1_000_000).default(100),
  timeZone: ZTimeZone.default('UTC'),
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
   * their inviting. Empty: coins only.
   */
  inviteTiers: z
    .array(z.number().int().min(1).max(10_000))
    .max(10)
    .refine((t) => t.every((n, i) => i === 0 || n > (t[i - 1] ?? 0)), 'tiers must ascend')
    .default([]),
  /**
   * Oldest app version (`CrealityCloud/x.y.z` in the app webview's User-Agent) that may join;
   * older apps are told to update. Empty: every version. Browsers are not apps.
   */
  minAppVersion: z
    .string()
    .regex(/^(\d{1,4}(\.\d{1,4}){0,3})?$/)
    .default(''),
  /** Newcomer gift packs: an account counts as new this many days after it was made. */
  newcomerDays: z.number().int().min(1).max(365).default(7),
  /**
   * Collection campaigns: the set of cards to collect (a card per check-in, draw or invited
   * friend, picked by weight). The key names a card for good: renaming one after cards were
   * given leaves those cards outside the set.
   */
  collectionCards: z
    .array(ZCollectionCard)
    .min(2)
    .max(12)
    .refine((cards) => new Set(cards.map((c) => c.key)).size === cards.length, 'card keys must be unique')
    .default(DEFAULT_CARDS),
});
export type CampaignSettings = z.infer<typeof ZCampaignSettings>;

/**
 * The stored settings, parsed. Every campaign call reads them and a zod parse is not free, so
 * each stored text is parsed once per process; the result is frozen, shared by every caller.
 */
export function parseSettings(json: string): CampaignSettings {
  let parsed = parsedSettings.get(json);
  if (!parsed) {
    parsed = deepFreeze(ZCampaignSettings.parse(JSON.parse(json)));
    if (parsedSettings.size > 1_000) parsedSettings.clear();
    parsedSettings.set(json, parsed);
  }
  return parsed;
}
const parsedSettings = new Map<string, CampaignSettings>();

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}
