import type { ExpressionBuilder } from 'kysely';
import type { GiftCodeRow, TGiftCodeState } from '../../shared/api/giftcode-admin';
import { ResultCode } from '../../shared/errors';
import type { Locale } from '../../shared/i18n';
import { inLanguage } from '../campaigns/campaign';
import type { AuditHook } from '../console/audit';
import type { Db, Tx } from '../db/database';
import type { Database } from '../db/schema';
import { AppError } from '../http/app-error';

/** Gift codes as staff see them: state, who redeemed each, and voiding unused ones. */

type Eb = ExpressionBuilder<Database, 'gift_codes'>;

const stateFilter = (eb: Eb, state: Exclude<TGiftCodeState, 'all'>, now: number) => {
  switch (state) {
    case 'redeemed':
      return eb('gift_codes.redeemed_by', 'is not', null);
    case 'voided':
      return eb('gift_codes.voided_at', 'is not', null);
    case 'expired':
      return eb.and([
        eb('gift_codes.redeemed_by', 'is', null),
        eb('gift_codes.voided_at', 'is', null),
        eb('gift_codes.expires_at', '<=', now),
      ]);
    case 'unused':
      return eb.and([
        eb('gift_codes.redeemed_by', 'is', null),
        eb('gift_codes.voided_at', 'is', null),
        eb('gift_codes.expires_at', '>', now),
      ]);
  }
};

const joined = (trx: Tx) =>
  trx
    .selectFrom('gift_codes')
    .innerJoin('lottery_prizes', 'lottery_prizes.id', 'gift_codes.prize_id')
    .leftJoin('users', 'users.id', 'gift_codes.redeemed_by');
const base = (trx: Tx, campaignId: number) => joined(trx).where('gift_codes.campaign_id', '=', campaignId);

const COLUMNS = [
  'gift_codes.id',
  'gift_codes.hint',
  'gift_codes.batch_key',
  'gift_codes.created_at',
  'gift_codes.expires_at',
  'gift_codes.redeemed_by',
  'gift_codes.redeemed_at',
  'gift_codes.voided_at',
  'lottery_prizes.name',
  'users.nickname',
] as const;

type Row = {
  id: number;
  hint: string;
  batch_key: string;
  created_at: number;
  expires_at: number;
  redeemed_by: number | null;
  redeemed_at: number | null;
  voided_at: number | null;
  name: string;
  nickname: string | null;
};

const stateOf = (r: Row, now: number): GiftCodeRow['state'] =>
  r.redeemed_by !== null ? 'redeemed' : r.voided_at !== null ? 'voided' : Number(r.expires_at) <= now ? 'expired' : 'unused';

const toView = (r: Row, locale: Locale, now: number): GiftCodeRow => ({
  id: String(r.id),
  hint: r.hint,
  batchKey: r.batch_key,
  prizeName: inLanguage(JSON.parse(r.name) as Record<string, string>, locale),
  state: stateOf(r, now),
  createdAt: Number(r.created_at),
  expiresAt: Number(r.expires_at),
  redeemedBy: r.redeemed_by !== null ? { userId: String(r.redeemed_by), nickname: r.nickname ?? '' } : null,
  redeemedAt: r.redeemed_at === null ? null : Number(r.redeemed_at),
  voidedAt: r.voided_at === null ? null : Number(r.voided_at),
});

export async function listCodes(
  db: Db,
  f: { campaignId: number; state: TGiftCodeState; q: string; before?: number | undefined; limit: number },
  locale: Locale,
  now = Date.now(),
) {
  let q = base(db.kysely, f.campaignId).select(COLUMNS);
  const state = f.state;
  if (state !== 'all') q = q.where((eb) => stateFilter(eb, state, now));
  // A code's hint is its last four characters (as printed, without hyphens); a batch is found by its key.
  const typed = f.q.replace(/-/g, '').toUpperCase();
  if (typed) q = q.where((eb) => eb.or([eb('gift_codes.hint', '=', typed.slice(-4)), eb('gift_codes.batch_key', '=', f.q)]));
  if (f.before !== undefined) q = q.where('gift_codes.id', '<', f.before);
  const rows = (await q
    .orderBy('gift_codes.id', 'desc')
    .limit(f.limit + 1)
    .execute()) as Row[];
  const page = rows.slice(0, f.limit);
  const count = (s: Exclude<TGiftCodeState, 'all'>) =>
    base(db.kysely, f.campaignId)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => stateFilter(eb, s, now))
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  return {
    list: page.map((r) => toView(r, locale, now)),
    next: rows.length > f.limit ? String(page[page.length - 1]?.id) : null,
    counts: {
      unused: await count('unused'),
      redeemed: await count('redeemed'),
      expired: await count('expired'),
      voided: await count('voided'),
    },
  };
}

/** The campaign a code belongs to (whose staff may act on it), or 1001. */
export async function campaignOfCode(db: Db, codeId: number): Promise<number> {
  const row = await db.kysely.selectFrom('gift_codes').select('campaign_id').where('id', '=', codeId).executeTakeFirst();
  if (!row) throw new AppError(ResultCode.notFound);
  return Number(row.campaign_id);
}

const codeRow = async (trx: Tx, codeId: number, locale: Locale, now: number) =>
  toView((await joined(trx).select(COLUMNS).where('gift_codes.id', '=', codeId).executeTakeFirstOrThrow()) as Row, locale, now);

/**
 * Voids an unused code, in one transaction with its redeeming's guard: both are guarded updates
 * of the code's row, so a void and a redeem of the same code never both succeed. The prize's
 * stock unit the code held is taken back.
 */
export async function voidCode(db: Db, s: { codeId: number; actorId: number }, locale: Locale, audit: AuditHook, now = Date.now()) {
  return db.transaction(async (trx) => {
    const before = await codeRow(trx, s.codeId, locale, now);
    const taken = await trx
      .updateTable('gift_codes')
      .set({ voided_at: now, voided_by: s.actorId })
      .where('id', '=', s.codeId)
      .where('redeemed_by', 'is', null)
      .where('voided_at', 'is', null)
      .returning('prize_id')
      .executeTakeFirst();
    if (!taken) throw new AppError(ResultCode.giftCodeNotVoidable);
    await trx
      .updateTable('lottery_prizes')
      .set((eb) => ({ stock: eb('stock', '-', 1) }))
      .where('id', '=', taken.prize_id)
      .where('stock', '>', 0)
      .execute();
    const after = await codeRow(trx, s.codeId, locale, now);
    await audit(trx, { itemId: s.codeId, before, after });
    return after;
  });
}
