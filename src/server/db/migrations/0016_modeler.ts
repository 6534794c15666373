import type { Kysely, Migration } from 'kysely';
import { autoId } from './dialect';

/**
 * The modeler programme (`/modeler`): members' modelling requests, design contests with
 * entries, and votes (one per member and entry: the primary key decides races; the entry's
 * counter moves in the vote's transaction).
 */
export const migration0016: Migration = {
  async up(db: Kysely<unknown>) {
    let id = autoId(db);
    await db.schema
      .createTable('modeler_requests')
      .addColumn('id', id.type, id.build)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('title', 'varchar(80)', (c) => c.notNull())
      .addColumn('description', 'varchar(2000)', (c) => c.notNull())
      .addColumn('budget', 'integer', (c) => c.notNull())
      .addColumn('image_ids', 'varchar(200)', (c) => c.notNull())
      .addColumn('closed_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('modeler_requests_open').on('modeler_requests').columns(['closed_at', 'created_at']).execute();
    id = autoId(db);
    await db.schema
      .createTable('modeler_contests')
      .addColumn('id', id.type, id.build)
      .addColumn('title', 'varchar(80)', (c) => c.notNull())
      .addColumn('description', 'varchar(2000)', (c) => c.notNull())
      .addColumn('starts_at', 'bigint', (c) => c.notNull())
      .addColumn('ends_at', 'bigint', (c) => c.notNull())
      .addColumn('vote_starts_at', 'bigint', (c) => c.notNull())
      .addColumn('vote_ends_at', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    id = autoId(db);
    await db.schema
      .createTable('modeler_entries')
      .addColumn('id', id.type, id.build)
      .addColumn('contest_id', 'bigint', (c) => c.notNull().references('modeler_contests.id').onDelete('cascade'))
      .addColumn('title', 'varchar(80)', (c) => c.notNull())
      .addColumn('designer', 'varchar(60)', (c) => c.notNull())
      .addColumn('image_url', 'varchar(500)', (c) => c.notNull())
      .addColumn('model_id', 'bigint')
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('vote_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('modeler_entries_contest').on('modeler_entries').columns(['contest_id', 'position']).execute();
    await db.schema
      .createTable('modeler_votes')
      .addColumn('entry_id', 'bigint', (c) => c.notNull().references('modeler_entries.id').onDelete('cascade'))
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('modeler_votes_pk', ['entry_id', 'user_id'])
      .execute();
  },
};
