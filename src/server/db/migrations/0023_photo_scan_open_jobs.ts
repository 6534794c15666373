import { type Kysely, type Migration, sql } from 'kysely';

/**
 * The periodic clean-up looks for open photo-scan jobs created before a cut-off
 * (photoscan/limits.ts): a partial index on the open ones keeps that a range read however many
 * submitted jobs pile up.
 */
export const migration0023: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('photo_scan_jobs_open')
      .on('photo_scan_jobs')
      .column('created_at')
      .where(sql.ref('submitted_at'), 'is', null)
      .execute();
  },
};
