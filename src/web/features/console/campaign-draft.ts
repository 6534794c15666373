import type { TAdminCampaign, TCampaignKind } from '../../../shared/api/lottery-admin';
import type { EnumValue, PrizeKind } from '../../../shared/enums';
import { LOCALES, type Locale } from '../../../shared/i18n';

/** A campaign as its console form edits it: texts per language, times as epoch ms. */
export type Texts = Record<Locale, string>;
export interface DraftPrize {
  id?: number;
  kind: EnumValue<typeof PrizeKind>;
  name: Texts;
  imageUrl: string;
  stock: number;
  weight: number;
  perUserCap: number | null;
  value: number;
}
export interface DraftCard {
  key: string;
  name: Texts;
  weight: number;
}
/**
 * The settings the forms edit (the server's campaign settings; a field the form leaves out keeps
 * the value the campaign has, or takes the server's default on a new one).
 */
export interface DraftSettings {
  [field: string]: unknown;
  timeZone?: string;
  look?: string;
  checkinRewards?: number[];
  inviteTiers?: number[];
  collectionCards?: DraftCard[];
}
export interface CampaignDraft {
  kind: TCampaignKind;
  title: Texts;
  rules: Texts;
  startsAt: number;
  endsAt: number;
  noWinWeight: number;
  prizes: DraftPrize[];
  settings: DraftSettings;
}

/** What each kind's form shows: prizes or not, and whether they are drawn by weight. */
export const KIND_SHAPE: Record<TCampaignKind, { prizes: boolean; weighted: boolean }> = {
  raffle: { prizes: true, weighted: true },
  checkin: { prizes: false, weighted: false },
  giftcode: { prizes: true, weighted: false },
  newcomer: { prizes: true, weighted: false },
  invite: { prizes: true, weighted: false },
  collection: { prizes: true, weighted: false },
};

export const emptyTexts = (): Texts => Object.fromEntries(LOCALES.map((l) => [l, ''])) as Texts;
const texts = (r: Record<string, string>): Texts => Object.fromEntries(LOCALES.map((l) => [l, r[l] ?? ''])) as Texts;

export const newPrize = (): DraftPrize => ({ kind: 1, name: emptyTexts(), imageUrl: '', stock: 1, weight: 1, perUserCap: null, value: 0 });
export const newCard = (n: number): DraftCard => ({ key: `card-${n}`, name: emptyTexts(), weight: 10 });

/** Settings a new campaign of a kind starts from, beyond the server's defaults. */
function startSettings(kind: TCampaignKind, zone: string, look: string | null): DraftSettings {
  const base: DraftSettings = { timeZone: zone };
  switch (kind) {
    case 'raffle':
      return { ...base, look: look ?? 'wheel' };
    case 'checkin':
      return { ...base, checkinRewards: [10, 10, 20, 10, 10, 20, 50] };
    case 'invite':
      return { ...base, inviteTiers: [3] };
    case 'collection':
      return { ...base, collectionCards: [newCard(1), newCard(2)] };
    default:
      return base;
  }
}

/** A fresh campaign of a kind, a week from the next hour, its days counted in the operator's zone. */
export function blankDraft(kind: TCampaignKind, now: number, zone: string, look: string | null = null): CampaignDraft {
  const start = Math.ceil(now / 3_600_000) * 3_600_000;
  return {
    kind,
    title: emptyTexts(),
    rules: emptyTexts(),
    startsAt: start,
    endsAt: start + 7 * 86_400_000,
    noWinWeight: kind === 'raffle' ? 10 : 0,
    prizes: KIND_SHAPE[kind].prizes ? [newPrize()] : [],
    settings: startSettings(kind, zone, look),
  };
}

/** The draft of a stored campaign; `copy` drops the prize ids (a duplicate is a new campaign). */
export function draftOf(c: TAdminCampaign & { kind: TCampaignKind }, copy: boolean): CampaignDraft {
  const settings = c.settings as DraftSettings;
  return {
    kind: c.kind,
    title: texts(c.title),
    rules: texts(c.rules),
    startsAt: c.startsAt,
    endsAt: c.endsAt,
    noWinWeight: c.noWinWeight,
    settings: {
      ...settings,
      ...(settings.collectionCards && { collectionCards: settings.collectionCards.map((k) => ({ ...k, name: texts(k.name) })) }),
    },
    prizes: c.prizes.map((p) => ({
      ...(copy ? {} : { id: p.id }),
      kind: p.kind as EnumValue<typeof PrizeKind>,
      name: texts(p.name),
      imageUrl: p.imageUrl,
      stock: p.stock,
      weight: p.weight,
      perUserCap: p.perUserCap,
      value: p.value,
    })),
  };
}

/** The published odds of each prize and of no win, in percent, as the wheel would draw them. */
export function odds(d: Pick<CampaignDraft, 'noWinWeight' | 'prizes'>): { prizes: number[]; noWin: number } {
  const total = d.prizes.reduce((s, p) => s + (p.stock > 0 ? p.weight : 0), d.noWinWeight);
  const pct = (w: number) => (total > 0 ? (100 * w) / total : 0);
  return { prizes: d.prizes.map((p) => pct(p.stock > 0 ? p.weight : 0)), noWin: pct(d.noWinWeight) };
}

/** The languages a text has not been written in yet. */
export const missing = (t: Texts): Locale[] => LOCALES.filter((l) => t[l].trim() === '');

/** `datetime-local` value of an instant in the browser's time zone, and back. */
export function toLocalInput(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}
export const fromLocalInput = (v: string): number => new Date(v).getTime();
