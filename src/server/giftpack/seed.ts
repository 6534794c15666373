import { campaignSeed, fourLanguages as t } from '../campaigns/seed';
import type { Seed } from '../db/seed/seed';

const DAY = 86_400_000;

/**
 * The demo newcomer gift pack (seed 'newcomer-demo-v1'): 7 premium days, 100 Cuvacoins and 10 GB
 * of cloud space for accounts made since it began, in their first 7 days.
 */
export function newcomerDemoSeed(): Seed {
  return campaignSeed('newcomer-demo-v1', (now) => ({
    kind: 'newcomer',
    title: t('Newcomer gift pack', '新人礼包', '新手禮包', 'Pack de bienvenue'),
    rules: t(
      'New members get 7 days of premium, 100 Cuvacoins and 10 GB of cloud space, once.',
      '新用户可领取一次：7 天会员、100 酷币和 10 GB 云空间。',
      '新使用者可領取一次：7 天會員、100 酷幣和 10 GB 雲端空間。',
      "Les nouveaux membres reçoivent une fois 7 jours premium, 100 Cuvacoins et 10 Go d'espace cloud.",
    ),
    startsAt: now - DAY,
    endsAt: now - DAY + 365 * DAY,
    prizes: [
      { kind: 4, name: t('7 days of premium', '7 天会员', '7 天會員', '7 jours premium'), stock: 100_000, weight: 1, value: 7 },
      { kind: 3, name: t('100 Cuvacoins', '100 酷币', '100 酷幣', '100 Cuvacoins'), stock: 100_000, weight: 1, value: 100 },
      {
        kind: 5,
        name: t('10 GB of cloud space', '10 GB 云空间', '10 GB 雲端空間', "10 Go d'espace cloud"),
        stock: 100_000,
        weight: 1,
        value: 10,
      },
    ],
  }));
}

/**
 * The demo gift-code campaign (seed 'giftcode-demo-v1'): premium days, Cuvacoins and cloud space
 * that codes give. It holds no codes: staff make them with `npm run lottery:admin -- codes`
 * (codes are shown once, so a seed could only print them to a log).
 */
export function giftcodeDemoSeed(): Seed {
  return campaignSeed('giftcode-demo-v1', (now) => ({
    kind: 'giftcode',
    title: t('Gift codes', '礼包兑换码', '禮包兌換碼', 'Codes cadeaux'),
    rules: t(
      'Each code can be redeemed once, by one account, before it expires. Codes are not case-sensitive.',
      '每个兑换码仅可由一个账号在有效期内兑换一次，不区分大小写。',
      '每個兌換碼僅可由一個帳號在有效期限內兌換一次，不區分大小寫。',
      "Chaque code s'utilise une fois, par un seul compte, avant son expiration. Les majuscules ne comptent pas.",
    ),
    startsAt: now - DAY,
    endsAt: now - DAY + 365 * DAY,
    prizes: [
      { kind: 4, name: t('30 days of premium', '30 天会员', '30 天會員', '30 jours premium'), stock: 0, weight: 1, value: 30 },
      { kind: 3, name: t('500 Cuvacoins', '500 酷币', '500 酷幣', '500 Cuvacoins'), stock: 0, weight: 1, value: 500 },
      {
        kind: 5,
        name: t('20 GB of cloud space', '20 GB 云空间', '20 GB 雲端空間', "20 Go d'espace cloud"),
        stock: 0,
        weight: 1,
        value: 20,
      },
    ],
  }));
}
