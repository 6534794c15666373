import { z } from 'zod';
import { RAFFLE_LOOKS } from '../../shared/api/lottery';
import { type TCampaignKind, ZTimeZone } from '../../shared/api/lottery-admin';
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
 * What every kind reads. Oldest app version (`CrealityCloud/x.y.z` in the app webview's
 * User-Agent) that may join; older apps are told to update. Empty: every version. Browsers are
 * not apps.
 */
const common = {
  minAppVersion: z
    .string()
    .regex(/^(\d{1,4}(\.\d{1,4}){0,3})?$/)
    .default(''),
};

/**
 * Raffles: how chances are granted and priced in coins. Daily grants use the campaign's day
 * boundaries in `timeZone` (an IANA zone, default UTC).
 */
const ZRaffleSettings = z.object({
  ...common,
  /**
   * The page that draws it when opened without an id (`wheel`: /activitys, `box`: /blind-box,
   * `planet`: /happy-planet). With an id, every page draws any raffle.
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
});

/**
 * Check-ins: coins for each day of a streak, day 1 first; after the last day the cycle starts
 * again (a 7-day week by default, the 7th day worth the most).
 */
const ZCheckinSettings = z.object({
  ...common,
  checkinRewards: z.array(z.number().int().min(0).max(100_000)).min(1).max(31).default([10, 10, 20, 10, 10, 20, 50]),
});

const ZInviteSettings = z.object({
  ...common,
  /** Coins per friend, released once the friend reaches this user level. */
  inviteCoins: z.number().int().min(0).max(1_000_000).default(100),
  releaseLevel: z.number().int().min(0).max(100).default(2),
  /**
   * Qualified friends needed for each reward tier, ascending; tier n gives the campaign's prize n
   * (in the prizes' order). A referrer claims one tier, which ends their inviting. Empty: coins only.
   */
  inviteTiers: z
    .array(z.number().int().min(1).max(10_000))
    .max(10)
    .refine((t) => t.every((n, i) => i === 0 || n > (t[i - 1] ?? 0)), 'tiers must ascend')
    .default([]),
});

const ZNewcomerSettings = z.object({
  ...common,
  /** An account counts as new this many days after it was made. */
  newcomerDays: z.number().int().min(1).max(365).default(7),
});

const ZCollectionSettings = z.object({
  ...common,
  /**
   * The set of cards to collect (a card per check-in, draw or invited friend, picked by weight).
   * The key names a card for good: renaming one after cards were given leaves those cards outside
   * the set.
   */
  collectionCards: z
    .array(ZCollectionCard)
    .min(2)
    .max(12)
    .refine((cards) => new Set(cards.map((c) => c.key)).size === cards.length, 'card keys must be unique')
    .default(DEFAULT_CARDS),
});

/**
 * Each kind's settings, keyed by kind: `{ kind, settings }` is what a campaign row holds (its
 * kind in a column, its settings as JSON). Plain objects, not strict ones: a row stored when every
 * kind shared one bag of settings still parses (the other kinds' fields are dropped), and so does
 * an input naming a field of another kind.
 */
export const ZKindSettings = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('raffle'), settings: ZRaffleSettings }),
  z.object({ kind: z.literal('checkin'), settings: ZCheckinSettings }),
  z.object({ kind: z.literal('giftcode'), settings: z.object(common) }),
  z.object({ kind: z.literal('newcomer'), settings: ZNewcomerSettings }),
  z.object({ kind: z.literal('invite'), settings: ZInviteSettings }),
  z.object({ kind: z.literal('collection'), settings: ZCollectionSettings }),
]);
export type KindSettings = z.infer<typeof ZKindSettings>;
/** The settings of one kind, defaults filled in. */
export type SettingsOf<K extends TCampaignKind> = Extract<KindSettings, { kind: K }>['settings'];
/** Every kind's settings fields at once (what a test may set on a campaign of any kind). */
export type AnySettings = Partial<
  SettingsOf<'raffle'> & SettingsOf<'checkin'> & SettingsOf<'invite'> & SettingsOf<'newcomer'> & SettingsOf<'collection'>
>;

/** Checks settings as given for a kind (defaults filled in); each issue names its field from the settings down. */
export function checkSettings<K extends TCampaignKind>(
  kind: K,
  raw: unknown,
): { ok: true; settings: SettingsOf<K> } | { ok: false; issues: { path: PropertyKey[]; message: string }[] } {
  const parsed = ZKindSettings.safeParse({ kind, settings: raw });
  if (parsed.success) return { ok: true, settings: parsed.data.settings as SettingsOf<K> };
  return { ok: false, issues: parsed.error.issues.map((i) => ({ path: i.path.slice(1), message: i.message })) };
}

/**
 * The stored settings, parsed. Every campaign call reads them and a zod parse is not free, so
 * each stored text is parsed once per process; the result is frozen, shared by every caller.
 */
export function parseSettings<K extends TCampaignKind>(kind: K, json: string): SettingsOf<K> {
  const key = `${kind}:${json}`;
  let parsed = parsedSettings.get(key);
  if (!parsed) {
    parsed = deepFreeze(ZKindSettings.parse({ kind, settings: JSON.parse(json) }).settings);
    if (parsedSettings.size > 1_000) parsedSettings.clear();
    parsedSettings.set(key, parsed);
  }
  return parsed as SettingsOf<K>;
}
const parsedSettings = new Map<string, KindSettings['settings']>();

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}
