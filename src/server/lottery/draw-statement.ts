import { sql } from 'kysely';
import { PrizeKind, WinState } from '../../shared/enums';
import { prepared } from '../db/prepared';

/**
 * A whole draw as one statement, for engines with writable CTEs (`Db.writableCtes`): the same
 * writes as the draw's transaction in draw.ts, in the same order, each guarded the same way —
 * spend a chance (none left: no row, nothing written), take a unit of the picked prize's stock
 * (none left: a no-win), record the draw, the win and its credit, and the call's outcome under
 * its request id (a retry or a duplicate fails on that key and writes nothing). The statement is
 * its own transaction, so it is answered after its commit, in one round trip.
 *
 * The prize is picked before the statement, so this form is only for picks that read nothing the
 * spend's lock protects: prizes without a per-user cap. Premium days (read, then extended) and
 * collection cards keep the transaction.
 */
export const drawStatement = prepared<{
  campaignId: number;
  userId: number;
  requestId: string;
  operation: string;
  /** The picked prize, or null for the no-win segment. */
  prizeId: number | null;
  state: 'won' | 'received';
  code: string;
  /** Beans credited by a win (0 for other kinds). */
  coins: number;
  /** Cloud space credited by a win (null for other kinds). */
  space: number | null;
  now: number;
}>()((q, p) => ({
  compile: () =>
    sql<{ draw_id: number; result: number; prize_id: number | null; win_id: number | null; remaining: number; stock: number | null }>`
    with spent as (
      update lottery_chance_balances set remaining = remaining - 1, draws = draws + 1
      where campaign_id = ${p('campaignId')}::bigint and user_id = ${p('userId')}::bigint and remaining > 0
      returning remaining
    ), took as (
      update lottery_prizes set stock = stock - 1
      where id = ${p('prizeId')}::bigint and stock > 0 and exists (select 1 from spent)
      returning id, stock
    ), d as (
      insert into lottery_draws (campaign_id, user_id, request_id, result, prize_id, created_at)
      select ${p('campaignId')}::bigint, ${p('userId')}::bigint, ${p('requestId')}::text,
        case when took.id is null then ${sql.lit(WinState.nowin)} else ${sql.lit(WinState.win)} end, took.id, ${p('now')}::bigint
      from spent left join took on true
      returning id, result, prize_id
    ), w as (
      insert into lottery_wins (draw_id, campaign_id, user_id, prize_id, state, redeem_code, created_at)
      select d.id, ${p('campaignId')}::bigint, ${p('userId')}::bigint, d.prize_id, ${p('state')}::text, ${p('code')}::text, ${p('now')}::bigint
      from d where d.prize_id is not null
      returning id
    ), coins as (
      insert into coin_ledger (user_id, delta, reason, business_key, created_at)
      select ${p('userId')}::bigint, ${p('coins')}::int, 'prize', 'prize:' || w.id, ${p('now')}::bigint
      from w where ${p('coins')}::int > 0
      on conflict (business_key) do nothing
      returning delta
    ), coin_balance as (
      insert into coin_balances (user_id, balance) select ${p('userId')}::bigint, delta from coins
      on conflict (user_id) do update set balance = coin_balances.balance + excluded.balance
    ), space as (
      update users set storage_bonus_gb = storage_bonus_gb + ${p('space')}::int, updated_at = ${p('now')}::bigint
      where id = ${p('userId')}::bigint and ${p('space')}::int is not null and exists (select 1 from w)
    ), outcome as (
      insert into request_outcomes (user_id, operation, request_id, outcome, created_at)
      select ${p('userId')}::bigint, ${p('operation')}::text, ${p('requestId')}::text,
        json_build_object('drawId', d.id, 'result', d.result, 'prizeId', d.prize_id, 'winId', (select id from w), 'remaining', spent.remaining)::text,
        ${p('now')}::bigint
      from d, spent
    )
    select d.id as draw_id, d.result, d.prize_id, (select id from w) as win_id, spent.remaining, (select stock from took) as stock
    from d, spent`.compile(q),
}));

/** The kinds a draw statement credits itself; the others need the draw's transaction. */
export const creditedInStatement = (kind: number) => kind !== PrizeKind.vip;
