import { type Kysely, sql } from 'kysely';
import type { ProfileView } from '../../shared/api/content';
import type { Database } from '../db/schema';
import { circlesOf } from './circles';
import { toCount } from './paging';
import { userCard } from './user-card';

/** Users whose pages are not shown: closed accounts, and blocked ones (pullblack). */
export const HIDDEN_STATES = ['cancelled', 'blocked'] as const;

/** A public profile (user display), or null for unknown, blocked or closed accounts. */
export async function profileView(db: Kysely<Database>, userId: number): Promise<ProfileView | null> {
  const u = await db
    .selectFrom('users')
    .select(['id as user_id', 'nickname', 'avatar_url', 'gender', 'age', 'introduction'])
    .where('id', '=', userId)
    .where('state', 'not in', HIDDEN_STATES)
    .executeTakeFirst();
  if (!u) return null;
  const live = (table: 'models' | 'posts') =>
    db
      .selectFrom(table)
      .select([sql<number>`count(*)`.as('n'), sql<number>`coalesce(sum(like_count), 0)`.as('likes')])
      .where('author_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
  const [models, posts, circles, fans, following] = await Promise.all([
    live('models'),
    live('posts'),
    db.selectFrom('circles').select(sql<number>`count(*)`.as('n')).where(circlesOf(db, userId)).executeTakeFirstOrThrow(),
    db.selectFrom('follows').select(sql<number>`count(*)`.as('n')).where('followee_id', '=', userId).executeTakeFirstOrThrow(),
    db.selectFrom('follows').select(sql<number>`count(*)`.as('n')).where('follower_id', '=', userId).executeTakeFirstOrThrow(),
  ]);
  return {
    ...userCard(u),
    gender: u.gender,
    age: u.age,
    introduction: u.introduction,
    fans: toCount(fans.n),
    following: toCount(following.n),
    likes: toCount(models.likes) + toCount(posts.likes),
    counts: { models: toCount(models.n), posts: toCount(posts.n), circles: toCount(circles.n) },
  };
}
