import type { TAdminCampaign } from '../../../shared/api/lottery-admin';
import type { EnumValue, PrizeKind } from '../../../shared/enums';
import { LOCALES, type Locale } from '../../../shared/i18n';

/** A raffle as its console form edits it: texts per language, times as epoch ms. */
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
export interface RaffleDraft {
  title: Texts;
  rules: Texts;
  startsAt: number;
  endsAt: number;
  noWinWeight: number;
  prizes: DraftPrize[];
}

export const emptyTexts = (): Texts => Object.fromEntries(LOCALES.map((l) => [l, ''])) as Texts;
const texts = (r: Record<string, string>): Texts => Object.fromEntries(LOCALES.map((l) => [l, r[l] ?? ''])) as Texts;

export const newPrize = (): DraftPrize => ({ kind: 1, name: emptyTexts(), imageUrl: '', stock: 1, weight: 1, perUserCap: null, value: 0 });

/** A fresh raffle, a week from the next hour. */
export function blankDraft(now: number): RaffleDraft {
  const start = Math.ceil(now / 3_600_000) * 3_600_000;
  return {
    title: emptyTexts(),
    rules: emptyTexts(),
    startsAt: start,
    endsAt: start + 7 * 86_400_000,
    noWinWeight: 10,
    prizes: [newPrize()],
  };
}

/** The draft of a stored raffle; `copy` drops the prize ids (a duplicate is a new raffle). */
export function draftOf(c: TAdminCampaign, copy: boolean): RaffleDraft {
  return {
    title: texts(c.title),
    rules: texts(c.rules),
    startsAt: c.startsAt,
    endsAt: c.endsAt,
    noWinWeight: c.noWinWeight,
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
export function odds(d: Pick<RaffleDraft, 'noWinWeight' | 'prizes'>): { prizes: number[]; noWin: number } {
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
