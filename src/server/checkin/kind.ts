import type { Locale } from '../../shared/i18n';
import { campaignHead } from '../campaigns/campaign';
import type { CampaignKindModule } from '../campaigns/kinds';
import { campaignOfKind } from '../campaigns/pages';
import type { Db } from '../db/database';

/** Daily check-in: coins for each day of a streak. */
export const checkinKind = {
  kind: 'checkin',
  pages: (db: Db) => ({
    async checkinPage(campaignId: number | null, locale: Locale) {
      const now = Date.now();
      const c = await campaignOfKind(db, 'checkin', campaignId, now);
      return c && { ...campaignHead(c, locale, now), rewards: c.settings.checkinRewards };
    },
  }),
} satisfies CampaignKindModule<'checkin'>;
