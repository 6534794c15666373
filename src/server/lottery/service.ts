import type { Kysely } from 'kysely';
import type { LotteryDataInfo, LotteryInfo } from '../../shared/api/lottery';
import type { Locale } from '../../shared/i18n';
import type { Database } from '../db/schema';
import { loadCampaign } from './campaign';
import { dataInfo } from './reports';
import { lotteryInfo } from './views';

/** What the raffle pages' loaders read on the server: the same views the API answers with. */
export interface LotteryService {
  /** The campaign's wheel, rules and state with its public figures; null for an unknown id. */
  page(campaignId: number, locale: Locale): Promise<{ info: LotteryInfo; data: LotteryDataInfo } | null>;
}

export function createLotteryService(db: Kysely<Database>): LotteryService {
  return {
    async page(campaignId, locale) {
      const c = await loadCampaign(db, campaignId);
      if (!c) return null;
      const [info, data] = await Promise.all([lotteryInfo(db, c, locale, Date.now()), dataInfo(db, c.id, locale)]);
      return { info, data };
    },
  };
}
