import type { CampaignHead, CampaignStateName } from '../../shared/api/lottery';
import type { TCampaignKind } from '../../shared/api/lottery-admin';
import type { Locale } from '../../shared/i18n';
import { StampedCache } from '../db/change-stamp';
import { prepared } from '../db/prepared';
import type { Tx } from './ledger';
import { type CampaignSettings, parseSettings } from './settings';

/** Spec §1/§9 campaign states as the page shows them. */
export type CampaignState = CampaignStateName;

/** The campaign families on the one campaign model (ARCHITECTURE: "Campaign families"). */
export type CampaignKind = TCampaignKind;

export interface Campaign {
  id: number;
  kind: CampaignKind;
  channel: number;
  title: Record<string, string>;
  rules: Record<string, string>;
  startsAt: number;
  endsAt: number;
  restocking: boolean;
  noWinWeight: number;
  settings: CampaignSettings;
}

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
const campaignById = prepared((db, p: { campaignId: number }) =>
  db.selectFrom('lottery_campaigns').selectAll().where('id', '=', p.campaignId),
);

/**
 * Every campaign call loads its campaign, and a campaign's row is large (its texts in four
 * languages): on the embedded engine it is read again only when the table has changed since
 * (db/change-stamp.ts). The campaign is frozen: every caller shares it.
 */
const campaigns = new StampedCache<number, Campaign | null>('lottery_campaigns');

export function loadCampaign(trx: Tx, campaignId: number): Promise<Campaign | null> {
  return campaigns.get(trx, campaignId, async () => {
    const [c] = (await campaignById(trx, { campaignId })).rows;
    if (!c) return null;
    return Object.freeze({
      id: c.id,
      kind: c.kind as CampaignKind,
      channel: c.channel,
      title: Object.freeze(JSON.parse(c.title) as Record<string, string>),
      rules: Object.freeze(JSON.parse(c.rules) as Record<string, string>),
      startsAt: c.starts_at,
      endsAt: c.ends_at,
      restocking: c.restocking === 1,
      noWinWeight: c.no_win_weight,
      settings: parseSettings(c.settings),
    });
  });
}
