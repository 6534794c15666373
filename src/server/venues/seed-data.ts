import type { TPrinter } from '../../shared/api/venues';

/** A text in the four languages. */
const t = (en: string, cn: string, tw: string, fr: string) => ({ en, 'zh-CN': cn, 'zh-TW': tw, fr });

export interface DemoVenue {
  slug: string;
  wechatPath?: string;
  name: ReturnType<typeof t>;
  place: ReturnType<typeof t>;
  printers: TPrinter[];
  /** The venue's giveaway, the physical prize its staff hand over at the stand. */
  gift: ReturnType<typeof t>;
}

/** The four venues (hx08 is the resin printer venue, with `/wechat-resin/…`). */
export const DEMO_VENUES: DemoVenue[] = [
  {
    slug: 'cd16',
    name: t(
      'Creality Cloud at Chengdu Maker Week',
      '创想云 · 成都创客周',
      '創想雲 · 成都創客週',
      'Creality Cloud à la Maker Week de Chengdu',
    ),
    place: t(
      'Chengdu Century City Convention Center, Hall 16',
      '成都世纪城新国际会展中心 16 号馆',
      '成都世紀城新國際會展中心 16 號館',
      'Centre des congrès Century City de Chengdu, hall 16',
    ),
    printers: [
      { name: 'K1C', model: 'Creality K1C' },
      { name: 'Ender-3 V3', model: 'Creality Ender-3 V3' },
    ],
    gift: t('Printed Chengdu panda keychain', '打印版成都熊猫钥匙扣', '列印版成都熊貓鑰匙圈', 'Porte-clés panda de Chengdu imprimé'),
  },
  {
    slug: 'tct',
    name: t('Creality Cloud at TCT Asia', '创想云 · TCT 亚洲展', '創想雲 · TCT 亞洲展', 'Creality Cloud au salon TCT Asia'),
    place: t(
      'National Exhibition and Convention Center, Shanghai',
      '上海国家会展中心',
      '上海國家會展中心',
      'Centre national des expositions et des congrès, Shanghai',
    ),
    printers: [
      { name: 'K2 Plus Combo', model: 'Creality K2 Plus' },
      { name: 'K1 Max', model: 'Creality K1 Max' },
    ],
    gift: t('A 1 kg spool of Hyper PLA', '1 kg Hyper PLA 耗材', '1 kg Hyper PLA 線材', 'Une bobine de 1 kg de Hyper PLA'),
  },
  {
    slug: 'sz12',
    name: t(
      'Creality Cloud at Shenzhen Maker Faire',
      '创想云 · 深圳创客嘉年华',
      '創想雲 · 深圳創客嘉年華',
      'Creality Cloud à la Maker Faire de Shenzhen',
    ),
    place: t(
      'Shenzhen Convention Center, Booth 12',
      '深圳会展中心 12 号展位',
      '深圳會展中心 12 號攤位',
      'Centre des congrès de Shenzhen, stand 12',
    ),
    printers: [
      { name: 'Hi Combo', model: 'Creality Hi' },
      { name: 'Ender-3 V3 SE', model: 'Creality Ender-3 V3 SE' },
    ],
    gift: t('Printed flexi dragon', '打印版可动小龙', '列印版可動小龍', 'Dragon articulé imprimé'),
  },
  {
    slug: 'hx08',
    wechatPath: 'resin',
    name: t(
      'Creality Resin Printing Lab',
      '创想三维光固化打印体验馆',
      '創想三維光固化列印體驗館',
      "Laboratoire d'impression résine Creality",
    ),
    place: t(
      'Creality Experience Center, Room 08',
      '创想三维体验中心 08 室',
      '創想三維體驗中心 08 室',
      'Centre d’expérience Creality, salle 08',
    ),
    printers: [
      { name: 'HALOT-MAGE S 14K', model: 'Creality HALOT-MAGE S' },
      { name: 'HALOT-R6', model: 'Creality HALOT-R6' },
    ],
    gift: t('Resin-printed miniature figure', '光固化打印手办', '光固化列印公仔', 'Figurine imprimée en résine'),
  },
];

/** The rules of every venue raffle (the gift is named in the prize list shown beside them). */
export const VENUE_RAFFLE_RULES = t(
  '1. Every visitor gets 2 free draws a day at the venue; sharing the event earns one more.\n2. Physical prizes are handed over at the stand: show the QR code of your prize in My prizes to the staff.\n3. Cuvacoins are credited at once.',
  '1. 每位到场观众每天可免费抽奖 2 次，分享活动可再得 1 次。\n2. 实物奖品在展位现场领取：在“我的奖品”中向工作人员出示奖品二维码。\n3. 酷币即时到账。',
  '1. 每位到場觀眾每天可免費抽獎 2 次，分享活動可再得 1 次。\n2. 實體獎品於攤位現場領取：在「我的獎品」中向工作人員出示獎品 QR 碼。\n3. 酷幣即時入帳。',
  "1. Chaque visiteur a 2 tirages gratuits par jour sur place ; partager l'événement en donne un de plus.\n2. Les lots physiques se retirent au stand : montrez au personnel le QR code de votre lot dans Mes lots.\n3. Les Cuvacoins sont crédités aussitôt.",
);

export const COINS_PRIZE = t('50 Cuvacoins', '50 酷币', '50 酷幣', '50 Cuvacoins');
