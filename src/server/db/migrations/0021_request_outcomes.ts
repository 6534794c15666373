import { type Kysely, type Migration, sql } from 'kysely';
import { isSqlite } from './dialect';

/**
 * The outcome of every keyed call (a draw, an exchange, …) by its caller and request id, written
 * in the call's own transaction: a retried request id, whichever it is, is answered with its
 * first outcome and changes nothing (db/keyed.ts). On SQLite the key is the table itself (WITHOUT
 * ROWID: one B-tree to write instead of a table and its key's index); old rows are purged by time.
 */
export const migration0021: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table request_outcomes (
      user_id bigint not null,
      operation text not null,
      request_id text not null,
      outcome text not null,
      created_at bigint not null,
      primary key (request_id, user_id, operation)
    ) ${sql.raw(isSqlite(db) ? 'without rowid' : '')}`.execute(db);
    await db.schema.createIndex('request_outcomes_created').on('request_outcomes').column('created_at').execute();
  },
};
