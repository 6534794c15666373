import { type Kysely, sql } from 'kysely';
import type { CommentView, Page } from '../../shared/api/content';
import { INLINE_REPLIES } from '../../shared/content-limits';
import { ResultCode } from '../../shared/errors';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { AppError } from '../http/app-error';
import { offsetOf, pageOf, toCount } from './paging';
import { bump, commentTargetOf, isReplyKind, liveTarget, tableOf } from './targets';
import { USER_CARD, userCard } from './user-card';
import { HIDDEN_STATES } from './users';

/** Comments one user may post per minute (besides the per-address limit of the endpoint). */
export const COMMENTS_PER_MINUTE = 10;

const liveComments = (db: Kysely<Database>) =>
  db
    .selectFrom('comments')
    .innerJoin('users', 'users.id', 'comments.author_id')
    .where('comments.deleted_at', 'is', null)
    .where('users.state', 'not in', HIDDEN_STATES);

const COLUMNS = ['comments.id', 'comments.kind', 'comments.body', 'comments.created_at', ...USER_CARD] as const;

type Row = { id: number; kind: number; body: string; created_at: number; user_id: number; nickname: string; avatar_url: string };

async function likeCounts(db: Kysely<Database>, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('likes')
    .select(['target_id', (eb) => eb.fn.countAll().as('n')])
    .where('target_kind', '=', 'comment')
    .where('target_id', 'in', ids)
    .groupBy('target_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.target_id), toCount(r.n)]));
}

const view = (r: Row, likes: Map<number, number>, replies: CommentView[] = [], replyCount = 0): CommentView => ({
  id: String(r.id),
  kind: r.kind,
  author: userCard(r),
  body: r.body,
  createdAt: r.created_at,
  likes: likes.get(r.id) ?? 0,
  replyCount,
  replies,
});

/**
 * Top-level comments on a model (kind 1) or post (kind 3), newest first, each with its reply count
 * and first replies (oldest first, as a thread reads).
 */
export async function commentsPage(
  db: Kysely<Database>,
  q: { kind: 1 | 3; targetId: number; page: number; pageSize: number },
): Promise<Page<CommentView>> {
  const base = liveComments(db)
    .where('comments.kind', '=', q.kind)
    .where('comments.target_id', '=', q.targetId)
    .where('comments.parent_id', 'is', null);
  const [rows, total] = await Promise.all([
    base
      .select(COLUMNS)
      .orderBy('comments.created_at', 'desc')
      .orderBy('comments.id', 'desc')
      .limit(q.pageSize)
      .offset(offsetOf(q))
      .execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  const ids = rows.map((r) => r.id);
  const [inline, counts] = ids.length
    ? await Promise.all([
        // The first few replies of each comment in one query: number them per thread.
        db
          .selectFrom(
            liveComments(db)
              .select([
                ...COLUMNS,
                'comments.parent_id',
                sql<number>`row_number() over (partition by comments.parent_id order by comments.created_at, comments.id)`.as('rn'),
              ])
              .where('comments.parent_id', 'in', ids)
              .as('r'),
          )
          .selectAll()
          .where('rn', '<=', INLINE_REPLIES)
          .orderBy('created_at')
          .orderBy('id')
          .execute(),
        liveComments(db)
          .select(['comments.parent_id', (eb) => eb.fn.countAll().as('n')])
          .where('comments.parent_id', 'in', ids)
          .groupBy('comments.parent_id')
          .execute(),
      ])
    : [[], []];
  const likes = await likeCounts(db, [...ids, ...inline.map((r) => r.id)]);
  const replyCount = new Map(counts.map((c) => [Number(c.parent_id), toCount(c.n)]));
  return pageOf(
    rows.map((r) =>
      view(
        r,
        likes,
        inline.filter((x) => Number(x.parent_id) === r.id).map((x) => view(x, likes)),
        replyCount.get(r.id) ?? 0,
      ),
    ),
    q,
    toCount(total.n),
  );
}

/** All replies of a comment, oldest first ("more replies"). */
export async function repliesPage(
  db: Kysely<Database>,
  q: { commentId: number; page: number; pageSize: number },
): Promise<Page<CommentView>> {
  const base = liveComments(db).where('comments.parent_id', '=', q.commentId);
  const [rows, total] = await Promise.all([
    base.select(COLUMNS).orderBy('comments.created_at').orderBy('comments.id').limit(q.pageSize).offset(offsetOf(q)).execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  const likes = await likeCounts(
    db,
    rows.map((r) => r.id),
  );
  return pageOf(
    rows.map((r) => view(r, likes)),
    q,
    toCount(total.n),
  );
}

// C0 controls other than tab and newline, DEL, and bidi overrides that could disguise text.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const UNSAFE = /[\u0000-\u0008\u000B-\u001F\u007F\u202A-\u202E\u2066-\u2069]/g;

/**
 * Adds a comment or reply. The header's request id makes a retried submission answer the same
 * comment instead of posting it twice. A reply to a reply joins the first comment's thread.
 */
export async function addComment(
  db: Db,
  authorId: number,
  input: { kind: number; targetId: number; parentId?: number | undefined; body: string },
  requestId: string,
): Promise<CommentView> {
  const body = input.body
    .replace(UNSAFE, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (!body) throw new AppError(ResultCode.parameter, { messageKey: 'parameterNamed', params: { field: 'body' } });
  const reply = isReplyKind(input.kind);
  if (reply !== (input.parentId !== undefined))
    throw new AppError(ResultCode.parameter, { messageKey: 'parameterNamed', params: { field: 'parentId' } });

  const earlier = async () => {
    const mine = await db.kysely.selectFrom('comments').select(['id', 'author_id']).where('request_id', '=', requestId).executeTakeFirst();
    if (mine && mine.author_id !== authorId)
      throw new AppError(ResultCode.parameter, { messageKey: 'parameterNamed', params: { field: 'requestId' } });
    return mine?.id;
  };
  const id = (await earlier()) ?? (await insertComment(db, authorId, input, body, requestId)) ?? (await earlier());
  if (id === undefined) throw new AppError(ResultCode.notFound);
  const row = await liveComments(db.kysely).select(COLUMNS).where('comments.id', '=', id).executeTakeFirstOrThrow();
  return view(row, await likeCounts(db.kysely, [id]));
}

/** Inserts the comment and counts it; undefined when a concurrent retry of the same request won. */
async function insertComment(
  db: Db,
  authorId: number,
  input: { kind: number; targetId: number; parentId?: number | undefined },
  body: string,
  requestId: string,
): Promise<number | undefined> {
  return db.transaction(
    async (trx) => {
      const target = commentTargetOf(input.kind);
      await liveTarget(trx, target, input.targetId);
      const recent = await trx
        .selectFrom('comments')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('author_id', '=', authorId)
        .where('created_at', '>', Date.now() - 60_000)
        .executeTakeFirstOrThrow();
      if (toCount(recent.n) >= COMMENTS_PER_MINUTE) throw new AppError(ResultCode.commentTooFast);

      let parentId: number | null = null;
      if (input.parentId !== undefined) {
        const parent = await trx
          .selectFrom('comments')
          .select(['id', 'parent_id'])
          .where('id', '=', input.parentId)
          .where('deleted_at', 'is', null)
          .where('target_id', '=', input.targetId)
          .where('kind', 'in', [input.kind - 1, input.kind])
          .executeTakeFirst();
        if (!parent) throw new AppError(ResultCode.notFound);
        parentId = parent.parent_id ?? parent.id;
      }
      const row = await trx
        .insertInto('comments')
        .values({
          kind: input.kind,
          target_id: input.targetId,
          parent_id: parentId,
          author_id: authorId,
          body,
          request_id: requestId,
          created_at: Date.now(),
        })
        .onConflict((oc) => oc.column('request_id').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (row) await bump(trx, tableOf(target), 'comment_count', input.targetId, 1);
      return row?.id;
    },
    // Keyed by the request id: run again, the insert does nothing and the caller finds the first comment.
    { idempotent: true },
  );
}

/** Deletes one's own comment (and the replies under it); the target's count drops by as many. */
export async function deleteComment(db: Db, userId: number, commentId: number): Promise<{ deleted: true }> {
  return db.transaction(
    async (trx) => {
      const c = await trx
        .selectFrom('comments')
        .select(['id', 'kind', 'target_id', 'author_id'])
        .where('id', '=', commentId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!c) throw new AppError(ResultCode.notFound);
      if (c.author_id !== userId) throw new AppError(ResultCode.notYourComment);
      const now = Date.now();
      const r = await trx
        .updateTable('comments')
        .set({ deleted_at: now })
        .where('deleted_at', 'is', null)
        .where((eb) => eb.or([eb('id', '=', commentId), eb('parent_id', '=', commentId)]))
        .executeTakeFirst();
      await bump(trx, tableOf(commentTargetOf(c.kind)), 'comment_count', c.target_id, -Number(r.numUpdatedRows));
      return { deleted: true as const };
    },
    // Guarded by `deleted_at is null`: run again, it finds the comment gone and changes nothing.
    { idempotent: true },
  );
}
