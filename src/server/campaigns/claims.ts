import { type ExpressionBuilder, sql } from 'kysely';
import type { TWinnerState, WinnerRow } from '../../shared/api/lottery-claims';
import { ResultCode } from '../../shared/errors';
import type { Locale } from '../../shared/i18n';
import type { AuditHook } from '../console/audit';
import type { Db, Tx } from '../db/database';
import type { Database } from '../db/schema';
import { AppError } from '../http/app-error';
import { inLanguage } from './campaign';

/**
 * The operator's side of prize claims: one campaign's wins as the people who ship them see them,
 * and the shipment of a claimed prize (carrier, tracking number) with its undo. The shipment as it
 * stands lives on the claim; every ship and undo is also an event numbered per win, never updated.
 */

type Eb = ExpressionBuilder<Database, 'lottery_wins' | 'lottery_claims' | 'users' | 'lottery_prizes'>;

/** `%`, `_` and `\` typed by the operator match themselves. */
export const likeContains = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const stateFilter = (eb: Eb, state: TWinnerState) => {
  switch (state) {
    case 'toClaim':
      return eb('lottery_wins.state', '=', 'won');
    case 'toShip':
      return eb.and([eb('lottery_wins.state', '=', 'received'), eb('lottery_claims.shipped_at', 'is', null)]);
    case 'shipped':
      return eb('lottery_claims.shipped_at', 'is not', null);
    case 'writtenOff':
      return eb('lottery_wins.state', '=', 'written_off');
    default:
      return eb.lit(true);
  }
};

const searchFilter = (eb: Eb, q: string) => {
  const like = likeContains(q);
  const contains = (column: string) => sql<boolean>`lower(${sql.ref(column)}) like ${like} escape '\\'`;
  return eb.or([
    eb('lottery_wins.redeem_code', '=', q.toUpperCase()),
    contains('users.nickname'),
    // The address is stored as JSON text: its name, phone and city are found in it.
    contains('lottery_claims.address'),
    contains('lottery_claims.tracking_number'),
  ]);
};

function winnersQuery(trx: Tx, campaignId: number) {
  return trx
    .selectFrom('lottery_wins')
    .innerJoin('lottery_prizes', 'lottery_prizes.id', 'lottery_wins.prize_id')
    .innerJoin('users', 'users.id', 'lottery_wins.user_id')
    .leftJoin('lottery_claims', 'lottery_claims.win_id', 'lottery_wins.id')
    .where('lottery_wins.campaign_id', '=', campaignId);
}

const COLUMNS = [
  'lottery_wins.id as win_id',
  'lottery_wins.user_id',
  'lottery_wins.state',
  'lottery_wins.redeem_code',
  'lottery_wins.created_at',
  'users.nickname',
  'lottery_prizes.name as prize_name',
  'lottery_prizes.kind as prize_kind',
  'lottery_claims.address',
  'lottery_claims.created_at as claimed_at',
  'lottery_claims.shipped_at',
  'lottery_claims.carrier',
  'lottery_claims.tracking_number',
] as const;

type Row = {
  win_id: number;
  user_id: number;
  state: WinnerRow['state'];
  redeem_code: string;
  created_at: number;
  nickname: string;
  prize_name: string;
  prize_kind: number;
  address: string | null;
  claimed_at: number | null;
  shipped_at: number | null;
  carrier: string | null;
  tracking_number: string | null;
};

const toView = (r: Row, locale: Locale): WinnerRow => ({
  winId: String(r.win_id),
  userId: String(r.user_id),
  nickname: r.nickname,
  prizeName: inLanguage(JSON.parse(r.prize_name) as Record<string, string>, locale),
  prizeKind: r.prize_kind,
  state: r.state,
  redeemCode: r.redeem_code,
  wonAt: Number(r.created_at),
  claim: r.address && r.claimed_at !== null ? { address: JSON.parse(r.address), claimedAt: Number(r.claimed_at) } : null,
  shipment:
    r.shipped_at !== null && r.shipped_at !== undefined
      ? { carrier: r.carrier ?? '', trackingNumber: r.tracking_number ?? '', shippedAt: Number(r.shipped_at) }
      : null,
});

