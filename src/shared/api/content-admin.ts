import { z } from 'zod';
import {
  Adhesion,
  BannerKind,
  ContentFilter,
  type EnumValue,
  Gender,
  InfillPattern,
  Licence,
  ModelPrice,
  SupportPattern,
  SupportPlacement,
} from '../enums';
import { LOCALES } from '../i18n';
import type { SliceParameters } from '../slice';

/**
 * Admin import of content ("Getting content in"): files are uploaded first, one raw body
 * per call, and the JSON create calls refer to them by `fileId`. Every call needs the global
 * `admin` role. Lengths follow the columns of migrations 0002/0003; enumerations travel as their
 * numeric values (`src/shared/enums.ts`). Ids are numbers here (an admin tool, not a share page).
 */

const BASE = '/api/cxy/admin/v2/content';

export const CONTENT_ADMIN_API = {
  /** Raw body (any Content-Type), `?name=<file name>`; the type is read from the bytes. */
  file: { method: 'POST', path: `${BASE}/file` },
  user: { method: 'POST', path: `${BASE}/user` },
  topic: { method: 'POST', path: `${BASE}/topic` },
  circle: { method: 'POST', path: `${BASE}/circle` },
  model: { method: 'POST', path: `${BASE}/model` },
  slice: { method: 'POST', path: `${BASE}/slice` },
  sliceFromGcode: { method: 'POST', path: `${BASE}/slice/gcode` },
  post: { method: 'POST', path: `${BASE}/post` },
  timelapse: { method: 'POST', path: `${BASE}/timelapse` },
} as const;

export const ZId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

// PostgreSQL text cannot hold NUL; anything else (markup included) is stored verbatim as text.
const noNul = (s: string) => !s.includes('\u0000');
/** Trimmed text of at most `max` characters (`min` 1 makes it required). */
const text = (max: number, min = 0) => z.string().trim().min(min).max(max).refine(noNul, 'must not contain NUL characters');

/** One of an enumeration's numeric values. */
const oneOf = <E extends Record<string, number>>(e: E) => z.literal(Object.values(e) as [EnumValue<E>, ...EnumValue<E>[]]);

/** A list of distinct ids. */
const ids = (max: number, min = 0) =>
  z
    .array(ZId)
    .min(min)
    .max(max)
    .refine((a) => new Set(a).size === a.length, 'must not repeat an id');

/** Creation time to keep when importing older content (epoch ms, from 2000 on); default now. */
const createdAt = z.number().int().min(946_684_800_000).max(Number.MAX_SAFE_INTEGER).optional();

/** A banner's link: a path of this site or an http(s) URL (never `javascript:` and the like). */
const link = text(500, 1).refine((s) => /^(https?:\/\/[^\s]+|\/(?!\/)\S*)$/i.test(s), 'must be a /path or an http(s) URL');

/** Post content kinds (content filter without "all"). */
export const PostContentKind = {
  text: ContentFilter.text,
  image: ContentFilter.image,
  video: ContentFilter.video,
  textImage: ContentFilter.textImage,
} as const;

/** File name shown on downloads: no path, no control characters. */
export const ZFileName = text(200, 1).refine((s) => !/[/\\\p{Cc}]/u.test(s), 'must be a file name without path');

export const ZUploadedFile = z.object({
  fileId: z.number(),
  kind: z.enum(['image', 'model', 'video', 'gcode']),
  name: z.string(),
  mime: z.string(),
  sizeBytes: z.number(),
  url: z.string(),
});
export type TUploadedFile = z.infer<typeof ZUploadedFile>;

export const uploadFile = {
  ...CONTENT_ADMIN_API.file,
  input: z.object({ name: ZFileName }),
  result: ZUploadedFile,
} as const;

