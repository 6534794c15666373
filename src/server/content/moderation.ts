import type { QueueItem, TReportedKind, TReportReason } from '../../shared/api/moderation';
import { ResultCode } from '../../shared/errors';
import type { AuditHook } from '../console/audit';
import type { Db, Tx } from '../db/database';
import { AppError } from '../http/app-error';
import { bump, commentTargetOf, tableOf } from './targets';

/**
 * Visitors' reports and the staff's decisions. Hiding sets `hidden_at` and `deleted_at` together,
 * so every read that skips deleted content skips hidden content too; restoring clears both only
 * for what staff hid (content its author deleted stays deleted). A hidden comment takes its
 * replies with it, and the count of comments on its model or post follows.
 */

type Hideable = 'model' | 'post' | 'comment';

/** The item as staff see it in the queue, or null when it does not exist (deleted by its author included). */
async function preview(trx: Tx, type: TReportedKind, id: number) {
  if (type === 'user') {
    const u = await trx.selectFrom('users').select(['nickname']).where('id', '=', id).executeTakeFirst();
    return u
      ? { excerpt: u.nickname, authorName: u.nickname, link: `/creality-cloud/personal-center/${id}`, hidden: false, gone: false }
      : null;
  }
  if (type === 'comment') {
    const c = await trx
      .selectFrom('comments')
      .innerJoin('users', 'users.id', 'comments.author_id')
      .select(['comments.body', 'comments.kind', 'comments.target_id', 'comments.deleted_at', 'comments.hidden_at', 'users.nickname'])
      .where('comments.id', '=', id)
      .executeTakeFirst();
    if (!c) return null;
    const target = commentTargetOf(c.kind);
    const link = target === 'model' ? `/creality-cloud/model-details/${c.target_id}` : `/creality-cloud/share-content/${c.target_id}`;
    return {
      excerpt: c.body.slice(0, 280),
      authorName: c.nickname,
      link,
      hidden: c.hidden_at !== null,
      gone: c.deleted_at !== null && c.hidden_at === null,
    };
  }
  const row =
    type === 'model'
      ? await trx
          .selectFrom('models')
          .innerJoin('users', 'users.id', 'models.author_id')
          .select(['models.title as text', 'models.deleted_at', 'models.hidden_at', 'users.nickname'])
          .where('models.id', '=', id)
          .executeTakeFirst()
      : await trx
          .selectFrom('posts')
          .innerJoin('users', 'users.id', 'posts.author_id')
          .select((eb) => [
            eb.fn.coalesce(eb.fn('nullif', ['posts.title', eb.val('')]), 'posts.body').as('text'),
            'posts.deleted_at',
            'posts.hidden_at',
            'users.nickname',
          ])
          .where('posts.id', '=', id)
          .executeTakeFirst();
  if (!row) return null;
  const link = type === 'model' ? `/creality-cloud/model-details/${id}` : `/creality-cloud/share-content/${id}`;
  return {
    excerpt: String(row.text).slice(0, 280),
    authorName: row.nickname,
    link,
    hidden: row.hidden_at !== null,
    gone: row.deleted_at !== null && row.hidden_at === null,
  };
}

