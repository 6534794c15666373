import type { Kysely, Migration } from 'kysely';

/**
 * Downloads of free models (`/free-model/download`): one row per model and member, the
 * first download of each counted once in `models.download_count` (the key decides, so repeated or
 * simultaneous downloads count one).
 */
export const migration0015: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('model_downloads')
      .addColumn('model_id', 'bigint', (c) => c.notNull().references('models.id').onDelete('cascade'))
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // the file of the first download
      .addColumn('file_id', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('model_downloads_once', ['model_id', 'user_id'])
      .execute();
  },
};
