import type { Kysely, Migration } from 'kysely';
import { autoId } from './dialect';

/**
 * Invited friends of a raffle campaign: who brought which new account, from which device. The
 * unique constraints are the rules themselves, so concurrent accepts on several instances cannot
 * break them: one inviter per friend and campaign (the first referrer), and one friend per device
 * and campaign (a second account on the same phone does not count).
 */
export const migration0005: Migration = {
  async up(db: Kysely<unknown>) {
    const id = autoId(db);
    await db.schema
      .createTable('lottery_invites')
      .addColumn('id', id.type, id.build)
      .addColumn('campaign_id', 'bigint', (c) => c.notNull().references('lottery_campaigns.id').onDelete('cascade'))
      .addColumn('inviter_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('invitee_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // The header context's device uuid of the friend when they accepted.
      .addColumn('device_id', 'varchar(36)', (c) => c.notNull())
      // Chances the inviter got for this friend (the campaign's setting at the time; 0 when it was 0).
      .addColumn('chances_granted', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('lottery_invites_invitee', ['campaign_id', 'invitee_id'])
      .addUniqueConstraint('lottery_invites_device', ['campaign_id', 'device_id'])
      .execute();
    // The inviter's friends list, newest first.
    await db.schema
      .createIndex('lottery_invites_inviter')
      .on('lottery_invites')
      .columns(['campaign_id', 'inviter_id', 'created_at'])
      .execute();
  },
};
