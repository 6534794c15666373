import { ZCampaignInput } from '../../shared/api/lottery-admin';
import type { Seed } from '../db/seed/seed';
import { insertCampaign } from './admin';

/** A demo campaign seed: `input(now)` checked like the admin API's input, then written. */
export const campaignSeed = (name: string, input: (now: number) => unknown): Seed => ({
  name,
  async run(trx, now) {
    await insertCampaign(trx, ZCampaignInput.parse(input(now)), now);
  },
});

/** A text in the four languages. */
export const fourLanguages = (en: string, cn: string, tw: string, fr: string) => ({ en, 'zh-CN': cn, 'zh-TW': tw, fr });