/** One page of a campaign's wins, newest first, and how many wait at each step. */
export async function listWinners(
  db: Db,
  f: { campaignId: number; state: TWinnerState; q: string; before?: number | undefined; limit: number },
  locale: Locale,
) {
  const trx = db.kysely;
  let q = winnersQuery(trx, f.campaignId).select(COLUMNS);
  if (f.state !== 'all') q = q.where((eb) => stateFilter(eb, f.state));
  if (f.q) q = q.where((eb) => searchFilter(eb, f.q));
  if (f.before !== undefined) q = q.where('lottery_wins.id', '<', f.before);
  const rows = (await q
    .orderBy('lottery_wins.id', 'desc')
    .limit(f.limit + 1)
    .execute()) as Row[];
  const page = rows.slice(0, f.limit);
  const counts = await winnersQuery(trx, f.campaignId)
    .select((eb) => [
      eb.fn.sum<number>(eb.case().when(stateFilter(eb, 'toClaim')).then(1).else(0).end()).as('toClaim'),
      eb.fn.sum<number>(eb.case().when(stateFilter(eb, 'toShip')).then(1).else(0).end()).as('toShip'),
      eb.fn.sum<number>(eb.case().when(stateFilter(eb, 'shipped')).then(1).else(0).end()).as('shipped'),
      eb.fn.sum<number>(eb.case().when(stateFilter(eb, 'writtenOff')).then(1).else(0).end()).as('writtenOff'),
    ])
    .executeTakeFirstOrThrow();
  return {
    list: page.map((r) => toView(r, locale)),
    next: rows.length > f.limit ? String(page[page.length - 1]?.win_id) : null,
    counts: {
      toClaim: Number(counts.toClaim ?? 0),
      toShip: Number(counts.toShip ?? 0),
      shipped: Number(counts.shipped ?? 0),
      writtenOff: Number(counts.writtenOff ?? 0),
    },
  };
}

/** The campaign a win belongs to (whose staff may act on it), or 1001. */
export async function campaignOfWin(db: Db, winId: number): Promise<number> {
  const row = await db.kysely.selectFrom('lottery_wins').select('campaign_id').where('id', '=', winId).executeTakeFirst();
  if (!row) throw new AppError(ResultCode.notFound);
  return Number(row.campaign_id);
}

async function winnerRow(trx: Tx, winId: number, locale: Locale) {
  const row = (await trx
    .selectFrom('lottery_wins')
    .innerJoin('lottery_prizes', 'lottery_prizes.id', 'lottery_wins.prize_id')
    .innerJoin('users', 'users.id', 'lottery_wins.user_id')
    .leftJoin('lottery_claims', 'lottery_claims.win_id', 'lottery_wins.id')
    .select(COLUMNS)
    .where('lottery_wins.id', '=', winId)
    .executeTakeFirstOrThrow()) as Row;
  return toView(row, locale);
}

async function nextSeq(trx: Tx, winId: number) {
  const last = await trx
    .selectFrom('lottery_shipment_events')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('win_id', '=', winId)
    .executeTakeFirst();
  return Number(last?.seq ?? 0) + 1;
}

/**
 * Marks a claimed prize shipped, once: a guarded update of its claim (a second or concurrent mark
 * finds it shipped and is told so).
 */
export async function markShipped(
  db: Db,
  s: { winId: number; carrier: string; trackingNumber: string; actorId: number },
  locale: Locale,
  audit: AuditHook,
  now = Date.now(),
) {
  return db.transaction(async (trx) => {
    const before = await winnerRow(trx, s.winId, locale);
    const moved = await trx
      .updateTable('lottery_claims')
      .set({ shipped_at: now, carrier: s.carrier, tracking_number: s.trackingNumber })
      .where('win_id', '=', s.winId)
      .where('shipped_at', 'is', null)
      .where((eb) => eb.exists(eb.selectFrom('lottery_wins').select('id').where('id', '=', s.winId).where('state', '=', 'received')))
      .executeTakeFirst();
    // Read again: a concurrent mark may have committed since `before` was read.
    if (Number(moved.numUpdatedRows) === 0)
      throw new AppError((await winnerRow(trx, s.winId, locale)).shipment ? ResultCode.alreadyShipped : ResultCode.notClaimedYet);
    return recordEvent(trx, { ...s, action: 'shipped' }, before, locale, audit, now);
  });
}

/** Undoes a mistaken shipment: the claim waits to ship again; the history keeps both events. */
export async function undoShipment(db: Db, s: { winId: number; actorId: number }, locale: Locale, audit: AuditHook, now = Date.now()) {
  return db.transaction(async (trx) => {
    const before = await winnerRow(trx, s.winId, locale);
    const moved = await trx
      .updateTable('lottery_claims')
      .set({ shipped_at: null, carrier: null, tracking_number: null })
      .where('win_id', '=', s.winId)
      .where('shipped_at', 'is not', null)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) throw new AppError(ResultCode.notShipped);
    const shipment = { carrier: before.shipment?.carrier ?? '', trackingNumber: before.shipment?.trackingNumber ?? '' };
    return recordEvent(trx, { ...s, ...shipment, action: 'undone' }, before, locale, audit, now);
  });
}

/** Appends a shipment event to the claim's history, and audits the claim as it was and is now. */
async function recordEvent(
  trx: Tx,
  e: { winId: number; actorId: number; carrier: string; trackingNumber: string; action: 'shipped' | 'undone' },
  before: Awaited<ReturnType<typeof winnerRow>>,
  locale: Locale,
  audit: AuditHook,
  now: number,
) {
  await trx
    .insertInto('lottery_shipment_events')
    .values({
      win_id: e.winId,
      seq: await nextSeq(trx, e.winId),
      action: e.action,
      carrier: e.carrier,
      tracking_number: e.trackingNumber,
      actor_id: e.actorId,
      created_at: now,
    })
    .execute();
  const after = await winnerRow(trx, e.winId, locale);
  await audit(trx, { itemId: e.winId, before, after });
  return after;
}
