import type { FastifyRequest } from 'fastify';
import type { AuditRow } from '../../shared/api/console';
import type { Tx } from '../db/database';

/**
 * The console's audit log: every admin action writes one row, in the transaction of the change it
 * describes (a refused or rolled-back change leaves none). Rows are never updated or deleted.
 */

export interface AuditEntry {
  actorId: number;
  action: string;
  itemType: string;
  itemId: string;
  /** The item before the change (absent for a creation). */
  before?: unknown;
  /** The item after the change (absent for a removal). */
  after?: unknown;
  /** The request id of the header context: ties the row to the request's log line. */
  requestId?: string;
}

const json = (v: unknown) => (v === undefined ? null : JSON.stringify(v));

export async function recordAudit(tx: Tx, entry: AuditEntry, now = Date.now()): Promise<void> {
  await tx
    .insertInto('admin_audit')
    .values({
      at: now,
      actor_id: entry.actorId,
      action: entry.action.slice(0, 64),
      item_type: entry.itemType.slice(0, 40),
      item_id: entry.itemId.slice(0, 120),
      before: json(entry.before),
      after: json(entry.after),
      request_id: (entry.requestId ?? '').slice(0, 64),
    })
    .execute();
}

/**
 * What a domain's admin write calls inside its transaction once the change is made: the route
 * that knows the actor builds it (`auditOf`), the domain knows the item and its values.
 */
export type AuditHook = (trx: Tx, change: { itemId: string | number; before?: unknown; after?: unknown }) => Promise<void>;

// The staff member each admin request was admitted for (set by the console's guard, access.ts).
const actors = new WeakMap<FastifyRequest, number>();
export const rememberActor = (request: FastifyRequest, userId: number) => actors.set(request, userId);

/** The audit hook of one admin request's action on items of one type. */
export function auditOf(request: FastifyRequest, action: string, itemType: string): AuditHook {
  const actorId = actors.get(request);
  // A route that audits without a guard is a programming error, not a caller's.
  if (actorId === undefined) throw new Error(`audit of ${action} without an admitted staff member`);
  return (trx, change) =>
    recordAudit(trx, {
      actorId,
      action,
      itemType,
      itemId: String(change.itemId),
      before: change.before,
      after: change.after,
      requestId: request.ctx.requestId,
    });
}

export interface AuditFilter {
  actorId?: number | undefined;
  action?: string | undefined;
  itemType?: string | undefined;
  itemId?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

function filtered(q: Tx, f: AuditFilter) {
  let s = q.selectFrom('admin_audit').leftJoin('users', 'users.id', 'admin_audit.actor_id');
  if (f.actorId !== undefined) s = s.where('admin_audit.actor_id', '=', f.actorId);
  if (f.action) s = s.where('admin_audit.action', '=', f.action);
  if (f.itemType) s = s.where('admin_audit.item_type', '=', f.itemType);
  if (f.itemId) s = s.where('admin_audit.item_id', '=', f.itemId);
  if (f.from !== undefined) s = s.where('admin_audit.at', '>=', f.from);
  if (f.to !== undefined) s = s.where('admin_audit.at', '<', f.to);
  return s;
}

const parse = (v: string | null): unknown => (v === null ? null : JSON.parse(v));

/** One page of the log, newest first; `beforeId` continues after the last row of the previous page. */
export async function listAudit(q: Tx, f: AuditFilter & { beforeId?: number | undefined; limit: number }) {
  let s = filtered(q, f);
  if (f.beforeId !== undefined) s = s.where('admin_audit.id', '<', f.beforeId);
  const rows = await s
    .select([
      'admin_audit.id',
      'admin_audit.at',
      'admin_audit.actor_id',
      'users.nickname',
      'admin_audit.action',
      'admin_audit.item_type',
      'admin_audit.item_id',
      'admin_audit.before',
      'admin_audit.after',
      'admin_audit.request_id',
    ])
    .orderBy('admin_audit.id', 'desc')
    .limit(f.limit + 1)
    .execute();
  const items: AuditRow[] = rows.slice(0, f.limit).map((r) => ({
    id: String(r.id),
    at: Number(r.at),
    actorId: String(r.actor_id),
    actorName: r.nickname ?? null,
    action: r.action,
    itemType: r.item_type,
    itemId: r.item_id,
    before: parse(r.before),
    after: parse(r.after),
    requestId: r.request_id,
  }));
  return { items, more: rows.length > f.limit };
}

/** Every row of the filter, newest first, read a page at a time (an export of any size holds one page). */
export async function* eachAudit(q: Tx, f: AuditFilter, pageSize = 500): AsyncGenerator<AuditRow> {
  let beforeId: number | undefined;
  for (;;) {
    const page = await listAudit(q, { ...f, beforeId, limit: pageSize });
    yield* page.items;
    if (!page.more) return;
    beforeId = Number(page.items[page.items.length - 1]?.id);
  }
}
