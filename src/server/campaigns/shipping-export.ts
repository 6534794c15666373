import type { FastifyReply } from 'fastify';
import type { ShippingAddressFields } from '../../shared/api/addresses';
import type { Locale } from '../../shared/i18n';
import type { Db } from '../db/database';
import { sendCsv } from '../http/csv';
import { translate } from '../i18n/catalogues';
import { inLanguage } from './campaign';

/** Rows read per query: the export holds one page in memory whatever the campaign's size. */
const PAGE = 1_000;

const FIELDS = [
  'winId',
  'redeemCode',
  'prize',
  'fullName',
  'phone',
  'country',
  'province',
  'city',
  'street',
  'detail',
  'postCode',
  'email',
  'taxId',
  'remark',
  'claimedAt',
  'carrier',
  'trackingNumber',
  'shippedAt',
] as const;

const iso = (ms: number | null) => (ms === null ? '' : new Date(Number(ms)).toISOString());

type ExportFilter = { campaignId: number; state: 'toShip' | 'shipped' | 'all' };

/** The claimed wins of a campaign by id, a page (one index range) per query. */
async function* claimedRows(db: Db, f: ExportFilter, locale: Locale) {
  let after = 0;
  for (;;) {
    let q = db.kysely
      .selectFrom('lottery_claims')
      .innerJoin('lottery_wins', 'lottery_wins.id', 'lottery_claims.win_id')
      .innerJoin('lottery_prizes', 'lottery_prizes.id', 'lottery_wins.prize_id')
      .select([
        'lottery_wins.id',
        'lottery_wins.redeem_code',
        'lottery_prizes.name',
        'lottery_claims.address',
        'lottery_claims.created_at',
        'lottery_claims.shipped_at',
        'lottery_claims.carrier',
        'lottery_claims.tracking_number',
      ])
      .where('lottery_wins.campaign_id', '=', f.campaignId)
      .where('lottery_wins.state', '=', 'received')
      .where('lottery_wins.id', '>', after);
    if (f.state === 'toShip') q = q.where('lottery_claims.shipped_at', 'is', null);
    if (f.state === 'shipped') q = q.where('lottery_claims.shipped_at', 'is not', null);
    const rows = await q.orderBy('lottery_wins.id').limit(PAGE).execute();
    for (const r of rows) {
      const a = JSON.parse(r.address) as ShippingAddressFields;
      const prize = inLanguage(JSON.parse(r.name) as Record<string, string>, locale);
      yield [
        r.id,
        r.redeem_code,
        prize,
        a.fullName,
        a.phone,
        a.country,
        a.province,
        a.city,
        a.street,
        a.detail,
        a.postCode,
        a.email,
        a.taxId,
        a.remark,
        iso(r.created_at),
        r.carrier ?? '',
        r.tracking_number ?? '',
        iso(r.shipped_at ?? null),
      ];
    }
    if (rows.length < PAGE) return;
    after = Number(rows[rows.length - 1]?.id);
  }
}

/**
 * The shipping list of a campaign as a CSV download, its header in the caller's language. The
 * reply pulls the next page only when it has room, so memory stays flat however many winners.
 */
export function sendShippingCsv(reply: FastifyReply, db: Db, f: ExportFilter, locale: Locale) {
  const name = `shipping-${f.campaignId}-${f.state}-${new Date().toISOString().slice(0, 10)}.csv`;
  const header = FIELDS.map((k) => translate(locale, 'operations', `csv.${k}`));
  return sendCsv(reply, name, header, claimedRows(db, f, locale));
}
