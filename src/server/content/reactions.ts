import type { Kysely } from 'kysely';
import type { LikeTarget } from '../../shared/api/content';
import { ResultCode } from '../../shared/errors';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { AppError } from '../http/app-error';
import { toCount } from './paging';
import { bump, liveTarget, tableOf } from './targets';
import { HIDDEN_STATES } from './users';

/**
 * Likes, collects and follows: one row per (user, target), so setting a state twice changes
 * nothing; the target's counter moves in the same transaction only when a row was really added or
 * removed, which keeps counts exact under concurrent and repeated clicks on both engines.
 */
export async function setReaction(
  db: Db,
  table: 'likes' | 'collects',
  userId: number,
  target: { kind: LikeTarget; id: number },
  on: boolean,
): Promise<{ on: boolean; count: number }> {
  return db.transaction(
    async (trx) => {
      await liveTarget(trx, target.kind, target.id);
      const key = { user_id: userId, target_kind: target.kind, target_id: target.id };
      let changed: boolean;
      if (on) {
        const r = await trx
          .insertInto(table)
          .values({ ...key, created_at: Date.now() })
          .onConflict((oc) => oc.columns(['user_id', 'target_kind', 'target_id']).doNothing())
          .executeTakeFirst();
        changed = Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
      } else {
        const r = await trx
          .deleteFrom(table)
          .where('user_id', '=', userId)
          .where('target_kind', '=', target.kind)
          .where('target_id', '=', target.id)
          .executeTakeFirst();
        changed = Number(r.numDeletedRows) > 0;
      }
      if (target.kind === 'comment') {
        // Comments have no counter column: their likes are counted from the rows.
        const n = await trx
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('target_kind', '=', 'comment')
          .where('target_id', '=', target.id)
          .executeTakeFirstOrThrow();
        return { on, count: toCount(n.n) };
      }
      const counted = tableOf(target.kind);
      const column = table === 'likes' ? 'like_count' : 'collect_count';
      if (changed) await bump(trx, counted, column, target.id, on ? 1 : -1);
      const row = await trx.selectFrom(counted).select(column).where('id', '=', target.id).executeTakeFirstOrThrow();
      return { on, count: (row as Record<typeof column, number>)[column] };
    },
    // Keyed by (user, target): run again, the row is already there (or gone) and the counter stays.
    { idempotent: true },
  );
}

/** Follows or unfollows a visible user; answers the user's number of fans. */
export async function setFollow(
  db: Kysely<Database>,
  followerId: number,
  followeeId: number,
  on: boolean,
): Promise<{ on: boolean; fans: number }> {
  if (followerId === followeeId) throw new AppError(ResultCode.followSelf);
  const followee = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', followeeId)
    .where('state', 'not in', HIDDEN_STATES)
    .executeTakeFirst();
  if (!followee) throw new AppError(ResultCode.notFound);
  if (on) {
    await db
      .insertInto('follows')
      .values({ follower_id: followerId, followee_id: followeeId, created_at: Date.now() })
      .onConflict((oc) => oc.columns(['follower_id', 'followee_id']).doNothing())
      .execute();
  } else {
    await db.deleteFrom('follows').where('follower_id', '=', followerId).where('followee_id', '=', followeeId).execute();
  }
  const fans = await db
    .selectFrom('follows')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('followee_id', '=', followeeId)
    .executeTakeFirstOrThrow();
  return { on, fans: toCount(fans.n) };
}

/** The visitor's own state on a model, post or profile page. */
export async function relationOf(
  db: Kysely<Database>,
  userId: number,
  target: { kind: 'model' | 'post' | 'user'; id: number },
  commentIds: number[],
): Promise<{ liked: boolean; collected: boolean; following: boolean; likedComments: string[] }> {
  const has = async (table: 'likes' | 'collects', kind: 'model' | 'post') =>
    Boolean(
      await db
        .selectFrom(table)
        .select('user_id')
        .where('user_id', '=', userId)
        .where('target_kind', '=', kind)
        .where('target_id', '=', target.id)
        .executeTakeFirst(),
    );
  let authorId = target.id;
  let liked = false;
  let collected = false;
  if (target.kind !== 'user') {
    const row = await db.selectFrom(tableOf(target.kind)).select('author_id').where('id', '=', target.id).executeTakeFirst();
    if (!row) throw new AppError(ResultCode.notFound);
    authorId = row.author_id;
    [liked, collected] = await Promise.all([has('likes', target.kind), has('collects', target.kind)]);
  }
  const [follow, comments] = await Promise.all([
    db.selectFrom('follows').select('follower_id').where('follower_id', '=', userId).where('followee_id', '=', authorId).executeTakeFirst(),
    commentIds.length
      ? db
          .selectFrom('likes')
          .select('target_id')
          .where('user_id', '=', userId)
          .where('target_kind', '=', 'comment')
          .where('target_id', 'in', commentIds)
          .execute()
      : Promise.resolve([]),
  ]);
  return { liked, collected, following: Boolean(follow), likedComments: comments.map((c) => String(c.target_id)) };
}
