import collection from '../../../docs/examples/collection.json';
import { ZCampaignInput } from '../../shared/api/lottery-admin';
import type { Seed } from '../db/seed/seed';
import { insertCampaign } from '../lottery/admin';

const DAY = 86_400_000;

/**
 * The demo collection (seed 'collection-demo-v1'): the example campaign of
 * docs/examples/collection.json (five printer-part cards, a filament spool for the set), ongoing
 * from a day before the seed runs for 60 days, alongside the demo check-in, raffle and invite
 * campaigns where its cards are earned.
 */
export function collectionDemoSeed(): Seed {
  return {
    name: 'collection-demo-v1',
    async run(trx, now) {
      const input = ZCampaignInput.parse({ ...collection, startsAt: now - DAY, endsAt: now - DAY + 60 * DAY });
      await insertCampaign(trx, input, now);
    },
  };
}