export const ZUserInput = z.object({
  nickname: text(64, 1),
  gender: oneOf(Gender).default(Gender.secret),
  age: z.number().int().min(0).max(120).nullable().default(null),
  introduction: text(500).default(''),
  locale: z.enum(LOCALES).default('en'),
  /** An uploaded image shown as the avatar. */
  avatarFileId: ZId.optional(),
  createdAt,
});
export type TUserInput = z.infer<typeof ZUserInput>;
export const createUser = { ...CONTENT_ADMIN_API.user, input: ZUserInput, result: z.object({ userId: z.number() }) } as const;

export const ZTopicInput = z.object({ name: text(60, 1), description: text(500).default(''), createdAt });
export type TTopicInput = z.infer<typeof ZTopicInput>;
export const createTopic = { ...CONTENT_ADMIN_API.topic, input: ZTopicInput, result: z.object({ topicId: z.number() }) } as const;

export const ZBannerInput = z.object({
  kind: oneOf(BannerKind),
  title: text(120, 1),
  imageFileId: ZId.optional(),
  link,
});

export const ZCircleInput = z.object({
  ownerId: ZId,
  name: text(60, 1),
  description: text(1000).default(''),
  coverFileId: ZId.optional(),
  /** Members besides the owner (who is always one). */
  memberIds: ids(1000).default([]),
  banners: z.array(ZBannerInput).max(10).default([]),
  createdAt,
});
export type TCircleInput = z.infer<typeof ZCircleInput>;
export const createCircle = { ...CONTENT_ADMIN_API.circle, input: ZCircleInput, result: z.object({ circleId: z.number() }) } as const;

export const ZModelInput = z.object({
  authorId: ZId,
  title: text(120, 1),
  description: text(20_000).default(''),
  licence: z.enum(Licence),
  price: oneOf(ModelPrice).default(ModelPrice.free),
  circleId: ZId.optional(),
  /** Uploaded images (kind image), first one is the cover. */
  imageFileIds: ids(20).default([]),
  /** Uploaded printable files (kind model: STL, 3MF). */
  fileIds: ids(20, 1),
  createdAt,
});
export type TModelInput = z.infer<typeof ZModelInput>;
export const createModel = { ...CONTENT_ADMIN_API.model, input: ZModelInput, result: z.object({ modelId: z.number() }) } as const;

const length = z.number().min(0).max(10_000);
const mm = length.nullable();
const amount = z.number().min(0).max(10_000_000).nullable().default(null);
const count = z.number().int().min(0).max(1_000_000).nullable();
const flag = z.boolean().nullable();
const speed = z.number().min(0).max(10_000).nullable();

/**
 * Parameters stated by hand (a profile without its G-code). Every field optional: what is not
 * given stays null, as when the parser does not find it. Unknown fields are refused.
 */
export const ZSliceParamsInput = z
  .strictObject({
    slicer: z.object({ name: text(60, 1), version: text(40).nullable().default(null) }).nullable(),
    estimatedSeconds: count,
    device: text(120).nullable(),
    seriesName: text(120).nullable(),
    dimensions: z.object({ x: length, y: length, z: length }).nullable(),
    layers: count,
    layerHeightMm: mm,
    firstLayerHeightMm: mm,
    lineWidthMm: mm,
    wallThicknessMm: mm,
    wallLineCount: count,
    topThicknessMm: mm,
    bottomThicknessMm: mm,
    topLayers: count,
    bottomLayers: count,
    infillPattern: oneOf(InfillPattern).nullable(),
    infillDensityPercent: z.number().min(0).max(100).nullable(),
    nozzleTemperatureC: z.number().min(0).max(600).nullable(),
    bedTemperatureC: z.number().min(0).max(200).nullable(),
    printSpeedMmS: speed,
    initialLayerSpeedMmS: speed,
    travelSpeedMmS: speed,
    retractionEnabled: flag,
    retractionDistanceMm: mm,
    retractionSpeedMmS: speed,
    supportEnabled: flag,
    supportPlacement: oneOf(SupportPlacement).nullable(),
    supportPattern: oneOf(SupportPattern).nullable(),
    supportOverhangAngleDeg: z.number().min(0).max(90).nullable(),
    supportSpacingMm: mm,
    raft: flag,
    vaseMode: flag,
    hideZSeam: flag,
    adhesion: oneOf(Adhesion).nullable(),
    antiAliasing: flag,
    zCompensationMm: z.number().min(-10).max(10).nullable(),
    filament: z
      .object({
        type: text(40).nullable().default(null),
        usedMm: amount,
        usedG: amount,
        usedCm3: amount,
      })
      .optional(),
  })
  .partial() satisfies z.ZodType<Partial<Omit<SliceParameters, 'raw' | 'layerHeightOption'>>>;

