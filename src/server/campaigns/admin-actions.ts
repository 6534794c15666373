import { sql } from 'kysely';
import type { TAdminCampaign, TCampaignKind, TCampaignListItem } from '../../shared/api/lottery-admin';
import { ResultCode } from '../../shared/errors';
import type { AuditHook } from '../console/audit';
import type { Db } from '../db/database';
import { AppError, refused } from '../http/app-error';
import { loadAdminCampaign } from './admin';
import { forgetCampaign, stateOf } from './campaign';

/**
 * The console's running-campaign actions: list, pause/resume/end, restock. Each write is one
 * transaction with its audit row, and moves only what it names with a relative or guarded update,
 * so draws taking stock at the same moment are neither lost nor oversold.
 */

export async function listCampaigns(
  db: Db,
  f: { kind?: TCampaignKind | undefined; state?: TCampaignListItem['state'] | undefined; ids: 'all' | number[] },
  now: number,
): Promise<{ items: TCampaignListItem[] }> {
  if (f.ids !== 'all' && f.ids.length === 0) return { items: [] };
  let q = db.kysely
    .selectFrom('lottery_campaigns as c')
    .leftJoin('lottery_prizes as p', 'p.campaign_id', 'c.id')
    .select(['c.id', 'c.kind', 'c.title', 'c.starts_at', 'c.ends_at', 'c.restocking'])
    .select((eb) => [eb.fn.count<number>('p.id').as('prizes'), sql<number>`coalesce(sum(p.stock), 0)`.as('stock')])
    .groupBy(['c.id', 'c.kind', 'c.title', 'c.starts_at', 'c.ends_at', 'c.restocking'])
    .orderBy('c.id', 'desc')
    .limit(500);
  if (f.kind) q = q.where('c.kind', '=', f.kind);
  if (f.ids !== 'all') q = q.where('c.id', 'in', f.ids);
  const items = (await q.execute()).map((r) => {
    const schedule = { startsAt: Number(r.starts_at), endsAt: Number(r.ends_at), restocking: r.restocking === 1 };
    return {
      id: Number(r.id),
      kind: r.kind as TCampaignKind,
      title: JSON.parse(r.title) as Record<string, string>,
      ...schedule,
      state: stateOf(schedule, now),
      prizes: Number(r.prizes),
      stock: Number(r.stock),
    };
  });
  return { items: f.state ? items.filter((i) => i.state === f.state) : items };
}

export async function changeState(
  db: Db,
  id: number,
  action: 'pause' | 'resume' | 'end',
  now: number,
  audit?: AuditHook,
): Promise<TAdminCampaign> {
  const after = await db.transaction(async (trx) => {
    const before = await loadAdminCampaign(trx, id);
    if (!before) throw new AppError(ResultCode.notFound);
    if (before.endsAt <= now) throw refused([{ field: 'action', message: 'the campaign has ended' }]);
    if (action === 'end' && before.startsAt >= now)
      throw refused([{ field: 'action', message: 'the campaign has not started: change its dates instead' }]);
    const set = action === 'end' ? { ends_at: now } : { restocking: action === 'pause' ? 1 : 0 };
    await trx
      .updateTable('lottery_campaigns')
      .set({ ...set, updated_at: now })
      .where('id', '=', id)
      .execute();
    const changed = (await loadAdminCampaign(trx, id)) as TAdminCampaign;
    await audit?.(trx, { itemId: id, before: pick(before), after: pick(changed) });
    return changed;
  });
  forgetCampaign(db, id);
  return after;
}

const pick = (c: TAdminCampaign) => ({ startsAt: c.startsAt, endsAt: c.endsAt, restocking: c.restocking });

export async function restock(db: Db, id: number, prizeId: number, add: number, now: number, audit?: AuditHook): Promise<TAdminCampaign> {
  const after = await db.transaction(async (trx) => {
    // Relative to whatever draws have left, in one statement: a draw's guarded decrement and this
    // addition both count, whichever commits first.
    const row = await trx
      .updateTable('lottery_prizes')
      .set({ stock: sql<number>`stock + ${add}` })
      .where('id', '=', prizeId)
      .where('campaign_id', '=', id)
      .where(sql<boolean>`stock + ${add} >= 0`)
      .returning('stock')
      .executeTakeFirst();
    if (!row) {
      const exists = await trx
        .selectFrom('lottery_prizes')
        .select('id')
        .where('id', '=', prizeId)
        .where('campaign_id', '=', id)
        .executeTakeFirst();
      throw exists ? refused([{ field: 'add', message: 'would take the stock below zero' }]) : new AppError(ResultCode.notFound);
    }
    await trx.updateTable('lottery_campaigns').set({ updated_at: now }).where('id', '=', id).execute();
    await audit?.(trx, { itemId: id, before: { prizeId, stock: row.stock - add }, after: { prizeId, stock: row.stock, add } });
    return (await loadAdminCampaign(trx, id)) as TAdminCampaign;
  });
  forgetCampaign(db, id);
  return after;
}
