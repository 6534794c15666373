import type { Kysely, Migration } from 'kysely';
import { autoId } from './dialect';

/**
 * Daily check-in: a check-in campaign is a `lottery_campaigns` row of kind `checkin`.
 * One row per participant and calendar day in their time zone (the unique key is the rule: a
 * retried or concurrent check-in finds the day taken and pays nothing), with the streak it
 * reached and the coins it paid. The participant's time zone is pinned at their first check-in,
 * so changing the phone's zone cannot make two "days" out of one. Also who joined which activity
 * (`allActivity/join`), once each.
 */
export const migration0006: Migration = {
  async up(db: Kysely<unknown>) {
    const id = autoId(db);
    await db.schema
      .createTable('checkin_members')
      .addColumn('campaign_id', 'bigint', (c) => c.notNull().references('lottery_campaigns.id').onDelete('cascade'))
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('time_zone', 'varchar(60)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('checkin_members_pk', ['campaign_id', 'user_id'])
      .execute();
    await db.schema
      .createTable('checkins')
      .addColumn('id', id.type, id.build)
      .addColumn('campaign_id', 'bigint', (c) => c.notNull().references('lottery_campaigns.id').onDelete('cascade'))
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // YYYY-MM-DD in the member's time zone.
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      .addColumn('streak', 'integer', (c) => c.notNull())
      .addColumn('coins', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('checkins_day', ['campaign_id', 'user_id', 'day'])
      .execute();
    await db.schema
      .createTable('activity_participants')
      .addColumn('campaign_id', 'bigint', (c) => c.notNull().references('lottery_campaigns.id').onDelete('cascade'))
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // `activityType` (default 3), as the app sent it.
      .addColumn('activity_type', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('activity_participants_pk', ['campaign_id', 'user_id'])
      .execute();
  },
};
