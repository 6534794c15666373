import { campaignSeed } from '../campaigns/seed';
import type { Seed } from '../db/seed/seed';

const DAY = 86_400_000;

/**
 * The demo daily check-in (seed 'checkin-demo-v1'): a 7-day reward cycle in Cuvacoins, ongoing for
 * 60 days from the day before the seed runs.
 */
export function checkinDemoSeed(): Seed {
  const texts = {
    title: { en: 'Daily check-in', 'zh-CN': '每日签到', 'zh-TW': '每日簽到', fr: 'Pointage quotidien' },
    rules: {
      en: '1. Check in once a day to earn Cuvacoins; days count in your time zone.\n2. Check in several days in a row for bigger rewards: day 3 and day 6 pay 20, day 7 pays 50. Then the week starts again.\n3. Missing a day starts your streak again from day 1.',
      'zh-CN':
        '1. 每天签到一次即可获得酷币，日期按您所在时区计算。\n2. 连续签到奖励更多：第 3 天和第 6 天各得 20，第 7 天得 50，之后重新开始一周。\n3. 中断一天，连续天数将从第 1 天重新计算。',
      'zh-TW':
        '1. 每天簽到一次即可獲得酷幣，日期依您所在時區計算。\n2. 連續簽到獎勵更多：第 3 天和第 6 天各得 20，第 7 天得 50，之後重新開始一週。\n3. 中斷一天，連續天數將從第 1 天重新計算。',
      fr: "1. Pointez une fois par jour pour gagner des Cuvacoins ; les jours suivent votre fuseau horaire.\n2. Pointez plusieurs jours d'affilée pour gagner plus : 20 les 3e et 6e jours, 50 le 7e. Puis la semaine recommence.\n3. Un jour manqué fait repartir la série du jour 1.",
    },
  };
  return campaignSeed('checkin-demo-v1', (now) => ({
    kind: 'checkin',
    ...texts,
    startsAt: now - DAY,
    endsAt: now - DAY + 60 * DAY,
    prizes: [],
  }));
}
