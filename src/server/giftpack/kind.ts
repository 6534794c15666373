import type { Locale } from '../../shared/i18n';
import { campaignHead } from '../campaigns/campaign';
import type { CampaignKindModule } from '../campaigns/kinds';
import { campaignOfKind } from '../campaigns/pages';
import type { Db } from '../db/database';
import { newcomerOffer } from './newcomer';

/** Gift codes: a printed or sent code gives one unit of a prize. */
export const giftcodeKind = {
  kind: 'giftcode',
  pages: (db: Db) => ({
    async giftCodePage(campaignId: number | null, locale: Locale) {
      const now = Date.now();
      const c = await campaignOfKind(db, 'giftcode', campaignId, now);
      return c && campaignHead(c, locale, now);
    },
  }),
} satisfies CampaignKindModule<'giftcode'>;

/** The newcomer gift pack: every prize of the campaign, once, for a new account. */
export const newcomerKind = {
  kind: 'newcomer',
  pages: (db: Db) => ({
    async newcomerPage(locale: Locale) {
      const c = await campaignOfKind(db, 'newcomer', null, Date.now());
      return c && newcomerOffer(db, c, null, locale);
    },
  }),
} satisfies CampaignKindModule<'newcomer'>;
