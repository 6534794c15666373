import raffle from '../../../docs/examples/raffle.json';
import { campaignSeed } from '../campaigns/seed';
import type { Seed } from '../db/seed/seed';

const DAY = 86_400_000;

/**
 * The demo raffle (seed 'lottery-demo-v1'): the example campaign of docs/examples/raffle.json
 * (every prize kind and a no-win segment, texts in four languages), checked like the admin API's
 * input, ongoing from a day before the seed runs and lasting 30 days.
 */
export function lotteryDemoSeed(): Seed {
  return campaignSeed('lottery-demo-v1', (now) => ({ ...raffle, startsAt: now - DAY, endsAt: now - DAY + 30 * DAY }));
}
