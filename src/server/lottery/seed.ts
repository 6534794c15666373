import raffle from '../../../docs/examples/raffle.json';
import { ZCampaignInput } from '../../shared/api/lottery-admin';
import type { Seed } from '../db/seed/seed';
import { insertCampaign } from './admin';

const DAY = 86_400_000;

/**
 * The demo raffle (seed 'lottery-demo-v1'): the example campaign of docs/examples/raffle.json
 * (every prize kind and a no-win segment, texts in four languages), checked like the admin API's
 * input, ongoing from a day before the seed runs and lasting 30 days.
 */
export function lotteryDemoSeed(): Seed {
  return {
    name: 'lottery-demo-v1',
    async run(trx, now) {
      const input = ZCampaignInput.parse({ ...raffle, startsAt: now - DAY, endsAt: now - DAY + 30 * DAY });
      await insertCampaign(trx, input, now);
    },
  };
}
