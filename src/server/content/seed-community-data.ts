import { Gender } from '../../shared/enums';
import type { Slug } from './demo-library';

/**
 * What the demo community says (seed-community.ts writes it): members, topics, the circle, posts
 * with their comments, and who liked or collected what. Times are hours before the seed runs; the
 * demo models were published 4 (cube), 3 (vase), 2 (bracket) and 1 (hex key holder) days before.
 */

/** The demo library's makers (lin, sam, camille) and the members this seed adds. */
export type Who = 'lin' | 'sam' | 'camille' | 'official' | 'yichun' | 'lucas';
export type ImageKey =
  | 'timelapse'
  | 'poster'
  | 'cover'
  | 'bannerVase'
  | 'bannerBracket'
  | 'bannerCube'
  | 'cubeRed'
  | 'cubeOrange'
  | 'cubeBlack'
  | 'bracketGrey'
  | 'bracketWood'
  | 'vaseOcean'
  | 'holderYellow';
/** The community's images, by the name each is kept under (content/demo) and served as. */
export const DEMO_IMAGES: Record<ImageKey, { name: string; kind?: 'video'; mime?: string }> = {
  timelapse: { name: 'twisted-vase-timelapse.png', kind: 'video', mime: 'image/apng' },
  poster: { name: 'twisted-vase-timelapse-poster.png' },
  cover: { name: 'circle-cover.png' },
  bannerVase: { name: 'banner-vase-week.png' },
  bannerBracket: { name: 'banner-workshop-guide.png' },
  bannerCube: { name: 'banner-filament-calculator.png' },
  cubeRed: { name: 'calibration-cube-red.png' },
  cubeOrange: { name: 'calibration-cube-2.png' },
  cubeBlack: { name: 'calibration-cube-3.png' },
  bracketGrey: { name: 'equerres-1.png' },
  bracketWood: { name: 'equerres-2.png' },
  vaseOcean: { name: 'vase-ocean-blue.png' },
  holderYellow: { name: 'hex-key-holder-v2.png' },
};
export type TopicKey = 'calibration' | 'vase';

export interface Said {
  readonly by: Who;
  readonly hoursAgo: number;
  readonly body: string;
}
/** A comment and the replies under it, oldest first. */
export interface Thread extends Said {
  readonly replies?: readonly Said[];
}

export const USERS = [
  {
    who: 'official',
    joinedDaysAgo: 400,
    row: {
      nickname: 'Creality Cloud',
      locale: 'en',
      gender: Gender.secret,
      age: null,
      introduction:
        'The official Creality Cloud account: community news, monthly challenges and printing guides. 官方账号：社区动态、每月挑战和打印指南。',
    },
  },
  {
    who: 'yichun',
    joinedDaysAgo: 30,
    row: {
      nickname: '陳怡君 Yi-chun',
      locale: 'zh-TW',
      gender: Gender.female,
      age: 27,
      introduction: '平面設計師，週末用 K1 印花器和桌上小收納。最近迷上花瓶模式的紋理。',
    },
  },
  {
    who: 'lucas',
    joinedDaysAgo: 21,
    row: {
      nickname: 'Lucas Martin',
      locale: 'fr',
      gender: Gender.male,
      age: 41,
      introduction:
        'Professeur de technologie au collège. J’imprime des pièces pour les projets des élèves et je répare ce qui casse à la maison.',
    },
  },
] as const;

export const TOPICS: readonly { key: TopicKey; name: string; description: string }[] = [
  {
    key: 'calibration',
    name: 'Calibration & tuning',
    description:
      'Dial in your printer: calibration cubes, first layers, flow, temperature and retraction. Share the print, your measurements and the settings that got you there.',
  },
  {
    key: 'vase',
    name: 'Vase mode',
    description:
      'Spiralised single-wall prints: vases, lampshades and planters. Tell us your nozzle, layer height and the filament that gave the best finish.',
  },
];

