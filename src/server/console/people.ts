import { type Expression, type SqlBool, sql } from 'kysely';
import type { PersonDetail, PersonRow, PersonSession } from '../../shared/api/console-people';
import type { Locale } from '../../shared/i18n';
import { maskAccount } from '../../shared/rules';
import { inLanguage } from '../campaigns/campaign';
import type { Tx } from '../db/database';

/**
 * The console's People reads: finding members and one member's account as staff see it. Phones
 * and e-mails are masked for staff who are not support (nor admins), and such staff find members
 * by nickname or id only: matching a typed phone number or e-mail would tell them whether it is
 * a member's, which the mask is there to keep from them.
 */

/** `column` contains `text`, case-insensitively, on both engines (`%` and `_` taken literally). */
function contains(column: string, text: string): Expression<SqlBool> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

const shown = (value: string | null | undefined, masked: boolean) => (value ? (masked ? maskAccount(value) : value) : null);

async function contactsOf(q: Tx, ids: number[]) {
  if (!ids.length) return new Map<number, { phone?: string; email?: string }>();
  const rows = await q
    .selectFrom('user_identities')
    .select(['user_id', 'kind', 'value'])
    .where('user_id', 'in', ids)
    .where('kind', 'in', ['phone', 'email'])
    .orderBy('id')
    .execute();
  const byUser = new Map<number, { phone?: string; email?: string }>();
  for (const r of rows) {
    const c = byUser.get(r.user_id) ?? {};
    if (r.kind === 'phone') c.phone ??= r.value;
    else c.email ??= r.value;
    byUser.set(r.user_id, c);
  }
  return byUser;
}

/** Members matching `text`, newest first. */
export async function searchPeople(q: Tx, text: string, opts: { masked: boolean; limit: number }): Promise<PersonRow[]> {
  const digits = text.replace(/[\s()+-]/g, '');
  const byId = /^\d{1,15}$/.test(digits) ? Number(digits) : null;
  const ids = await q
    .selectFrom('users')
    .select('users.id')
    .where((eb) => {
      const any = [contains('users.nickname', text)];
      if (byId !== null) any.push(eb('users.id', '=', byId));
      if (!opts.masked) {
        const identity = (kind: 'phone' | 'email', part: string) =>
          eb.exists(
            eb
              .selectFrom('user_identities')
              .select('user_identities.id')
              .whereRef('user_identities.user_id', '=', 'users.id')
              .where('user_identities.kind', '=', kind)
              .where(contains('user_identities.value', part)),
          );
        if (/^\d{4,}$/.test(digits)) any.push(identity('phone', digits));
        if (text.includes('@') || /^[^\s@]+\.[a-z]{2,}$/i.test(text)) any.push(identity('email', text));
      }
      return eb.or(any);
    })
    .orderBy('users.id', 'desc')
    .limit(opts.limit)
    .execute();
  return rowsOf(
    q,
    ids.map((r) => r.id),
    opts.masked,
  );
}

async function rowsOf(q: Tx, ids: number[], masked: boolean): Promise<PersonRow[]> {
  if (!ids.length) return [];
  const [users, contacts] = await Promise.all([
    q.selectFrom('users').select(['id', 'nickname', 'avatar_url', 'state', 'created_at']).where('id', 'in', ids).execute(),
    contactsOf(q, ids),
  ]);
  const byId = new Map(users.map((u) => [u.id, u]));
  return ids.flatMap((id) => {
    const u = byId.get(id);
    if (!u) return [];
    const c = contacts.get(id);
    return [
      {
        id: String(u.id),
        nickname: u.nickname,
        avatarUrl: u.avatar_url,
        state: u.state,
        createdAt: Number(u.created_at),
        phone: shown(c?.phone, masked),
        email: shown(c?.email, masked),
      },
    ];
  });
}

/** A short description of a session's device from its user agent (the token is never read). */
export function deviceOf(userAgent: string): string {
  const ua = userAgent || '';
  const os = /iPhone|iPad/.test(ua)
    ? 'iOS'
    : /Android/.test(ua)
      ? 'Android'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : '';
  const app = /MicroMessenger/.test(ua)
    ? 'WeChat'
    : /Edg\//.test(ua)
      ? 'Edge'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : '';
  const both = [app, os].filter(Boolean).join(' · ');
  return both || ua.slice(0, 60);
}

