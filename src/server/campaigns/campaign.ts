import type { CampaignHead, CampaignStateName } from '../../shared/api/lottery';
import type { TCampaignKind } from '../../shared/api/lottery-admin';
import { WinState } from '../../shared/enums';
import { ResultCode } from '../../shared/errors';
import type { Locale } from '../../shared/i18n';
import { cacheSpec } from '../db/cache';
import type { Db, Tx } from '../db/database';
import { prepared } from '../db/prepared';
import { AppError } from '../http/app-error';
import { parseSettings, type SettingsOf } from './settings';

/** Campaign states as the page shows them. */
export type CampaignState = CampaignStateName;

/** The campaign families on the one campaign model (ARCHITECTURE: "Campaign families"). */
export type CampaignKind = TCampaignKind;

interface CampaignRow {
  id: number;
  channel: number;
  title: Record<string, string>;
  rules: Record<string, string>;
  startsAt: number;
  endsAt: number;
  restocking: boolean;
  noWinWeight: number;
}

/** A campaign of one kind (or, unnarrowed, of any): its settings are its kind's. */
export type Campaign<K extends CampaignKind = CampaignKind> = K extends CampaignKind
  ? CampaignRow & { kind: K; settings: SettingsOf<K> }
  : never;

export function stateOf(c: Pick<Campaign, 'startsAt' | 'endsAt' | 'restocking'>, now: number): CampaignState {
  if (now >= c.endsAt) return 'ended';
  if (now < c.startsAt) return 'notStarted';
  return c.restocking ? 'restocking' : 'ongoing';
}

/** What every campaign page shows first, in the reader's language. */
export function campaignHead(c: Campaign, locale: Locale, now: number): CampaignHead {
  return {
    id: String(c.id),
    title: inLanguage(c.title, locale),
    rules: inLanguage(c.rules, locale),
    state: stateOf(c, now),
    startsAt: c.startsAt,
    endsAt: c.endsAt,
  };
}

/** The text for a language, falling back to English, then to any language given. */
export function inLanguage(texts: Record<string, string>, locale: Locale): string {
  return texts[locale] ?? texts.en ?? Object.values(texts)[0] ?? '';
}

// Every campaign call loads its campaign: built once (db/prepared.ts).
const campaignById = prepared<{ campaignId: number }>()((q, param) =>
  q.selectFrom('lottery_campaigns').selectAll().where('id', '=', param('campaignId')),
);

/**
 * Every campaign call (every draw) loads its campaign, whose row is large (its texts in four
 * languages, read from overflow pages). Kept for a short while: the instance that edits a
 * campaign drops it at once (`forgetCampaign`); another instance may answer from the campaign as
 * it was for up to `ttlMs` (a schedule or a pause takes effect there that much later; stock is
 * never taken from the cache). The campaign is frozen: every caller shares it.
 */
export const CAMPAIGNS = cacheSpec<number, Campaign | null>({ name: 'campaigns', max: 1_000, ttlMs: 2_000, about: 'campaign' });

/** The campaign, read through `on` (the caller's transaction, when it has one) on a cache miss. */
export function loadCampaign(db: Db, campaignId: number, on: Tx = db.kysely): Promise<Campaign | null> {
  return db.caches.of(CAMPAIGNS).get(campaignId, async () => {
    const [c] = (await db.run(campaignById, on, { campaignId })).rows;
    if (!c) return null;
    const kind = c.kind as CampaignKind;
    return Object.freeze({
      id: c.id,
      kind,
      channel: c.channel,
      title: Object.freeze(JSON.parse(c.title) as Record<string, string>),
      rules: Object.freeze(JSON.parse(c.rules) as Record<string, string>),
      startsAt: c.starts_at,
      endsAt: c.ends_at,
      restocking: c.restocking === 1,
      noWinWeight: c.no_win_weight,
      settings: parseSettings(kind, c.settings),
    } as Campaign);
  });
}

/**
 * Called by the code that changed a campaign (its row, settings or prizes), after the commit:
 * every cache of what is read by campaign (the campaign, its wheel, its prizes in stock) drops it.
 */
export function forgetCampaign(db: Db, campaignId: number) {
  db.caches.changed('campaign', campaignId);
}

/** Refuses a draw outside the campaign's open period, with the page's message for each state. */
export function assertOpen(c: Campaign, now: number): void {
  const state = stateOf(c, now);
  if (state === 'ended') throw new AppError(ResultCode.drawEnded, { result: { winState: WinState.winend } });
  if (state === 'notStarted') throw new AppError(ResultCode.drawNotStarted);
  if (state === 'restocking') throw new AppError(ResultCode.drawRestocking);
}

/** The campaign of that kind (a check-in campaign is not a raffle): 1001 otherwise. */
export async function campaignOr404<K extends CampaignKind>(db: Db, campaignId: number, kind: K): Promise<Campaign<K>> {
  const c = await loadCampaign(db, campaignId);
  if (!isKind(c, kind)) throw new AppError(ResultCode.notFound);
  return c;
}

/** Whether the campaign is of that kind (narrows its settings). */
export const isKind = <K extends CampaignKind>(c: Campaign | null | undefined, kind: K): c is Campaign<K> => c?.kind === kind;
