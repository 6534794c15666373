import { z } from 'zod';

/** The lists of shared content (profile tabs, comments, timelapses): their cards and pages. */

export const ZUserCard = z.object({ id: z.string(), nickname: z.string(), avatarUrl: z.string() });
export type UserCard = z.infer<typeof ZUserCard>;

/** One page of a list: page numbers from 1, default page size 10. */
export const ZPage = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), page: z.number(), pageSize: z.number(), total: z.number(), hasMore: z.boolean() });
export interface Page<T> {
  list: T[];
  page: number;
  pageSize: number;
  total: number;
  hasMore: boolean;
}

export const ZCounts = z.object({ likes: z.number(), collects: z.number(), comments: z.number() });
export type Counts = z.infer<typeof ZCounts>;

export interface Media {
  url: string;
  mime: string;
}

/** A model in a list (profile tab). */
export const ZModelCard = z.object({
  id: z.string(),
  title: z.string(),
  imageUrl: z.string().nullable(),
  likes: z.number(),
  downloads: z.number(),
});
export type ModelCard = z.infer<typeof ZModelCard>;

/** A post in a list: enough for a card. `contentKind` 1 text, 2 image, 3 video, 4 text-image. */
export const ZPostCard = z.object({
  id: z.string(),
  title: z.string(),
  excerpt: z.string(),
  contentKind: z.number(),
  /** 1 user, 2 official. */
  authorKind: z.number(),
  author: ZUserCard,
  imageUrl: z.string().nullable(),
  counts: ZCounts,
  createdAt: z.number(),
});
export type PostCard = z.infer<typeof ZPostCard>;

export const ZCircleCard = z.object({
  id: z.string(),
  name: z.string(),
  coverUrl: z.string().nullable(),
  memberCount: z.number(),
  postCount: z.number(),
});
export type CircleCard = z.infer<typeof ZCircleCard>;

export const ZTimelapseCard = z.object({
  id: z.string(),
  posterUrl: z.string().nullable(),
  printer: z.string(),
  durationSeconds: z.number(),
  createdAt: z.number(),
  author: ZUserCard,
  model: z.object({ id: z.string(), title: z.string() }).nullable(),
});
export type TimelapseCard = z.infer<typeof ZTimelapseCard>;

/** Comment kinds: modelComment 1, modelReply 2, postComment 3, postReply 4. */
export interface CommentView {
  id: string;
  kind: number;
  author: UserCard;
  body: string;
  createdAt: number;
  likes: number;
  /** Replies: the total, and the first few (oldest first) on a top-level comment. */
  replyCount: number;
  replies: CommentView[];
}
const ZComment = z.object({
  id: z.string(),
  kind: z.number(),
  author: ZUserCard,
  body: z.string(),
  createdAt: z.number(),
  likes: z.number(),
  replyCount: z.number(),
});
/** Replies are shown one level deep: a reply's own `replies` is left undescribed (it is empty). */
export const ZCommentView = ZComment.extend({
  replies: z.array(ZComment.extend({ replies: z.array(z.any()) })),
}) satisfies z.ZodType<CommentView>;
