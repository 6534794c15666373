import { type Kysely, type Migration, sql } from 'kysely';

/**
 * The participant's latest draw is found by its time instead of its id. Migration 0019 had the
 * draw write its id onto the balance after inserting itself: a third statement on every draw. The
 * spend that opens the draw now keeps the draw's time (known before the insert) with its request
 * id, and a retry finds that draw through the draws' campaign + time index (then user and request
 * id among the few of that millisecond). Existing balances get their latest draw's time.
 */
export const migration0020: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('lottery_chance_balances').addColumn('last_draw_at', 'bigint').execute();
    await sql`update lottery_chance_balances set last_draw_at = (select d.created_at from lottery_draws d where d.id = lottery_chance_balances.last_draw_id)
      where last_draw_id is not null`.execute(db);
    await db.schema.alterTable('lottery_chance_balances').dropColumn('last_draw_id').execute();
  },
};
