import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Page, PostCard, PostsQuery, PostView, TopicView } from '../../shared/api/content';
import type { Database } from '../db/schema';
import { fileUrl } from './files';
import { offsetOf, pageOf, toCount } from './paging';
import { USER_CARD, userCard } from './user-card';
import { HIDDEN_STATES } from './users';

const EXCERPT = 140;

const POST_COLUMNS = [
  'posts.id',
  'posts.title',
  'posts.body',
  'posts.content_kind',
  'posts.author_kind',
  'posts.like_count',
  'posts.collect_count',
  'posts.comment_count',
  'posts.created_at',
  ...USER_CARD,
] as const;

type PostRow = {
  id: number;
  title: string;
  body: string;
  content_kind: number;
  author_kind: number;
  like_count: number;
  collect_count: number;
  comment_count: number;
  created_at: number;
  user_id: number;
  nickname: string;
  avatar_url: string;
};

const common = (p: PostRow) => ({
  id: String(p.id),
  title: p.title,
  contentKind: p.content_kind,
  authorKind: p.author_kind,
  author: userCard(p),
  counts: { likes: p.like_count, collects: p.collect_count, comments: p.comment_count },
  createdAt: p.created_at,
});

/** Live posts by visible authors, with the author's card columns available. */
const livePosts = (db: Kysely<Database>) =>
  db
    .selectFrom('posts')
    .innerJoin('users', 'users.id', 'posts.author_id')
    .where('posts.deleted_at', 'is', null)
    .where('users.state', 'not in', HIDDEN_STATES);

/** A post with its images or video, topics and circle, or null when unknown or deleted. */
export async function postView(db: Kysely<Database>, postId: number): Promise<PostView | null> {
  const p = await livePosts(db)
    .leftJoin('content_files as video', 'video.id', 'posts.video_file_id')
    .leftJoin('circles', 'circles.id', 'posts.circle_id')
    .select([
      ...POST_COLUMNS,
      'video.storage_key as video_key',
      'video.mime as video_mime',
      'circles.id as circle_id',
      'circles.name as circle_name',
    ])
    .where('posts.id', '=', postId)
    .executeTakeFirst();
  if (!p) return null;
  const [images, topics] = await Promise.all([
    db
      .selectFrom('post_images')
      .innerJoin('content_files', 'content_files.id', 'post_images.file_id')
      .select('content_files.storage_key')
      .where('post_images.post_id', '=', postId)
      .orderBy('post_images.position')
      .execute(),
    db
      .selectFrom('post_topics')
      .innerJoin('topics', 'topics.id', 'post_topics.topic_id')
      .select(['topics.id', 'topics.name'])
      .where('post_topics.post_id', '=', postId)
      .orderBy('topics.name')
      .execute(),
  ]);
  return {
    ...common(p),
    body: p.body,
    images: images.map((i) => ({ url: fileUrl(i.storage_key) })),
    video: p.video_key && p.video_mime ? { url: fileUrl(p.video_key), mime: p.video_mime, posterUrl: null } : null,
    topics: topics.map((t) => ({ id: String(t.id), name: t.name })),
    circle: p.circle_id && p.circle_name ? { id: String(p.circle_id), name: p.circle_name } : null,
  };
}

type Filtered = SelectQueryBuilder<Database, 'posts' | 'users', object>;

/** Posts of a profile, a circle or a topic (or all), by content filter and author filter, newest first. */
export async function postsPage(db: Kysely<Database>, q: PostsQuery): Promise<Page<PostCard>> {
  let base: Filtered = livePosts(db);
  if (q.userId) base = base.where('posts.author_id', '=', q.userId);
  if (q.circleId) base = base.where('posts.circle_id', '=', q.circleId);
  if (q.topicId) base = base.where('posts.id', 'in', db.selectFrom('post_topics').select('post_id').where('topic_id', '=', q.topicId));
  // Content filter 1–4 is the post's content kind; author filter 1 user, 2 official.
  if (q.contentFilter) base = base.where('posts.content_kind', '=', q.contentFilter);
  if (q.authorFilter) base = base.where('posts.author_kind', '=', q.authorFilter);
  const [rows, total] = await Promise.all([
    base
      .select((eb) => [
        ...POST_COLUMNS,
        eb
          .selectFrom('post_images')
          .innerJoin('content_files', 'content_files.id', 'post_images.file_id')
          .select('content_files.storage_key')
          .whereRef('post_images.post_id', '=', 'posts.id')
          .orderBy('post_images.position')
          .limit(1)
          .as('image_key'),
      ])
      .orderBy('posts.created_at', 'desc')
      .orderBy('posts.id', 'desc')
      .limit(q.pageSize)
      .offset(offsetOf(q))
      .execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return pageOf(
    rows.map((p) => ({
      ...common(p),
      excerpt: p.body.length > EXCERPT ? `${p.body.slice(0, EXCERPT).trimEnd()}…` : p.body,
      imageUrl: p.image_key ? fileUrl(p.image_key) : null,
    })),
    q,
    toCount(total.n),
  );
}

/** A topic with the number of live posts under it, or null. */
export async function topicView(db: Kysely<Database>, topicId: number): Promise<TopicView | null> {
  const t = await db.selectFrom('topics').select(['id', 'name', 'description']).where('id', '=', topicId).executeTakeFirst();
  if (!t) return null;
  const n = await livePosts(db)
    .where('posts.id', 'in', db.selectFrom('post_topics').select('post_id').where('topic_id', '=', topicId))
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return { id: String(t.id), name: t.name, description: t.description, postCount: toCount(n.n) };
}