/** A visitor's report, once per visitor and item (a second one is told it is already in). */
export async function reportItem(
  db: Db,
  r: { reporterId: number; itemType: TReportedKind; itemId: number; reason: TReportReason; note: string },
  now = Date.now(),
) {
  return db.transaction(async (trx) => {
    const item = await preview(trx, r.itemType, r.itemId);
    if (!item || item.gone || item.hidden) throw new AppError(ResultCode.notFound);
    const inserted = await trx
      .insertInto('content_reports')
      .values({ item_type: r.itemType, item_id: r.itemId, reporter_id: r.reporterId, reason: r.reason, note: r.note, created_at: now })
      .onConflict((oc) => oc.columns(['item_type', 'item_id', 'reporter_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) throw new AppError(ResultCode.alreadyReported);
    return { reported: true as const };
  });
}

async function queueItem(trx: Tx, type: TReportedKind, id: number): Promise<QueueItem> {
  const item = await preview(trx, type, id);
  if (!item) throw new AppError(ResultCode.notFound);
  const reports = await trx
    .selectFrom('content_reports')
    .select(['reason', 'note', 'created_at'])
    .where('item_type', '=', type)
    .where('item_id', '=', id)
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  const last = await trx
    .selectFrom('content_moderation_events')
    .select(['action', 'created_at'])
    .where('item_type', '=', type)
    .where('item_id', '=', id)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  const reasons: Partial<Record<TReportReason, number>> = {};
  for (const r of reports) reasons[r.reason as TReportReason] = (reasons[r.reason as TReportReason] ?? 0) + 1;
  return {
    itemType: type,
    itemId: String(id),
    excerpt: item.excerpt,
    authorName: item.authorName,
    link: item.link,
    reports: reports.length,
    reasons,
    notes: reports
      .map((r) => r.note)
      .filter((n) => n !== '')
      .slice(0, 5),
    lastReportedAt: Number(reports[0]?.created_at ?? 0),
    hidden: item.hidden,
    decision: last ? { action: last.action, at: Number(last.created_at) } : null,
  };
}

/** Reported items, most recently reported first: open (reported since the last decision), hidden, or all. */
export async function moderationQueue(
  db: Db,
  f: { state: 'open' | 'hidden' | 'all'; itemType?: TReportedKind | undefined; limit: number },
) {
  let q = db.kysely
    .selectFrom('content_reports as r')
    .select((eb) => [
      'r.item_type',
      'r.item_id',
      eb.fn.max('r.created_at').as('last_reported'),
      eb
        .selectFrom('content_moderation_events as e')
        .select((e) => e.fn.max('e.created_at').as('t'))
        .whereRef('e.item_type', '=', 'r.item_type')
        .whereRef('e.item_id', '=', 'r.item_id')
        .as('decided_at'),
    ])
    .groupBy(['r.item_type', 'r.item_id']);
  if (f.itemType) q = q.where('r.item_type', '=', f.itemType);
  // Several hundred candidates are read and the page is taken from them; reported items are few.
  const rows = await q.orderBy('last_reported', 'desc').limit(500).execute();
  const list: QueueItem[] = [];
  for (const r of rows) {
    if (list.length >= f.limit) break;
    const open = r.decided_at === null || Number(r.decided_at) < Number(r.last_reported);
    if (f.state === 'open' && !open) continue;
    const item = await queueItem(db.kysely, r.item_type, Number(r.item_id)).catch(() => null);
    if (!item) continue;
    if (f.state === 'hidden' && !item.hidden) continue;
    if (f.state === 'open' && item.hidden) continue;
    list.push(item);
  }
  return { list };
}

async function recordDecision(
  trx: Tx,
  type: TReportedKind,
  id: number,
  action: 'hidden' | 'restored' | 'dismissed',
  actorId: number,
  now: number,
) {
  const last = await trx
    .selectFrom('content_moderation_events')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('item_type', '=', type)
    .where('item_id', '=', id)
    .executeTakeFirst();
  await trx
    .insertInto('content_moderation_events')
    .values({ item_type: type, item_id: id, seq: Number(last?.seq ?? 0) + 1, action, actor_id: actorId, created_at: now })
    .execute();
}

/** Hides a model, post or comment (with its replies) at once; a hidden or deleted one is refused. */
export async function hideItem(db: Db, s: { itemType: Hideable; itemId: number; actorId: number }, audit: AuditHook, now = Date.now()) {
  return db.transaction(async (trx) => {
    const before = await queueItem(trx, s.itemType, s.itemId);
    if (s.itemType === 'comment') {
      const c = await trx
        .selectFrom('comments')
        .select(['kind', 'target_id'])
        .where('id', '=', s.itemId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!c) throw new AppError(ResultCode.moderationStateChanged);
      const r = await trx
        .updateTable('comments')
        .set({ deleted_at: now, hidden_at: now })
        .where('deleted_at', 'is', null)
        .where((eb) => eb.or([eb('id', '=', s.itemId), eb('parent_id', '=', s.itemId)]))
        .executeTakeFirst();
      await bump(trx, tableOf(commentTargetOf(c.kind)), 'comment_count', c.target_id, -Number(r.numUpdatedRows));
    } else {
      const r = await trx
        .updateTable(tableOf(s.itemType))
        .set({ deleted_at: now, hidden_at: now })
        .where('id', '=', s.itemId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) throw new AppError(ResultCode.moderationStateChanged);
    }
    await recordDecision(trx, s.itemType, s.itemId, 'hidden', s.actorId, now);
    const after = await queueItem(trx, s.itemType, s.itemId);
    await audit(trx, { itemId: `${s.itemType}:${s.itemId}`, before, after });
    return after;
  });
}

/** Restores what staff hid (a comment with the replies hidden with it); anything else is refused. */
export async function restoreItem(db: Db, s: { itemType: Hideable; itemId: number; actorId: number }, audit: AuditHook, now = Date.now()) {
  return db.transaction(async (trx) => {
    const before = await queueItem(trx, s.itemType, s.itemId);
    if (s.itemType === 'comment') {
      const c = await trx
        .selectFrom('comments')
        .select(['kind', 'target_id', 'hidden_at'])
        .where('id', '=', s.itemId)
        .where('hidden_at', 'is not', null)
        .executeTakeFirst();
      if (!c || c.hidden_at === null) throw new AppError(ResultCode.moderationStateChanged);
      const r = await trx
        .updateTable('comments')
        .set({ deleted_at: null, hidden_at: null })
        .where('hidden_at', '=', c.hidden_at)
        .where((eb) => eb.or([eb('id', '=', s.itemId), eb('parent_id', '=', s.itemId)]))
        .executeTakeFirst();
      await bump(trx, tableOf(commentTargetOf(c.kind)), 'comment_count', c.target_id, Number(r.numUpdatedRows));
    } else {
      const r = await trx
        .updateTable(tableOf(s.itemType))
        .set({ deleted_at: null, hidden_at: null })
        .where('id', '=', s.itemId)
        .where('hidden_at', 'is not', null)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) throw new AppError(ResultCode.moderationStateChanged);
    }
    await recordDecision(trx, s.itemType, s.itemId, 'restored', s.actorId, now);
    const after = await queueItem(trx, s.itemType, s.itemId);
    await audit(trx, { itemId: `${s.itemType}:${s.itemId}`, before, after });
    return after;
  });
}

/** The reports need no action: recorded as a decision, so the item leaves the open queue. */
export async function dismissReports(
  db: Db,
  s: { itemType: TReportedKind; itemId: number; actorId: number },
  audit: AuditHook,
  now = Date.now(),
) {
  return db.transaction(async (trx) => {
    const before = await queueItem(trx, s.itemType, s.itemId);
    if (before.reports === 0) throw new AppError(ResultCode.notFound);
    await recordDecision(trx, s.itemType, s.itemId, 'dismissed', s.actorId, now);
    const after = await queueItem(trx, s.itemType, s.itemId);
    await audit(trx, { itemId: `${s.itemType}:${s.itemId}`, before, after });
    return after;
  });
}
