import { describe, expect, it } from 'vitest';
import { runSeeds } from '../../src/server/db/seed/seed';
import { lotteryDemoSeed } from '../../src/server/lottery/seed';
import { blindBoxDemoSeed, happyPlanetDemoSeed } from '../../src/server/lottery/seed-looks';
import { ENGINES } from '../helpers/app';
import { makeCampaign } from '../helpers/lottery';
import { appSuite } from '../helpers/suite';

const DAY = 86_400_000;

/** Draw pages opened without an id show the raffle of their look running now (the wheel, blind boxes, the planet). */
describe.each(ENGINES)('the running raffle of a look on %s', (engine) => {
  const suite = appSuite(engine);
  const lottery = () => suite.t.app.services.lottery;

  it('is none before any runs, then the demo seed gives every look its own', async () => {
    expect(await lottery().currentRaffleId('box')).toBeNull();
    expect(await lottery().currentRaffleId('planet')).toBeNull();

    await runSeeds(suite.t.db.kysely, [lotteryDemoSeed(), blindBoxDemoSeed(), happyPlanetDemoSeed()]);
    const wheel = await lottery().currentRaffleId();
    const box = await lottery().currentRaffleId('box');
    const planet = await lottery().currentRaffleId('planet');
    expect(new Set([wheel, box, planet]).size).toBe(3);

    const boxPage = await lottery().page(box ?? 0, 'fr');
    expect(boxPage?.info).toMatchObject({ title: 'Boîte mystère du maker', state: 'ongoing' });
    // Every box holds a prize: the odds its rules publish, and no share for "no prize".
    expect(boxPage?.info.segments.map((s) => s.oddsPercent)).toEqual([20, 50, 20, 10, 0]);
    const planetPage = await lottery().page(planet ?? 0, 'zh-TW');
    expect(planetPage?.info.title).toBe('快樂星球');
    expect(planetPage?.info.segments.map((s) => s.oddsPercent)).toEqual([2, 30, 10, 8, 50]);
    expect((await lottery().page(wheel ?? 0, 'en'))?.info.title).toBe('Winter Print Raffle');
  });

  it('is the newest running raffle of that look: not one ended, not one yet to start, not one of another look', async () => {
    const now = Date.now();
    const box = (startsAt: number, endsAt: number) =>
      makeCampaign(suite.t.db.kysely, {
        startsAt,
        endsAt,
        settings: { look: 'box' },
        prizes: [{ kind: 3, stock: 9, weight: 1, value: 5 }],
      });
    await box(now - 10 * DAY, now - DAY);
    await box(now + DAY, now + 9 * DAY);
    const newest = await box(now - DAY / 2, now + DAY);
    await makeCampaign(suite.t.db.kysely, {
      startsAt: now - DAY / 4,
      endsAt: now + DAY,
      prizes: [{ kind: 3, stock: 9, weight: 1, value: 5 }],
    });
    expect(await lottery().currentRaffleId('box')).toBe(newest.campaignId);
  });
});
