import { type Kysely, type Migration, sql } from 'kysely';
import { autoId, isSqlite } from './dialect';

/**
 * A draw's request id is unique per participant of a campaign instead of across every draw.
 *
 * Every draw inserted into two indexes with random positions (the request id alone, and campaign +
 * user), and on SQLite each dirtied index page is written to the WAL at the commit: the commit was
 * half of a draw's time under load. One unique index on (campaign, user, request id) serves both:
 * retries are found by it, and a campaign's draws and participants are counted with it (its prefix
 * is the old campaign + user index). Another user (or campaign) reusing a request id now simply
 * draws for itself; it never sees the first caller's outcome.
 *
 * PostgreSQL drops the constraint. SQLite cannot drop a column's UNIQUE, so the table is rebuilt
 * (SQLite's documented procedure: foreign keys off, new table, copy, drop, rename, check), in one
 * transaction; with foreign keys on, dropping the old table would delete every win (ON DELETE
 * CASCADE). The migrator runs alone at start, so the statements after the transaction within
 * its connection scope race with nothing.
 */
export const migration0019: Migration = {
  async up(db: Kysely<unknown>) {
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
    await db.schema
      .createIndex('lottery_draws_request')
      .unique()
      .on('lottery_draws')
      .columns(['campaign_id', 'user_id', 'request_id'])
      .execute();
  },
};
