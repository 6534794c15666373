import { Readable } from 'node:stream';
import type { ShippingAddressFields } from '../../shared/api/addresses';
import type { Locale } from '../../shared/i18n';
import type { Db } from '../db/database';
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

/**
 * One CSV cell. A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR first) is
 * prefixed with `'`: addresses are typed by visitors and the file is opened by staff.
 */
export function csvCell(value: string | number): string {
  let s = String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const iso = (ms: number | null) => (ms === null ? '' : new Date(Number(ms)).toISOString());

/**
 * The shipping list of a campaign as CSV lines, read by id in pages (keyset, so each page is one
 * index range), the header in the caller's language. A Readable pulls the next page only when
 * the reply has room, so memory stays flat however many winners there are.
 */
export function shippingCsv(db: Db, f: { campaignId: number; state: 'toShip' | 'shipped' | 'all' }, locale: Locale): Readable {
  async function* lines() {
    // A byte-order mark, so spreadsheet programs read the UTF-8 names and addresses correctly.
    yield `\uFEFF${FIELDS.map((k) => csvCell(translate(locale, 'operations', `csv.${k}`))).join(',')}\r\n`;
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
      if (rows.length === 0) return;
      let chunk = '';
      for (const r of rows) {
        const a = JSON.parse(r.address) as ShippingAddressFields;
        const prize = inLanguage(JSON.parse(r.name) as Record<string, string>, locale);
        const cells = [
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
        ];
        cells.push(iso(r.created_at), r.carrier ?? '', r.tracking_number ?? '', iso(r.shipped_at ?? null));
        chunk += `${cells.map(csvCell).join(',')}\r\n`;
      }
      yield chunk;
      after = Number(rows[rows.length - 1]?.id);
      if (rows.length < PAGE) return;
    }
  }
  return Readable.from(lines(), { objectMode: false, highWaterMark: 64 * 1024 });
}
