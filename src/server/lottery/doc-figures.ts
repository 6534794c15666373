import { isKind, loadCampaign } from '../campaigns/campaign';
import type { CampaignPages } from '../campaigns/pages';
import { parseSettings } from '../campaigns/settings';
import type { Db } from '../db/database';
import type { DocFigures } from '../docs/service';

/**
 * What the premium pages promise about the raffle, from the raffle running now: free draws a day
 * for everyone, and for members with their daily extra. Without a running raffle, the settings a
 * new raffle gets.
 */
export async function raffleDocFigures(db: Db, lottery: Pick<CampaignPages, 'currentRaffleId'>): Promise<DocFigures> {
  const id = await lottery.currentRaffleId();
  const c = id ? await loadCampaign(db, id) : null;
  const settings = isKind(c, 'raffle') ? c.settings : parseSettings('raffle', '{}');
  return {
    raffleFreeDraws: settings.dailyChances,
    raffleMemberDraws: settings.dailyChances + settings.premiumDailyChances,
  };
}
