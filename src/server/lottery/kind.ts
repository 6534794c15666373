import type { RaffleLook } from '../../shared/api/lottery';
import type { Locale } from '../../shared/i18n';
import { isKind, loadCampaign } from '../campaigns/campaign';
import type { CampaignKindModule } from '../campaigns/kinds';
import { runningIds } from '../campaigns/pages';
import { dataInfo } from '../campaigns/reports';
import type { Db } from '../db/database';
import { forgetOwedChecks } from './owed';
import { lotteryInfo } from './views';

/** Raffles (the wheel, the blind box, the planet): chances drawn for prizes. */
export const raffleKind = {
  kind: 'raffle',
  pages: (db: Db) => ({
    async page(campaignId: number, locale: Locale) {
      const c = await loadCampaign(db, campaignId);
      if (!isKind(c, 'raffle')) return null;
      const [info, data] = await Promise.all([lotteryInfo(db.kysely, c, locale, Date.now()), dataInfo(db, c.id, locale)]);
      return { info, data };
    },
    currentRaffleId: (look: RaffleLook = 'wheel') => currentRaffleOf(db, look, Date.now()),
    isRaffle: async (campaignId: number) => (await loadCampaign(db, campaignId))?.kind === 'raffle',
  }),
  hooks: {
    // Premium given or taken: the daily chances owed to the member are looked at again.
    async accountChanged(db, change) {
      if (change.premium) forgetOwedChecks(db, change.userId);
    },
  },
} satisfies CampaignKindModule<'raffle'>;

/**
 * The running raffle of a look. The look is a setting (stored as JSON), so the running raffles
 * (a handful) are read through the campaign cache and the first of that look is taken.
 */
async function currentRaffleOf(db: Db, look: RaffleLook, now: number): Promise<number | null> {
  for (const id of await runningIds(db, 'raffle', now)) {
    const c = await loadCampaign(db, id);
    if (isKind(c, 'raffle') && c.settings.look === look) return id;
  }
  return null;
}