export const CIRCLE = {
  owner: 'sam',
  name: 'Functional Prints Workshop',
  description:
    'Brackets, holders, organisers, jigs and everyday fixes. Share what you printed, the material and settings you used, and how it held up. Stuck on a part that won’t fit or keeps breaking? Post a photo and your slicer profile and the workshop will help.',
  createdHoursAgo: 336,
  /** In the order they joined, 20 hours apart. */
  members: ['sam', 'lin', 'camille', 'yichun', 'lucas', 'official'],
  banners: {
    channel: 'Vase mode week: one wall, no infill, no top',
    circle: 'New here? Read the workshop guide before you post',
    tools: 'Filament calculator: grams, metres and cost of a print',
  },
} as const satisfies { owner: Who; members: readonly Who[] } & Record<string, unknown>;

export const MODEL_COMMENTS: readonly (Thread & { on: Slug })[] = [
  {
    on: 'calibration-cube',
    by: 'lucas',
    hoursAgo: 80,
    body: 'Imprimé avec ton profil sur mon Ender-3 : 20,04 × 19,97 × 20,12 mm. Le Z est un peu haut, une idée ?',
    replies: [
      { by: 'lin', hoursAgo: 78, body: 'Z 偏高通常是首层压得太紧，第一层被挤宽了。试试把 Z 偏移抬高 0.05 毫米，再量一次。' },
      { by: 'lucas', hoursAgo: 60, body: 'C’était bien ça : 20,02 en Z maintenant. Merci !' },
    ],
  },
  { on: 'calibration-cube', by: 'yichun', hoursAgo: 50, body: '謝謝分享！側面的 X、Y、Z 字母很清楚，順便可以看懸空的表現。' },
  {
    on: 'twisted-vase',
    by: 'lin',
    hoursAgo: 70,
    body: '花瓶模式用 0.6 喷嘴效果真好。请问 PETG 打印时风扇开多少？',
    replies: [
      { by: 'sam', hoursAgo: 66, body: 'About 30 % for PETG: enough to keep the ripples crisp without weakening the single wall.' },
    ],
  },
  {
    on: 'twisted-vase',
    by: 'camille',
    hoursAgo: 30,
    body: 'Imprimé en PLA soie avec une buse de 0,6 : il tient l’eau sans problème. Superbe modèle !',
  },
  {
    on: 'shelf-bracket',
    by: 'sam',
    hoursAgo: 40,
    body: 'Printed a pair in PETG for the garage shelf last night. They’re already holding a row of paint tins without any flex.',
    replies: [
      {
        by: 'camille',
        hoursAgo: 38,
        body: 'Merci Sam ! Couchées sur le côté, les couches travaillent en cisaillement et pas en arrachement : c’est tout le secret.',
      },
    ],
  },
  {
    on: 'hex-key-holder',
    by: 'yichun',
    hoursAgo: 20,
    body: '我的 2.5 號扳手插進去有點鬆，孔可以再小一點嗎？',
    replies: [
      {
        by: 'sam',
        hoursAgo: 18,
        body: 'The sockets have 0.3 mm of clearance so they fit on most printers. If yours prints accurately, scale X and Y to 99 % and the keys will grip.',
      },
      { by: 'yichun', hoursAgo: 12, body: '縮到 99% 剛剛好，謝謝！' },
    ],
  },
];

/** Likes and collects of the demo models (never by their own maker). */
export const MODEL_REACTIONS: Record<Slug, { likes: readonly Who[]; collects: readonly Who[] }> = {
  'calibration-cube': { likes: ['sam', 'camille', 'yichun', 'lucas', 'official'], collects: ['yichun', 'lucas'] },
  'twisted-vase': { likes: ['lin', 'camille', 'yichun', 'official'], collects: ['lin', 'yichun', 'camille'] },
  'shelf-bracket': { likes: ['sam', 'lucas'], collects: ['sam', 'lucas'] },
  'hex-key-holder': { likes: ['lin', 'yichun', 'lucas'], collects: ['lucas'] },
};
