import type { Db } from '../db/database';
import type { DocFigures } from '../docs/service';
import { loadCampaign } from './campaign';
import type { LotteryService } from './service';
import { ZCampaignSettings } from './settings';

/**
 * What the premium pages promise about the raffle, from the raffle running now: free draws a day
 * for everyone, and for members with their daily extra. Without a running raffle, the settings a
 * new raffle gets.
 */
export async function raffleDocFigures(db: Db, lottery: Pick<LotteryService, 'currentRaffleId'>): Promise<DocFigures> {
  const id = await lottery.currentRaffleId();
  const settings = (id ? await loadCampaign(db, id) : null)?.settings ?? ZCampaignSettings.parse({});
  return {
    raffleFreeDraws: settings.dailyChances,
    raffleMemberDraws: settings.dailyChances + settings.premiumDailyChances,
  };
}
