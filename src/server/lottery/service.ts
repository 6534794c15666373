import type { CheckinCampaign } from '../../shared/api/checkin';
import type { CollectionView } from '../../shared/api/collection';
import type { NewcomerOffer } from '../../shared/api/giftpack';
import type { InviteCampaign } from '../../shared/api/invite';
import type { CampaignHead, LotteryDataInfo, LotteryInfo, RaffleLook } from '../../shared/api/lottery';
import type { LandingCampaign } from '../../shared/api/site';
import type { Locale } from '../../shared/i18n';
import { collectionPage } from '../collection/service';
import type { Db } from '../db/database';
import { newcomerOffer } from '../giftpack/newcomer';
import { type Campaign, type CampaignKind, campaignHead, inLanguage, loadCampaign } from './campaign';
import { inviteCampaign } from './referrals';
import { countsBetween, dataInfo } from './reports';
import { lotteryInfo } from './views';

/** What the raffle pages' loaders read on the server: the same views the API answers with. */
export interface LotteryService {
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

export function createLotteryService(db: Db): LotteryService {
  return {
    async page(campaignId, locale) {
      const c = await loadCampaign(db, campaignId);
      if (c?.kind !== 'raffle') return null;
      const [info, data] = await Promise.all([lotteryInfo(db.kysely, c, locale, Date.now()), dataInfo(db, c.id, locale)]);
      return { info, data };
    },
    async checkinPage(campaignId, locale) {
      const now = Date.now();
      const c = await campaignOfKind(db, 'checkin', campaignId, now);
      return c && { ...campaignHead(c, locale, now), rewards: c.settings.checkinRewards };
    },
    async invitePage(campaignId, locale) {
      const now = Date.now();
      const c = await campaignOfKind(db, 'invite', campaignId, now);
      return c && inviteCampaign(db, c, locale, now);
    },
    async giftCodePage(campaignId, locale) {
      const now = Date.now();
      const c = await campaignOfKind(db, 'giftcode', campaignId, now);
      return c && campaignHead(c, locale, now);
    },
    async newcomerPage(locale) {
      const c = await campaignOfKind(db, 'newcomer', null, Date.now());
      return c && newcomerOffer(db, c, null, locale);
    },
    collectionPage: (campaignId, locale) => collectionPage(db, campaignId, locale),
    currentRaffleId: (look = 'wheel') => currentRaffleOf(db, look, Date.now()),
    running: (locale, limit) => runningCampaigns(db, locale, Date.now(), limit),
    isRaffle: async (campaignId) => (await loadCampaign(db, campaignId))?.kind === 'raffle',
    countsBetween: (campaignId, from, to) => countsBetween(db, campaignId, from, to),
  };
}

/** The campaign a page names if it is of this kind, or without an id the one of this kind running now; else null. */
async function campaignOfKind(db: Db, kind: CampaignKind, campaignId: number | null, now: number): Promise<Campaign | null> {
  const id = campaignId ?? (await currentCampaignId(db, kind, now));
  const c = id ? await loadCampaign(db, id) : null;
  return c?.kind === kind ? c : null;
}

/** The campaign of a kind running now (the newest to start), for pages opened without an id. */
async function currentCampaignId(db: Db, kind: CampaignKind, now: number): Promise<number | undefined> {
  return (await runningIds(db, kind, now, 1))[0];
}

/**
 * The running raffle of a look. The look is a setting (stored as JSON), so the running raffles
 * (a handful) are read through the campaign cache and the first of that look is taken.
 */
async function currentRaffleOf(db: Db, look: RaffleLook, now: number): Promise<number | null> {
  for (const id of await runningIds(db, 'raffle', now)) {
    if ((await loadCampaign(db, id))?.settings.look === look) return id;
  }
  return null;
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
async function runningIds(db: Db, kind: CampaignKind | null, now: number, limit = 100): Promise<number[]> {
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
