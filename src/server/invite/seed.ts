import { campaignSeed, fourLanguages as t } from '../campaigns/seed';
import type { Seed } from '../db/seed/seed';

const DAY = 86_400_000;

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
