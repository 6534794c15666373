import collection from '../../../docs/examples/collection.json';
import { campaignSeed } from '../campaigns/seed';
import type { Seed } from '../db/seed/seed';

const DAY = 86_400_000;

/**
 * The demo collection (seed 'collection-demo-v1'): the example campaign of
 * docs/examples/collection.json (five printer-part cards, a filament spool for the set), ongoing
 * from a day before the seed runs for 60 days, alongside the demo check-in, raffle and invite
 * campaigns where its cards are earned.
 */
export function collectionDemoSeed(): Seed {
  return campaignSeed('collection-demo-v1', (now) => ({ ...collection, startsAt: now - DAY, endsAt: now - DAY + 60 * DAY }));
}
