import { type Kysely, type Migration, sql } from 'kysely';

/**
 * The outcome of every keyed call (a draw, an exchange, a gift-code redemption, a claim, a
 * check-in, a write-off) by its caller and request id: a retried request id, whichever it is,
 * is answered with its first outcome and changes nothing. The row is written in the call's own
 * transaction, first, so a concurrent duplicate waits for it and then reads the outcome.
 */
export const migration0021: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table request_outcomes (
      user_id bigint not null,
      operation text not null,
      request_id text not null,
      outcome text,
      created_at bigint not null,
      primary key (user_id, operation, request_id)
    )`.execute(db);
    // Old rows are purged by time.
    await db.schema.createIndex('request_outcomes_created').on('request_outcomes').column('created_at').execute();
  },
};
