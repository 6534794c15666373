import type { Kysely, Migration } from 'kysely';
import { autoId } from './dialect';

/**
 * Photo modelling scan jobs (`/webview/photo-modelling`): a signed-in member opens a job
 * (mode, object size, quality gear), uploads its photos one by one, each at an index of the set
 * with its camera ring, and submits it. The (job, index) key makes a retried upload idempotent;
 * the files live in the content file storage (`storage_key`).
 */
export const migration0017: Migration = {
  async up(db: Kysely<unknown>) {
    const id = autoId(db);
    await db.schema
      .createTable('photo_scan_jobs')
      .addColumn('id', id.type, id.build)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('mode', 'varchar(16)', (c) => c.notNull())
      .addColumn('object_size', 'varchar(16)', (c) => c.notNull())
      .addColumn('gear', 'varchar(16)', (c) => c.notNull())
      .addColumn('submitted_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('photo_scan_jobs_user').on('photo_scan_jobs').column('user_id').execute();
    await db.schema
      .createTable('photo_scan_photos')
      .addColumn('job_id', 'bigint', (c) => c.notNull().references('photo_scan_jobs.id').onDelete('cascade'))
      .addColumn('idx', 'integer', (c) => c.notNull())
      .addColumn('band', 'varchar(16)', (c) => c.notNull())
      .addColumn('storage_key', 'varchar(64)', (c) => c.notNull())
      .addColumn('mime', 'varchar(32)', (c) => c.notNull())
      .addColumn('bytes', 'integer', (c) => c.notNull())
      .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('photo_scan_photos_once', ['job_id', 'idx'])
      .execute();
  },
};
