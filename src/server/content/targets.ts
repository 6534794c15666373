import { type Kysely, sql, type Transaction } from 'kysely';
import { ResultCode } from '../../shared/errors';
import type { Database } from '../db/schema';
import type { TargetKind } from '../db/schema-content';
import { AppError } from '../http/app-error';

type Db = Kysely<Database> | Transaction<Database>;

/** Tables whose rows carry like/collect/comment counters. */
export type CountedTable = 'models' | 'posts';
export const tableOf = (kind: 'model' | 'post'): CountedTable => (kind === 'model' ? 'models' : 'posts');

/** Comment kinds by what they are on: 1/2 a model, 3/4 a post. */
export const commentTargetOf = (kind: number): 'model' | 'post' => (kind <= 2 ? 'model' : 'post');
export const isReplyKind = (kind: number) => kind === 2 || kind === 4;

/**
 * The live (not deleted) model, post or comment a reaction is about, with its author; result code
 * 1001 when it does not exist. Read inside the writing transaction, so a deleted target stays refused.
 */
export async function liveTarget(db: Db, kind: TargetKind, id: number): Promise<{ authorId: number }> {
  const row =
    kind === 'comment'
      ? await db.selectFrom('comments').select('author_id').where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst()
      : await db.selectFrom(tableOf(kind)).select('author_id').where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  if (!row) throw new AppError(ResultCode.notFound);
  return { authorId: row.author_id };
}

/** Moves a counter of a model or post by `delta` in the caller's transaction (never below 0). */
export async function bump(
  db: Db,
  table: CountedTable,
  column: 'like_count' | 'collect_count' | 'comment_count',
  id: number,
  delta: number,
): Promise<void> {
  if (delta === 0) return;
  await db
    .updateTable(table)
    .set((eb) => ({
      // Imported counts may lag the rows; a decrement never takes a counter below zero.
      [column]:
        delta > 0
          ? eb(column, '+', delta)
          : sql<number>`case when ${sql.ref(column)} > ${-delta} then ${sql.ref(column)} - ${-delta} else 0 end`,
    }))
    .where('id', '=', id)
    .execute();
}
