import raffle from '../../../docs/examples/raffle.json';
import { campaignSeed } from '../campaigns/seed';
import type { Seed } from '../db/seed/seed';

const DAY = 86_400_000;

/** A text in the four languages. */
const t = (en: string, cn: string, tw: string, fr: string) => ({ en, 'zh-CN': cn, 'zh-TW': tw, fr });

/**
 * The demo raffle (seed 'lottery-demo-v1'): the example campaign of docs/examples/raffle.json
 * (every prize kind and a no-win segment, texts in four languages), checked like the admin API's
 * input, ongoing from a day before the seed runs and lasting 30 days.
 */
export function lotteryDemoSeed(): Seed {
  return campaignSeed('lottery-demo-v1', (now) => ({ ...raffle, startsAt: now - DAY, endsAt: now - DAY + 30 * DAY }));
}

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

/** The demo invite-friends campaign (seed 'invite-demo-v1'): 100 Cuvacoins a friend, released at level 2. */
export function inviteDemoSeed(): Seed {
  return campaignSeed('invite-demo-v1', (now) => ({
    kind: 'invite',
    title: t('Invite friends, earn Cuvacoins', '邀请好友赚酷币', '邀請好友賺酷幣', 'Invitez vos amis, gagnez des Cuvacoins'),
    rules: t(
      '1. Each friend who signs up with your link earns you 100 Cuvacoins, released when they reach user level 2.\n2. Only new accounts count, one per phone, and each friend counts for their first referrer only.\n3. Coins still pending when the event ends expire; breaking the rules blocks your account and expires your coins.',
      '1. 每位通过您的链接注册的好友可为您赚取 100 酷币，好友达到用户等级 2 后发放。\n2. 仅新账号有效，每台手机限一个，每位好友只计入第一位邀请人。\n3. 活动结束时仍待发放的酷币将失效；违规将封禁账号并使酷币失效。',
      '1. 每位透過您的連結註冊的朋友可為您賺取 100 酷幣，朋友達到使用者等級 2 後發放。\n2. 僅新帳號有效，每支手機限一個，每位朋友只計入第一位邀請人。\n3. 活動結束時仍待發放的酷幣將失效；違規將停權帳號並使酷幣失效。',
      "1. Chaque ami qui s'inscrit avec votre lien vous rapporte 100 Cuvacoins, débloqués quand il atteint le niveau 2.\n2. Seuls les nouveaux comptes comptent, un par téléphone, et chaque ami ne compte que pour son premier parrain.\n3. Les Cuvacoins encore en attente à la fin de l'événement expirent ; enfreindre les règles bloque votre compte et fait expirer vos Cuvacoins.",
    ),
    startsAt: now - DAY,
    endsAt: now - DAY + 90 * DAY,
    settings: { inviteCoins: 100, releaseLevel: 2 },
  }));
}

/**
 * The demo "invite with gifts" campaign (seed 'invite-tiers-demo-v1', shown at
 * `/invite-politely/<id>`): 50 Cuvacoins a friend plus three reward tiers. It starts a day before
 * the plain invite campaign, so pages opened without an id keep showing that one.
 */
export function inviteTiersDemoSeed(): Seed {
  return campaignSeed('invite-tiers-demo-v1', (now) => ({
    kind: 'invite',
    title: t('Invite friends, win gifts', '邀请有礼', '邀請有禮', 'Invitez vos amis, gagnez des cadeaux'),
    rules: t(
      '1. Each friend who signs up with your link earns you 50 Cuvacoins once they reach user level 2; such friends are qualified.\n2. With 1, 3 or 5 qualified friends you can claim a reward tier. You claim one reward per event, and claiming ends your inviting.\n3. Physical prizes ship within 7 working days after the event ends.',
      '1. 每位通过您的链接注册并达到用户等级 2 的好友为达标好友，可为您赚取 50 酷币。\n2. 达标好友达到 1、3 或 5 位即可领取对应档位奖励。每次活动限领一个奖励，领取后邀请即结束。\n3. 实物奖品在活动结束后 7 个工作日内发货。',
      '1. 每位透過您的連結註冊並達到用戶等級 2 的好友為達標好友，可為您賺取 50 酷幣。\n2. 達標好友達到 1、3 或 5 位即可領取對應檔位獎勵。每次活動限領一個獎勵，領取後邀請即結束。\n3. 實體獎品在活動結束後 7 個工作天內出貨。',
      "1. Chaque ami qui s'inscrit avec votre lien et atteint le niveau 2 est qualifié et vous rapporte 50 Cuvacoins.\n2. Avec 1, 3 ou 5 amis qualifiés, vous pouvez réclamer un palier. Une récompense par événement : la réclamer met fin à vos invitations.\n3. Les cadeaux physiques sont expédiés sous 7 jours ouvrés après la fin de l'événement.",
    ),
    startsAt: now - 2 * DAY,
    endsAt: now - 2 * DAY + 90 * DAY,
    settings: { inviteCoins: 50, releaseLevel: 2, inviteTiers: [1, 3, 5] },
    prizes: [
      { kind: 4, name: t('7 days of premium', '7 天会员', '7 天會員', '7 jours premium'), stock: 10_000, weight: 1, value: 7 },
      { kind: 3, name: t('500 Cuvacoins', '500 酷币', '500 酷幣', '500 Cuvacoins'), stock: 5_000, weight: 1, value: 500 },
      { kind: 1, name: t('A 1 kg spool of PLA', '1 kg PLA 耗材', '1 kg PLA 線材', 'Une bobine de PLA de 1 kg'), stock: 200, weight: 1 },
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
