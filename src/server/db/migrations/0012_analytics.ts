import { type Kysely, type Migration, sql } from 'kysely';
import { autoId, isSqlite } from './dialect';

/**
 * Analytics: what the Sensors Data SDK sends to our collector.
 *
 * - `analytics_events`: one row per `track` / `track_signup` record, append-only and written in
 *   batches. Rows arrive in time order, so on PostgreSQL a BRIN index on `time` (a few pages for
 *   millions of rows) serves date ranges; SQLite gets a plain index. The campaign and channel of
 *   an event are columns (not only JSON) because the dashboard filters and groups by them. A
 *   record the SDK sends twice has the same `_track_id`, distinct id and client time: the unique
 *   key makes the second insert do nothing (`sent_time` is 0 when the client sent no time; a
 *   NULL track id, from senders without one, never conflicts).
 * - `analytics_identities`: anonymous id → signed-in id, from `track_signup` (the SDK's login),
 *   so a visitor's steps before and after signing in count as one person.
 * - `analytics_profiles`: user properties after profile_set / set_once / append / increment /
 *   unset / delete, applied in the order received.
 * - `analytics_rejections`: records dropped, counted per day and reason.
 */
export const migration0012: Migration = {
  async up(db: Kysely<unknown>) {
    const id = autoId(db);
    await db.schema
      .createTable('analytics_events')
      .addColumn('id', id.type, id.build)
      .addColumn('time', 'bigint', (c) => c.notNull())
      .addColumn('received_at', 'bigint', (c) => c.notNull())
      .addColumn('type', 'varchar(20)', (c) => c.notNull())
      .addColumn('event', 'varchar(100)', (c) => c.notNull())
      .addColumn('distinct_id', 'varchar(255)', (c) => c.notNull())
      .addColumn('original_id', 'varchar(255)')
      .addColumn('track_id', 'bigint')
      .addColumn('sent_time', 'bigint', (c) => c.notNull())
      .addColumn('activity_id', 'varchar(64)')
      .addColumn('channel', 'varchar(64)')
      .addColumn('properties', 'text', (c) => c.notNull())
      .addColumn('lib', 'text')
      .execute();
    await db.schema
      .createIndex('analytics_events_dedup')
      .on('analytics_events')
      .columns(['distinct_id', 'track_id', 'sent_time'])
      .unique()
      .execute();
    if (isSqlite(db)) {
      await db.schema.createIndex('analytics_events_time').on('analytics_events').column('time').execute();
    } else {
      await sql`create index analytics_events_time on analytics_events using brin (time)`.execute(db);
    }
    await db.schema
      .createIndex('analytics_events_activity')
      .on('analytics_events')
      .columns(['activity_id', 'event', 'time'])
      .where(sql.ref('activity_id'), 'is not', null)
      .execute();

    await db.schema
      .createTable('analytics_identities')
      .addColumn('original_id', 'varchar(255)', (c) => c.primaryKey())
      .addColumn('distinct_id', 'varchar(255)', (c) => c.notNull())
      .addColumn('time', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('analytics_identities_distinct').on('analytics_identities').column('distinct_id').execute();

    await db.schema
      .createTable('analytics_profiles')
      .addColumn('distinct_id', 'varchar(255)', (c) => c.primaryKey())
      .addColumn('properties', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('analytics_rejections')
      // YYYY-MM-DD (UTC)
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      .addColumn('reason', 'varchar(40)', (c) => c.notNull())
      .addColumn('count', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('analytics_rejections_pk', ['day', 'reason'])
      .execute();
  },
};
