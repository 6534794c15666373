import type { Kysely, Migration } from 'kysely';
import { autoId } from './dialect';

/**
 * Tiered invite rewards: a referrer who has enough qualified friends claims
 * one tier's prize, and the claim ends their inviting in that campaign (later friends are not
 * counted). One claim per referrer and campaign, by its unique key; the prize itself is a win
 * like a raffle's (`win_id`), so My prizes, the address claim and write-off work unchanged.
 */
export const migration0010: Migration = {
  async up(db: Kysely<unknown>) {
    const id = autoId(db);
    await db.schema
      .createTable('referral_tier_claims')
      .addColumn('id', id.type, id.build)
      .addColumn('campaign_id', 'bigint', (c) => c.notNull().references('lottery_campaigns.id'))
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
      // 0-based index into the campaign's `inviteTiers` (and its prizes, in their order)
      .addColumn('tier', 'integer', (c) => c.notNull())
      // qualified friends counted when the claim was made
      .addColumn('friends', 'integer', (c) => c.notNull())
      .addColumn('win_id', 'bigint', (c) => c.notNull().references('lottery_wins.id'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('referral_tier_claims_once', ['campaign_id', 'user_id'])
      .execute();
  },
};
