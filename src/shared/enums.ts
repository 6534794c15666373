/**
 * Every enumeration with its numeric wire values. Labels are translated in the
 * `enums` catalogue under `<enum>.<value>`; domains add their own label usage.
 */
export const Language = { en: 0, zh: 1, tw: 2, fr: 9 } as const;
export const AccountType = { email: 0, phone: 1 } as const;
export const CodePurpose = { register: 0, reset: 1, cancel: 2, bind: 3, unbind: 4, bindVerify: 5, quick: 6 } as const;
export const Adhesion = { none: 1, skirt: 2, brim: 3, raft: 4 } as const;
export const LayerHeight = { '0.1mm': 1, '0.15mm': 2, '0.2mm': 3 } as const;
export const InfillPattern = {
  grid: 1,
  lines: 2,
  triangles: 3,
  triHexagon: 4,
  cubic: 5,
  cubicSubdivision: 6,
  octet: 7,
  quarterCubic: 8,
  concentric: 9,
  zigZag: 10,
  cross: 11,
  cross3d: 12,
  gyroid: 13,
} as const;
export const SupportPlacement = { everywhere: 1, touchingBuildPlate: 2 } as const;
export const SupportPattern = { lines: 1, grid: 2, triangles: 3, concentric: 4, zigZag: 5, cross: 6, gyroid: 7 } as const;
export const ContentFilter = { all: 0, text: 1, image: 2, video: 3, textImage: 4 } as const;
export const CommentKind = { modelComment: 1, modelReply: 2, postComment: 3, postReply: 4 } as const;
export const AuthorFilter = { all: 0, user: 1, official: 2 } as const;
export const BannerKind = { channel: 1, circle: 2, tools: 3 } as const;
export const ActivityKind = { light: 1, picture: 2, wish: 3 } as const;
export const ModelPrice = { free: 1, paid: 2 } as const;
export const WinState = { win: 1, nowin: 2, winend: 3, nonum: 4 } as const;
export const ClientKind = { app: 1, h5: 2, pc: 3 } as const;
export const Colour = { red: 1, blue: 2 } as const;
export const SoftwareKind = { creality3d: 1, crealityPrint: 2, none: 3 } as const;
export const NoOver = { no: 1, over: 2 } as const;
export const EndDoing = { end: 1, doing: 2 } as const;
export const OnlineState = { online: 1, onlineNo: 2, offline: 3 } as const;
export const PrizeKind = { entity: 1, virtual: 2, bean: 3, vip: 4, space: 5 } as const;
export const Gender = { female: 0, male: 1, secret: 2 } as const;
export const Licence = ['CC BY', 'BY-SA', 'BY-NC', 'BY-NC-SA', 'BY-ND', 'BY-NC-ND', 'CC0'] as const;
export type Licence = (typeof Licence)[number];

export type EnumValue<E extends Record<string, number>> = E[keyof E];

/** True when `v` is one of the enum's numeric values (for validating wire input). */
export const isEnumValue = <E extends Record<string, number>>(e: E, v: unknown): v is EnumValue<E> =>
  typeof v === 'number' && Object.values(e).includes(v);