const LIST = 50;

/** One member as the console shows them; null when there is no such member. */
export async function personDetail(
  q: Tx,
  userId: number,
  opts: { masked: boolean; locale: Locale; now: number },
): Promise<Omit<PersonDetail, 'may'> | null> {
  const [row] = await rowsOf(q, [userId], opts.masked);
  const user = await q.selectFrom('users').select(['level', 'premium_until']).where('id', '=', userId).executeTakeFirst();
  if (!row || !user) return null;
  const [identities, password, sessions, roles, wins, orders, balance, ledger] = await Promise.all([
    q.selectFrom('user_identities').select(['kind', 'value', 'created_at']).where('user_id', '=', userId).orderBy('id').execute(),
    q.selectFrom('user_passwords').select('updated_at').where('user_id', '=', userId).executeTakeFirst(),
    q
      .selectFrom('sessions')
      .select(['id', 'user_agent', 'created_at', 'last_used_at', 'expires_at', 'revoked_at'])
      .where('user_id', '=', userId)
      .orderBy('last_used_at', 'desc')
      .orderBy('id', 'desc')
      .limit(LIST)
      .execute(),
    q.selectFrom('user_roles').select(['role', 'scope']).where('user_id', '=', userId).orderBy('role').orderBy('scope').execute(),
    q
      .selectFrom('lottery_wins as w')
      .innerJoin('lottery_campaigns as c', 'c.id', 'w.campaign_id')
      .innerJoin('lottery_prizes as p', 'p.id', 'w.prize_id')
      .select(['w.id', 'w.campaign_id', 'c.title', 'p.name', 'w.state', 'w.created_at'])
      .where('w.user_id', '=', userId)
      .orderBy('w.id', 'desc')
      .limit(LIST)
      .execute(),
    q
      .selectFrom('mall_orders')
      .select(['order_no', 'state', 'total_fen', 'item_count', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(LIST)
      .execute(),
    q.selectFrom('coin_balances').select('balance').where('user_id', '=', userId).executeTakeFirst(),
    q
      .selectFrom('coin_ledger')
      .select(['id', 'delta', 'reason', 'note', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(LIST)
      .execute(),
  ]);
  const text = (json: string) => inLanguage(JSON.parse(json) as Record<string, string>, opts.locale);
  const sessionState = (s: (typeof sessions)[number]): PersonSession['state'] =>
    s.revoked_at !== null ? 'revoked' : Number(s.expires_at) <= opts.now ? 'expired' : 'active';
  return {
    ...row,
    level: user.level,
    premiumUntil: user.premium_until === null ? null : Number(user.premium_until),
    masked: opts.masked,
    signIns: [
      ...identities.map((i) => ({
        kind: i.kind,
        // A WeChat identity is an opaque id: staff need to know it is there, not its value.
        value: i.kind === 'wechat' ? '' : (shown(i.value, opts.masked) ?? ''),
        since: Number(i.created_at),
      })),
      ...(password ? [{ kind: 'password' as const, value: '', since: Number(password.updated_at) }] : []),
    ],
    sessions: sessions.map((s) => ({
      id: String(s.id),
      device: deviceOf(s.user_agent),
      createdAt: Number(s.created_at),
      lastSeenAt: Number(s.last_used_at),
      expiresAt: Number(s.expires_at),
      state: sessionState(s),
    })),
    roles,
    wins: wins.map((w) => ({
      id: String(w.id),
      campaignId: String(w.campaign_id),
      campaign: text(w.title),
      prize: text(w.name),
      state: w.state,
      at: Number(w.created_at),
    })),
    orders: orders.map((o) => ({
      orderNo: o.order_no,
      state: o.state,
      totalFen: o.total_fen,
      itemCount: o.item_count,
      at: Number(o.created_at),
    })),
    coins: {
      balance: balance?.balance ?? 0,
      ledger: ledger.map((l) => ({ id: String(l.id), delta: l.delta, reason: l.reason, note: l.note, at: Number(l.created_at) })),
    },
  };
}
