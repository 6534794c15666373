import { type Kysely, type Migration, sql } from 'kysely';
import { autoId, isSqlite } from './dialect';

/**
 * A draw's request id is kept on the participant's chance balance instead of in a unique index
 * of the draws.
 *
 * Every draw inserted into two indexes at random positions (the request id alone, and campaign +
 * user), and on SQLite every dirtied index page is written to the WAL at the commit: the commit was
 * half of a draw's time under load. The draw already updates its participant's balance row (the
 * chance it spends): that row now also keeps the request id and the draw of the participant's
 * latest draw, and how many draws they made. A retry (the same request id again) is refused by the
 * spend's guard and answered with that draw; the participants and draws of a campaign are counted
 * from the balances; the draws keep one index, campaign + time, whose inserts go to its end (the
 * venues' counts per day use it). A request id is a retry only of the participant's latest draw in
 * that campaign (what a client retries: the call it got no answer to).
 *
 * Existing balances get their counts and latest draw. PostgreSQL drops the constraint and index;
 * SQLite cannot drop a column's UNIQUE, so the draws table is rebuilt by SQLite's documented
 * procedure in one transaction, with foreign keys off (dropping it with them on would cascade to
 * the wins). The migrator runs alone at start, so the statements after the transaction within its
 * connection scope race with nothing.
 */
export const migration0019: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('lottery_chance_balances')
      .addColumn('draws', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('lottery_chance_balances').addColumn('last_request_id', 'varchar(36)').execute();
    await db.schema.alterTable('lottery_chance_balances').addColumn('last_draw_id', 'bigint').execute();
    // While the campaign + user index still exists.
    await sql`update lottery_chance_balances set
        draws = (select count(*) from lottery_draws d where d.campaign_id = lottery_chance_balances.campaign_id and d.user_id = lottery_chance_balances.user_id),
        last_draw_id = (select max(d.id) from lottery_draws d where d.campaign_id = lottery_chance_balances.campaign_id and d.user_id = lottery_chance_balances.user_id)`.execute(
      db,
    );
    await sql`update lottery_chance_balances set last_request_id = (select d.request_id from lottery_draws d where d.id = lottery_chance_balances.last_draw_id)
      where last_draw_id is not null`.execute(db);

    if (!isSqlite(db)) {
      await sql`alter table lottery_draws drop constraint lottery_draws_request_id_key`.execute(db);
    } else {
      await sql`pragma foreign_keys = off`.execute(db);
      await db.transaction().execute(async (trx) => {
        const id = autoId(trx);
        await trx.schema
          .createTable('lottery_draws_new')
          .addColumn('id', id.type, id.build)
          .addColumn('campaign_id', 'bigint', (c) => c.notNull().references('lottery_campaigns.id').onDelete('cascade'))
          .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('request_id', 'varchar(36)', (c) => c.notNull())
          .addColumn('result', 'integer', (c) => c.notNull())
          .addColumn('prize_id', 'bigint')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await sql`insert into lottery_draws_new (id, campaign_id, user_id, request_id, result, prize_id, created_at)
          select id, campaign_id, user_id, request_id, result, prize_id, created_at from lottery_draws`.execute(trx);
        await sql`drop table lottery_draws`.execute(trx);
        await sql`alter table lottery_draws_new rename to lottery_draws`.execute(trx);
        const broken = await sql`pragma foreign_key_check`.execute(trx);
        if (broken.rows.length > 0) throw new Error(`lottery_draws rebuild: ${broken.rows.length} foreign key problems`);
      });
      await sql`pragma foreign_keys = on`.execute(db);
    }
    await sql`drop index if exists lottery_draws_user`.execute(db);
    await db.schema.createIndex('lottery_draws_campaign_time').on('lottery_draws').columns(['campaign_id', 'created_at']).execute();
  },
};
