import type { Locale } from '../../shared/i18n';
import type { CampaignKindModule } from '../campaigns/kinds';
import { campaignOfKind } from '../campaigns/pages';
import type { Db } from '../db/database';
import { advanceReferrals, inviteCampaign } from './referrals';

/** Invite friends: coins per friend who reaches a level, and reward tiers. */
export const inviteKind = {
  kind: 'invite',
  pages: (db: Db) => ({
    async invitePage(campaignId: number | null, locale: Locale) {
      const now = Date.now();
      const c = await campaignOfKind(db, 'invite', campaignId, now);
      return c && inviteCampaign(db, c, locale, now);
    },
  }),
  hooks: {
    // Invite coins wait on the friend's level and the referrer's standing: this user's move at
    // once instead of at the job's next run.
    async accountChanged(db, change, now) {
      if (change.levelOrStanding) await advanceReferrals(db, now, change.userId);
    },
  },
} satisfies CampaignKindModule<'invite'>;
