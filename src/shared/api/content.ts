import { z } from 'zod';
import { COMMENT_MAX_LENGTH, DEFAULT_PAGE_SIZE } from '../content-limits';
import type { SliceParameters } from '../slice';
import { API } from './all-routes';
import {
  type CircleCard,
  type Counts,
  type Media,
  type PostCard,
  type TimelapseCard,
  type UserCard,
  ZCircleCard,
  ZCommentView,
  ZModelCard,
  ZPage,
  ZPostCard,
  ZTimelapseCard,
} from './content-lists';

/**
 * Shared content: what the share pages show and the calls behind their lists,
 * comments, likes, collects and follows. Ids travel as strings (they are bigint columns).
 */

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export type { CircleCard, CommentView, Counts, Media, ModelCard, Page, PostCard, TimelapseCard, UserCard } from './content-lists';

const paging = {
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(DEFAULT_PAGE_SIZE),
};

/** What the model page shows: the model, its author, images, files and print profiles. */
export interface ModelView {
  id: string;
  title: string;
  description: string;
  licence: string;
  /** 1 free, 2 paid. */
  price: number;
  counts: Counts & { downloads: number };
  createdAt: number;
  author: UserCard;
  /** The circle (group) the model was shared in. */
  circle: { id: string; name: string } | null;
  images: { url: string }[];
  files: { name: string; url: string; sizeBytes: number; format: string }[];
  slices: { id: string; name: string; estimatedSeconds: number | null; layerHeightMm: number | null; device: string | null }[];
}

export const ZModelId = z.object({ modelId: id });

/** What the slice page shows: a print profile of a model, every parameter the slicer stated. */
export interface SliceView {
  id: string;
  name: string;
  createdAt: number;
  params: SliceParameters;
  /** The toolpath preview made from the slice's G-code (`Toolpath`, JSON), or null when there is none. */
  toolpathUrl: string | null;
  author: { id: string; nickname: string };
  model: { id: string; title: string; imageUrl: string | null };
}

export const ZSliceId = z.object({ sliceId: id });

export interface PostView extends Omit<PostCard, 'excerpt' | 'imageUrl'> {
  body: string;
  images: { url: string }[];
  video: (Media & { posterUrl: string | null }) | null;
  topics: { id: string; name: string }[];
  circle: { id: string; name: string } | null;
}

export const ZBlogId = z.object({ blogId: id });

/** User display: fans, likes, gender (0 female, 1 male, 2 secret), age, introduction. */
export interface ProfileView extends UserCard {
  gender: number;
  age: number | null;
  introduction: string;
  fans: number;
  following: number;
  /** Likes the user's models and posts received. */
  likes: number;
  counts: { models: number; posts: number; circles: number };
}

export const ZUserId = z.object({ userId: id });

export interface CircleView extends CircleCard {
  description: string;
  owner: UserCard;
  /** Kinds: 1 channel, 2 circle, 3 tools. */
  banners: { id: string; kind: number; title: string; imageUrl: string | null; link: string }[];
}

export const ZCircleId = z.object({ circleId: id });

export interface TopicView {
  id: string;
  name: string;
  description: string;
  postCount: number;
}

export const ZTopicId = z.object({ topicId: id });

export interface TimelapseView extends TimelapseCard {
  video: Media;
}

export const ZTimelapseId = z.object({ id });

const commentTarget = z.coerce.number().pipe(z.union([z.literal(1), z.literal(3)]));

export const comments = {
  ...API.content.comments,
  input: z.object({ kind: commentTarget, targetId: id, ...paging }),
  result: ZPage(ZCommentView),
};

export const replies = {
  ...API.content.replies,
  input: z.object({ commentId: id, ...paging }),
  result: ZPage(ZCommentView),
};

export const comment = {
  ...API.content.comment,
  input: z.object({
    kind: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)])),
    /** The model (kinds 1, 2) or post (kinds 3, 4). */
    targetId: id,
    /** The comment replied to (kinds 2 and 4). */
    parentId: id.optional(),
    body: z.string().trim().min(1).max(COMMENT_MAX_LENGTH),
  }),
  result: ZCommentView,
};

export const deleteComment = {
  ...API.content.deleteComment,
  input: z.object({ commentId: id }),
  result: z.object({ deleted: z.literal(true) }),
};

export const LIKE_TARGETS = ['model', 'post', 'comment'] as const;
export const COLLECT_TARGETS = ['model', 'post'] as const;
export type LikeTarget = (typeof LIKE_TARGETS)[number];

/** Like/collect set a state (not a toggle), so a retried or doubled request changes nothing. */
export const like = {
  ...API.content.like,
  input: z.object({ targetKind: z.enum(LIKE_TARGETS), targetId: id, on: z.boolean() }),
  result: z.object({ on: z.boolean(), count: z.number() }),
};

export const collect = {
  ...API.content.collect,
  input: z.object({ targetKind: z.enum(COLLECT_TARGETS), targetId: id, on: z.boolean() }),
  result: z.object({ on: z.boolean(), count: z.number() }),
};

export const follow = {
  ...API.content.follow,
  input: z.object({ userId: id, on: z.boolean() }),
  result: z.object({ on: z.boolean(), fans: z.number() }),
};

/**
 * The signed-in visitor's own state on a page (pages are cached for everyone, so it is fetched
 * after hydration): liked/collected the model or post, following its author or the profile,
 * liked comments among `commentIds`.
 */
export const relation = {
  ...API.content.relation,
  input: z.object({
    targetKind: z.enum(['model', 'post', 'user']),
    targetId: id,
    commentIds: z
      .string()
      .regex(/^\d{1,16}(,\d{1,16}){0,99}$/)
      .optional(),
  }),
  result: z.object({
    liked: z.boolean(),
    collected: z.boolean(),
    following: z.boolean(),
    likedComments: z.array(z.string()),
  }),
};

export const models = {
  ...API.content.models,
  input: z.object({ userId: id, ...paging }),
  result: ZPage(ZModelCard),
};

/** Content filter (0 all, 1 text, 2 image, 3 video, 4 text-image) and author filter (0 all, 1 user, 2 official). */
export const ZPostFilters = z.object({
  contentFilter: z.coerce.number().int().min(0).max(4).default(0),
  authorFilter: z.coerce.number().int().min(0).max(2).default(0),
});

export const posts = {
  ...API.content.posts,
  input: z
    .object({ userId: id.optional(), circleId: id.optional(), topicId: id.optional(), ...paging })
    .extend(ZPostFilters.shape)
    .refine((q) => [q.userId, q.circleId, q.topicId].filter(Boolean).length <= 1, { message: 'one of userId, circleId, topicId' }),
  result: ZPage(ZPostCard),
};

export const circles = {
  ...API.content.circles,
  input: z.object({ userId: id, ...paging }),
  result: ZPage(ZCircleCard),
};

export const timelapses = {
  ...API.content.timelapses,
  input: z.object({ userId: id.optional(), ...paging }),
  result: ZPage(ZTimelapseCard),
};

export type PostsQuery = z.infer<typeof posts.input>;
