import type { Locale } from '../../shared/i18n';
import type { CampaignKindModule } from '../campaigns/kinds';
import type { Db } from '../db/database';
import { grantCollectionCards } from './cards';
import { forgetCollections, runningCollections } from './running';
import { collectionPage } from './service';

/** Collections: a card for each check-in, draw or bound friend; a complete set is exchanged for a prize. */
export const collectionKind = {
  kind: 'collection',
  pages: (db: Db) => ({
    collectionPage: (campaignId: number | null, locale: Locale) => collectionPage(db, campaignId, locale),
  }),
  hooks: {
    earned: grantCollectionCards,
    earnsNow: async (db, now) => (await runningCollections(db, db.kysely, now)).length > 0,
    // A new or changed collection deals cards from its start on this process at once (others within seconds).
    campaignChanged: (db) => forgetCollections(db),
  },
} satisfies CampaignKindModule<'collection'>;
