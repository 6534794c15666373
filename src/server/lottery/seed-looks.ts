import { campaignSeed } from '../campaigns/seed';
import type { Seed } from '../db/seed/seed';

const DAY = 86_400_000;

/** A text in the four languages. */
const t = (en: string, cn: string, tw: string, fr: string) => ({ en, 'zh-CN': cn, 'zh-TW': tw, fr });

/**
 * The demo blind box (seed 'blind-box-demo-v1', shown at `/blind-box` and `/blind-box-new`): a
 * raffle in the box look where every box holds a prize, ongoing for 30 days from the day before
 * the seed runs. The odds in its rules are the prizes' weights below.
 */
export function blindBoxDemoSeed(): Seed {
  return campaignSeed('blind-box-demo-v1', (now) => ({
    title: t("Maker's blind box", '创客盲盒', '創客盲盒', 'Boîte mystère du maker'),
    rules: t(
      '1. Every member opens 1 free box a day, premium members 1 more; inviting a friend or sharing the event earns extra boxes, and 100 Cuvacoins buy one more.\n2. Every box holds a prize: painted resin mini figure 20%, 50 Cuvacoins 50%, 3 days of premium 20%, 5 GB of cloud space 10%.\n3. Cuvacoins, premium days and cloud space are credited at once; figures ship within 7 working days after the event ends.',
      '1. 每位会员每天可免费开启 1 个盲盒，高级会员每天再加 1 个；邀请好友或分享活动可获得更多盲盒，100 酷币可兑换 1 个。\n2. 每个盲盒都有奖品：手绘树脂手办 20%，50 酷币 50%，3 天高级会员 20%，5 GB 云空间 10%。\n3. 酷币、高级会员天数和云空间即时到账；手办在活动结束后 7 个工作日内寄出。',
      '1. 每位會員每天可免費開啟 1 個盲盒，進階會員每天再加 1 個；邀請好友或分享活動可獲得更多盲盒，100 酷幣可兌換 1 個。\n2. 每個盲盒都有獎品：手繪樹脂公仔 20%，50 酷幣 50%，3 天進階會員 20%，5 GB 雲端空間 10%。\n3. 酷幣、進階會員天數與雲端空間即時入帳；公仔於活動結束後 7 個工作天內寄出。',
      "1. Chaque membre ouvre 1 boîte gratuite par jour, les membres premium 1 de plus ; inviter un ami ou partager l'événement donne des boîtes supplémentaires, et 100 Cuvacoins en achètent une.\n2. Chaque boîte contient un lot : figurine en résine peinte 20 %, 50 Cuvacoins 50 %, 3 jours premium 20 %, 5 Go d'espace cloud 10 %.\n3. Les Cuvacoins, les jours premium et l'espace cloud sont crédités aussitôt ; les figurines sont expédiées dans les 7 jours ouvrés suivant la fin de l'événement.",
    ),
    startsAt: now - DAY,
    endsAt: now - DAY + 30 * DAY,
    noWinWeight: 0,
    settings: { look: 'box' },
    prizes: [
      {
        kind: 1,
        name: t('Painted resin mini figure', '手绘树脂手办', '手繪樹脂公仔', 'Figurine en résine peinte'),
        stock: 200,
        weight: 20,
        perUserCap: 1,
      },
      { kind: 3, name: t('50 Cuvacoins', '50 酷币', '50 酷幣', '50 Cuvacoins'), stock: 100_000, weight: 50, value: 50 },
      { kind: 4, name: t('3 days of premium', '3 天高级会员', '3 天進階會員', '3 jours premium'), stock: 100_000, weight: 20, value: 3 },
      {
        kind: 5,
        name: t('5 GB of cloud space', '5 GB 云空间', '5 GB 雲端空間', "5 Go d'espace cloud"),
        stock: 100_000,
        weight: 10,
        value: 5,
      },
    ],
  }));
}

/**
 * The demo happy planet (seed 'happy-planet-demo-v1', shown at `/happy-planet`): a raffle in the
 * planet look with a no-win share, ongoing for 30 days from the day before the seed runs.
 */
export function happyPlanetDemoSeed(): Seed {
  return campaignSeed('happy-planet-demo-v1', (now) => ({
    title: t('Happy Planet', '快乐星球', '快樂星球', 'Planète joyeuse'),
    rules: t(
      '1. Every member launches the planet once a day for free, premium members once more; inviting a friend or sharing the event earns extra launches, and 100 Cuvacoins buy one more.\n2. Odds per launch: glow-in-the-dark PLA spool 2%, 100 Cuvacoins 30%, 7 days of premium 10%, 10 GB of cloud space 8%; no prize 50%.\n3. Cuvacoins, premium days and cloud space are credited at once; spools ship within 7 working days after the event ends.',
      '1. 每位会员每天可免费启动星球 1 次，高级会员每天再加 1 次；邀请好友或分享活动可获得额外次数，100 酷币可兑换 1 次。\n2. 每次启动的中奖概率：夜光 PLA 耗材 2%，100 酷币 30%，7 天高级会员 10%，10 GB 云空间 8%；未中奖 50%。\n3. 酷币、高级会员天数和云空间即时到账；耗材在活动结束后 7 个工作日内寄出。',
      '1. 每位會員每天可免費啟動星球 1 次，進階會員每天再加 1 次；邀請好友或分享活動可獲得額外次數，100 酷幣可兌換 1 次。\n2. 每次啟動的中獎機率：夜光 PLA 線材 2%，100 酷幣 30%，7 天進階會員 10%，10 GB 雲端空間 8%；未中獎 50%。\n3. 酷幣、進階會員天數與雲端空間即時入帳；線材於活動結束後 7 個工作天內寄出。',
      "1. Chaque membre lance la planète une fois par jour gratuitement, les membres premium une fois de plus ; inviter un ami ou partager l'événement donne des lancers supplémentaires, et 100 Cuvacoins en achètent un.\n2. Chances par lancer : bobine de PLA phosphorescent 2 %, 100 Cuvacoins 30 %, 7 jours premium 10 %, 10 Go d'espace cloud 8 % ; aucun lot 50 %.\n3. Les Cuvacoins, les jours premium et l'espace cloud sont crédités aussitôt ; les bobines sont expédiées dans les 7 jours ouvrés suivant la fin de l'événement.",
    ),
    startsAt: now - DAY,
    endsAt: now - DAY + 30 * DAY,
    noWinWeight: 50,
    settings: { look: 'planet' },
    prizes: [
      {
        kind: 1,
        name: t('Glow-in-the-dark PLA spool', '夜光 PLA 耗材', '夜光 PLA 線材', 'Bobine de PLA phosphorescent'),
        stock: 50,
        weight: 2,
        perUserCap: 1,
      },
      { kind: 3, name: t('100 Cuvacoins', '100 酷币', '100 酷幣', '100 Cuvacoins'), stock: 100_000, weight: 30, value: 100 },
      { kind: 4, name: t('7 days of premium', '7 天高级会员', '7 天進階會員', '7 jours premium'), stock: 100_000, weight: 10, value: 7 },
      {
        kind: 5,
        name: t('10 GB of cloud space', '10 GB 云空间', '10 GB 雲端空間', "10 Go d'espace cloud"),
        stock: 100_000,
        weight: 8,
        value: 10,
      },
    ],
  }));
}
