import { type Kysely, type Migration, sql } from 'kysely';
import { autoId } from './dialect';

/**
 * Invite-friends campaigns: the friends bound by `lottery_invites` earn their
 * referrer coins that move pending → released (the friend reached the campaign's user level) →
 * received (collected), or → expired (the event ended first, or the referrer was blocked). The
 * state is on the invite row and moves only by guarded updates; every move is also a row of
 * `referral_events`, unique per invite and state, so no move happens twice. Raffle invites have
 * no coin state (null).
 */
export const migration0009: Migration = {
  async up(db: Kysely<unknown>) {
    const id = autoId(db);
    await db.schema.alterTable('lottery_invites').addColumn('coin_state', 'varchar(12)').execute();
    await db.schema
      .alterTable('lottery_invites')
      .addColumn('coins', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('lottery_invites_coin_state')
      .on('lottery_invites')
      .columns(['coin_state', 'campaign_id'])
      .where(sql.ref('coin_state'), 'is not', null)
      .execute();
    await db.schema
      .createTable('referral_events')
      .addColumn('id', id.type, id.build)
      .addColumn('invite_id', 'bigint', (c) => c.notNull().references('lottery_invites.id').onDelete('cascade'))
      // pending | released | received | expired
      .addColumn('state', 'varchar(12)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('referral_events_once', ['invite_id', 'state'])
      .execute();
  },
};
