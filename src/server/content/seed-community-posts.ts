import { AuthorFilter, ContentFilter } from '../../shared/enums';
import type { ImageKey, Thread, TopicKey, Who } from './seed-community-data';

/** The demo posts of the community seed: every content kind, both author kinds, four languages. */

export interface PostSeed {
  readonly key: string;
  readonly by: Who;
  /** Author kind: 1 user, 2 official. */
  readonly authorKind: number;
  readonly inCircle: boolean;
  /** Content kind: 1 text, 2 image, 3 video, 4 text-image. */
  readonly kind: number;
  readonly hoursAgo: number;
  readonly title: string;
  readonly body: string;
  readonly images: readonly ImageKey[];
  /** The vase timelapse is the post's video. */
  readonly video?: boolean;
  readonly topics: readonly TopicKey[];
  readonly likes: readonly Who[];
  readonly collects: readonly Who[];
  readonly comments: readonly Thread[];
}

const user = AuthorFilter.user;
const official = AuthorFilter.official;

export const POSTS: readonly PostSeed[] = [
  {
    key: 'welcome',
    by: 'sam',
    authorKind: user,
    inCircle: true,
    kind: ContentFilter.text,
    hoursAgo: 320,
    title: 'Welcome to the Functional Prints Workshop',
    body: [
      'Hi all, and thanks for joining!',
      'This circle is for prints that do a job: brackets, holders, organisers, replacement parts and jigs. A few things make a post much more useful to everyone:',
      '• a photo of the part in use, not only on the bed\n• the material, layer height, walls and infill you used\n• how it held up after a few weeks',
      'Questions are welcome too. If a part won’t fit or keeps breaking, post a photo and your slicer profile and we’ll help you sort it out.',
      'Happy printing,\nSam',
    ].join('\n\n'),
    images: [],
    topics: [],
    likes: ['lin', 'camille', 'yichun', 'lucas'],
    collects: ['lucas'],
    comments: [
      {
        by: 'yichun',
        hoursAgo: 260,
        body: '大家好！剛加入，想多學一些實用件的設計，請多指教。',
        replies: [
          { by: 'sam', hoursAgo: 258, body: 'Welcome aboard, Yi-chun! Post your first print whenever you’re ready, we love seeing them.' },
        ],
      },
    ],
  },
  {
    key: 'calibration-month',
    by: 'official',
    authorKind: official,
    inCircle: true,
    kind: ContentFilter.textImage,
    hoursAgo: 90,
    title: 'Calibration month: print the 20 mm cube and share your numbers',
    body: [
      'Before chasing any other problem, check that your printer is accurate. This month we’re asking everyone to print the 20 mm calibration cube from the library and post the results under the Calibration & tuning topic.',
      'How to measure:\n1. Let the cube cool completely before taking it off the bed.\n2. Measure X, Y and Z across the middle of each face with calipers, not on the edges.\n3. Within ±0.10 mm is great. Off by more in X or Y? Check belt tension and over-extrusion. Off in Z only? Look at your first layer and Z offset.',
      'Share your three numbers, your printer and the filament. We’ll feature the most helpful posts in the app.',
    ].join('\n\n'),
    images: ['cubeRed'],
    topics: ['calibration'],
    likes: ['lin', 'sam', 'camille', 'yichun', 'lucas'],
    collects: ['lin', 'yichun', 'lucas'],
    comments: [
      { by: 'lin', hoursAgo: 85, body: '参加！Ender-3 V3 SE，PLA：X 20.02 / Y 19.98 / Z 20.05。' },
      {
        by: 'lucas',
        hoursAgo: 84,
        body: 'Question : on mesure au milieu des faces même s’il y a les lettres gravées ?',
        replies: [
          {
            by: 'official',
            hoursAgo: 80,
            body: 'Good question! Measure beside the letters, on the flat part of the face, so the calipers don’t catch the engraving.',
          },
        ],
      },
    ],
  },
  {
    key: 'lin-cube',
    by: 'lin',
    authorKind: user,
    inCircle: false,
    kind: ContentFilter.image,
    hoursAgo: 70,
    title: '',
    body: '校准立方体第二次打印：X 20.02，Y 19.98，Z 20.05。之前 X/Y 偏大 0.15 毫米，把流量从 100% 调到 96% 之后就准了。橙色和黑色 PLA，同一个配置。',
    images: ['cubeOrange', 'cubeBlack'],
    topics: ['calibration'],
    likes: ['sam', 'camille', 'lucas', 'official'],
    collects: ['lucas'],
    comments: [
      {
        by: 'camille',
        hoursAgo: 60,
        body: 'Belle précision ! Tu as aussi calibré les pas de l’extrudeur ?',
        replies: [{ by: 'lin', hoursAgo: 59, body: '对，先校准了 E 步数（95.2），再用单层壁的空心立方体调的流量。' }],
      },
    ],
  },
  {
    key: 'first-layer',
    by: 'lucas',
    authorKind: user,
    inCircle: true,
    kind: ContentFilter.text,
    hoursAgo: 100,
    title: 'Première couche qui ne colle pas sur le PEI texturé',
    body: [
      'Bonjour à tous,',
      'Depuis une semaine, ma première couche se décolle dans les coins sur mon plateau PEI texturé (Ender-3 V3, PLA à 205 °C, plateau à 60 °C). Le Z offset n’a pas bougé et le nivellement automatique passe sans erreur.',
      'J’ai déjà essayé de monter le plateau à 65 °C, sans grand changement. Des idées avant que je commande un nouveau plateau ?',
    ].join('\n\n'),
    images: [],
    topics: ['calibration'],
    likes: ['sam', 'lin'],
    collects: [],
    comments: [
      {
        by: 'sam',
        hoursAgo: 96,
        body: 'Before buying anything: wash the plate with warm water and a drop of dish soap, rinse, and dry it with a clean towel. Fingerprints are the usual culprit, and alcohol alone mostly spreads the grease around.',
      },
      {
        by: 'lin',
        hoursAgo: 95,
        body: '也可以把首层速度降到 20 mm/s，并检查首层风扇是不是关着的。',
        replies: [
          {
            by: 'lucas',
            hoursAgo: 80,
            body: 'Le liquide vaisselle a tout réglé, et la première couche à 20 mm/s en plus. Merci à vous deux !',
          },
        ],
      },
    ],
  },
  {
    key: 'brackets',
    by: 'camille',
    authorKind: user,
    inCircle: true,
    kind: ContentFilter.textImage,
    hoursAgo: 46,
    title: 'Mes équerres après trois mois de service',
    body: [
      'Avant de publier l’équerre renforcée, je l’ai testée trois mois sur l’étagère de l’atelier, à la place des équerres en métal. Bilan : aucune déformation avec une quinzaine de kilos de bocaux et d’outils par étagère.',
      'Réglages : PETG, couches de 0,28 mm, 4 parois, 40 % de remplissage gyroïde, imprimées couchées sur le côté. Fixation avec des vis 4 × 30 à tête fraisée.',
      'La grise est la version d’origine ; la couleur bois est un PLA chargé en bois que j’ai essayé pour le salon. Plus jolie, mais je la garde pour les charges légères.',
    ].join('\n\n'),
    images: ['bracketGrey', 'bracketWood'],
    topics: [],
    likes: ['sam', 'lin', 'lucas', 'yichun'],
    collects: ['sam', 'lucas'],
    comments: [
      {
        by: 'lucas',
        hoursAgo: 40,
        body: 'Tu as mis quelles chevilles ? C’est un mur plein ou du placo ?',
        replies: [
          {
            by: 'camille',
            hoursAgo: 39,
            body: 'Mur en briques, chevilles de 6. Sur du placo, je prendrais des chevilles métalliques à expansion.',
          },
        ],
      },
    ],
  },
  {
    key: 'timelapse',
    by: 'official',
    authorKind: official,
    inCircle: false,
    kind: ContentFilter.video,
    hoursAgo: 40,
    title: 'Timelapse: the twisted vase, one wall at a time',
    body: [
      'One spiralled wall from the first layer to the lip: Sam Carter’s twisted vase printed in vase mode on a K1 Max, in PETG at 0.24 mm layers. The whole print took an hour and a half.',
      'Want to try it? Turn on vase mode (“spiralize outer contour”), use a single wall and no top layers, and slow down for the first few millimetres of the base.',
    ].join('\n\n'),
    images: [],
    video: true,
    topics: ['vase'],
    likes: ['lin', 'sam', 'camille', 'yichun', 'lucas'],
    collects: ['yichun', 'camille'],
    comments: [
      { by: 'yichun', hoursAgo: 38, body: '這個縮時好療癒！看著它一圈一圈長出來。' },
      {
        by: 'sam',
        hoursAgo: 36,
        body: 'Thanks for featuring it! It’s the 0.24 mm PETG profile from the model page, no changes.',
        replies: [{ by: 'lin', hoursAgo: 30, body: '速度真快，我的 Ender 要三个多小时。' }],
      },
    ],
  },
  {
    key: 'vase-ocean',
    by: 'yichun',
    authorKind: user,
    inCircle: false,
    kind: ContentFilter.image,
    hoursAgo: 20,
    title: '',
    body: '用 0.6 噴嘴重印了螺旋花瓶，半透明海洋藍 PETG，放在窗邊陽光一照超好看！插了幾枝尤加利葉。',
    images: ['vaseOcean'],
    topics: ['vase'],
    likes: ['sam', 'lin', 'camille'],
    collects: ['lin'],
    comments: [
      {
        by: 'sam',
        hoursAgo: 18,
        body: 'Gorgeous colour! Which PETG is that?',
        replies: [{ by: 'yichun', hoursAgo: 17, body: '是半透明的海洋藍 PETG，235°C、單層牆、0.6 噴嘴印的。' }],
      },
    ],
  },
  {
    key: 'holder-v2',
    by: 'sam',
    authorKind: user,
    inCircle: true,
    kind: ContentFilter.textImage,
    hoursAgo: 10,
    title: 'Hex key holder: what changes in v2',
    body: [
      'Thanks for all the feedback on the hex key holder! Two changes are coming in the next version:',
      '• a small chamfer on every socket so the keys drop in without catching\n• a tighter option for accurate printers (0.15 mm clearance instead of 0.3 mm)',
      'Until then, scaling X and Y to 99 % works well: Yi-chun’s keys sit snugly that way. Here’s the test print in yellow PLA.',
    ].join('\n\n'),
    images: ['holderYellow'],
    topics: [],
    likes: ['yichun', 'lucas', 'camille'],
    collects: ['lucas'],
    comments: [
      {
        by: 'lucas',
        hoursAgo: 6,
        body: 'J’en ai imprimé douze pour la salle de techno : les élèves ne perdent plus les clés. Vivement la version chanfreinée !',
      },
    ],
  },
];
