import type { CheckinCampaign } from '../../shared/api/checkin';
import type { CollectionView } from '../../shared/api/collection';
import type { NewcomerOffer } from '../../shared/api/giftpack';
import type { InviteCampaign } from '../../shared/api/invite';
import type { CampaignHead, LotteryDataInfo, LotteryInfo, RaffleLook } from '../../shared/api/lottery';
import type { LandingCampaign } from '../../shared/api/site';
import type { Locale } from '../../shared/i18n';
import type { Db } from '../db/database';
import { type Campaign, type CampaignKind, inLanguage, isKind, loadCampaign } from './campaign';
import { countsBetween } from './reports';

/**
 * What the campaign pages' loaders read on the server: the same views the API answers with. The
 * core answers for every kind (`running`, `countsBetween`); each kind's module answers for its
 * own pages (`KindPages`), handed in by the composition root.
 */
export interface CampaignPages {
  /** The campaign's wheel, rules and state with its public figures; null for an unknown id. */
  page(campaignId: number, locale: Locale): Promise<{ info: LotteryInfo; data: LotteryDataInfo } | null>;
  /**
   * A check-in campaign as its page shows it to everyone (without an id: the one running now,
   * newest first); null for an unknown id or another kind.
   */
  checkinPage(campaignId: number | null, locale: Locale): Promise<CheckinCampaign | null>;
  /** An invite-friends campaign (without an id: the one running now) as everyone sees it. */
  invitePage(campaignId: number | null, locale: Locale): Promise<InviteCampaign | null>;
  /**
   * The gift-code campaign a gift page is about (without an id: the one running now), for its
   * state and dates; null for an unknown id or another kind.
   */
  giftCodePage(campaignId: number | null, locale: Locale): Promise<CampaignHead | null>;
  /** The newcomer gift pack running now, as signed-out visitors see it; null when there is none. */
  newcomerPage(locale: Locale): Promise<NewcomerOffer | null>;
  /** A collection campaign (without an id: the one running now) as signed-out readers see it. */
  collectionPage(campaignId: number | null, locale: Locale): Promise<CollectionView | null>;
  /**
   * The raffle of this look running now (the newest to start), for pages opened without an id
   * and pages that show "the current campaign"; null when none runs.
   */
  currentRaffleId(look?: RaffleLook): Promise<number | null>;
  /** Every campaign running now, the newest to start first, at most `limit` (home page, sitemap). */
  running(locale: Locale, limit: number): Promise<LandingCampaign[]>;
  /** Whether the campaign exists and is a raffle (venues run one). */
  isRaffle(campaignId: number): Promise<boolean>;
  /** Draws, wins and write-offs of a campaign in [from, to) (a venue staff's "today"). */
  countsBetween(campaignId: number, from: number, to: number): Promise<{ draws: number; wins: number; writtenOff: number }>;
}

/** The pages each kind's module answers (see docs/campaign-kinds.md). */
export type KindPages = Omit<CampaignPages, 'running' | 'countsBetween'>;

export function createCampaignPages(db: Db, kinds: KindPages): CampaignPages {
  return {
    ...kinds,
    running: (locale, limit) => runningCampaigns(db, locale, Date.now(), limit),
    countsBetween: (campaignId, from, to) => countsBetween(db, campaignId, from, to),
  };
}

/** The campaign a page names if it is of this kind, or without an id the one of this kind running now; else null. */
export async function campaignOfKind<K extends CampaignKind>(
  db: Db,
  kind: K,
  campaignId: number | null,
  now: number,
): Promise<Campaign<K> | null> {
  const id = campaignId ?? (await currentCampaignId(db, kind, now));
  const c = id ? await loadCampaign(db, id) : null;
  return isKind(c, kind) ? c : null;
}

/** The campaign of a kind running now (the newest to start), for pages opened without an id. */
async function currentCampaignId(db: Db, kind: CampaignKind, now: number): Promise<number | undefined> {
  return (await runningIds(db, kind, now, 1))[0];
}

async function runningCampaigns(db: Db, locale: Locale, now: number, limit: number): Promise<LandingCampaign[]> {
  const campaigns = await Promise.all((await runningIds(db, null, now, limit)).map((id) => loadCampaign(db, id)));
  return campaigns
    .filter((c) => c !== null)
    .map((c) => ({
      id: String(c.id),
      kind: c.kind,
      look: c.kind === 'raffle' ? c.settings.look : null,
      title: inLanguage(c.title, locale),
      startsAt: c.startsAt,
      endsAt: c.endsAt,
    }));
}

/** The campaigns of a kind (or of every kind) running now, the newest to start first (the first made, of those starting together). */
export async function runningIds(db: Db, kind: CampaignKind | null, now: number, limit = 100): Promise<number[]> {
  let q = db.kysely.selectFrom('lottery_campaigns').select('id');
  if (kind) q = q.where('kind', '=', kind);
  const rows = await q
    .where('starts_at', '<=', now)
    .where('ends_at', '>', now)
    .orderBy('starts_at', 'desc')
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