export const ZSliceInput = z.object({
  modelId: ZId,
  /** Default: the model's author. */
  authorId: ZId.optional(),
  name: text(120, 1),
  params: ZSliceParamsInput.default({}),
  createdAt,
});
export type TSliceInput = z.infer<typeof ZSliceInput>;
export const createSlice = { ...CONTENT_ADMIN_API.slice, input: ZSliceInput, result: z.object({ sliceId: z.number() }) } as const;

export const ZGcodeSliceInput = z.object({
  modelId: ZId,
  /** An uploaded file of kind gcode. */
  gcodeFileId: ZId,
  /** Default: the G-code file's name without its extension. */
  name: text(120, 1).optional(),
  authorId: ZId.optional(),
  createdAt,
});
export type TGcodeSliceInput = z.infer<typeof ZGcodeSliceInput>;
export const createSliceFromGcode = {
  ...CONTENT_ADMIN_API.sliceFromGcode,
  input: ZGcodeSliceInput,
  /** The parameters read from the file, as stored. */
  result: z.object({ sliceId: z.number(), params: z.custom<SliceParameters>() }),
} as const;

/** What each content kind must carry: text a body, image/text-image images, video a video. */
const postShape = (
  p: { contentKind: number; body: string; imageFileIds: number[]; videoFileId?: number | undefined },
  ctx: z.RefinementCtx,
) => {
  const needs = (ok: boolean, path: string, message: string) => ok || ctx.addIssue({ code: 'custom', path: [path], message });
  const { text: t, image, video, textImage } = PostContentKind;
  if (p.contentKind === t || p.contentKind === textImage) needs(p.body.length > 0, 'body', 'required for a text post');
  if (p.contentKind === image || p.contentKind === textImage) needs(p.imageFileIds.length > 0, 'imageFileIds', 'at least one image');
  if (p.contentKind === video) needs(p.videoFileId !== undefined, 'videoFileId', 'required for a video post');
  else needs(p.videoFileId === undefined, 'videoFileId', 'only for a video post');
  if (p.contentKind === t) needs(p.imageFileIds.length === 0, 'imageFileIds', 'a text post has no images');
};

export const ZPostInput = z
  .object({
    authorId: ZId,
    /** 1 user, 2 official. */
    authorKind: z.literal([1, 2]).default(1),
    circleId: ZId.optional(),
    contentKind: oneOf(PostContentKind),
    title: text(120).default(''),
    body: text(20_000).default(''),
    imageFileIds: ids(9).default([]),
    videoFileId: ZId.optional(),
    topicIds: ids(10).default([]),
    createdAt,
  })
  .superRefine(postShape);
export type TPostInput = z.infer<typeof ZPostInput>;
export const createPost = { ...CONTENT_ADMIN_API.post, input: ZPostInput, result: z.object({ postId: z.number() }) } as const;

export const ZTimelapseInput = z.object({
  authorId: ZId,
  modelId: ZId.optional(),
  videoFileId: ZId,
  posterFileId: ZId.optional(),
  printer: text(80).default(''),
  durationSeconds: z
    .number()
    .int()
    .min(0)
    .max(30 * 86_400),
  createdAt,
});
export type TTimelapseInput = z.infer<typeof ZTimelapseInput>;
export const createTimelapse = {
  ...CONTENT_ADMIN_API.timelapse,
  input: ZTimelapseInput,
  result: z.object({ timelapseId: z.number() }),
} as const;
