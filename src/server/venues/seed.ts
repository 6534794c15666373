import { ZCampaignInput } from '../../shared/api/lottery-admin';
import { ZVenueInput } from '../../shared/api/venues';
import { insertCampaign } from '../campaigns/admin';
import { createContentService } from '../content/service';
import type { FileStorage } from '../content/storage';
import type { Seed } from '../db/seed/seed';
import { COINS_PRIZE, DEMO_VENUES, VENUE_RAFFLE_RULES } from './seed-data';
import { insertVenue } from './store';

/** The demo venues are all in mainland China: their days and their raffle's run on its time. */
const VENUE_ZONE = 'Asia/Shanghai';

const DAY = 86_400_000;

/**
 * The demo venues (seed 'venues-demo-v1'): cd16, tct, sz12 and hx08 (the resin venue), each with
 * its own raffle made by the lottery admin code (the venue's gift at the stand, Cuvacoins, a
 * no-win segment), ongoing for 60 days from the day before the seed runs. Their laboratories show
 * the demo library's models, read through the content service; it runs after the content seed.
 */
export function venuesDemoSeed(files: FileStorage): Seed {
  return {
    name: 'venues-demo-v1',
    async run(trx, now) {
      const content = createContentService(trx, files);
      const found = await Promise.all([1, 2, 3, 4].map((id) => content.model(id)));
      const samples = found.flatMap((m) => (m ? [Number(m.id)] : []));
      const startsAt = now - DAY;
      const endsAt = startsAt + 60 * DAY;
      for (const { gift, ...venue } of DEMO_VENUES) {
        const campaignId = await insertCampaign(
          trx,
          ZCampaignInput.parse({
            title: venue.name,
            rules: VENUE_RAFFLE_RULES,
            startsAt,
            endsAt,
            noWinWeight: 50,
            settings: { dailyChances: 2, premiumDailyChances: 0, shareChances: 1, shareDailyCap: 1, timeZone: VENUE_ZONE },
            prizes: [
              { kind: 1, name: gift, stock: 300, weight: 20, perUserCap: 1 },
              { kind: 3, name: COINS_PRIZE, stock: 10_000, weight: 30, value: 50 },
            ],
          }),
          now,
        );
        const input = ZVenueInput.parse({ ...venue, startsAt, endsAt, timeZone: VENUE_ZONE, samples, campaignId });
        await insertVenue(trx, input, now);
      }
    },
  };
}
