import type { Kysely, Migration } from 'kysely';
import { autoId } from './dialect';

/**
 * Resumable uploads of the console's content import (content/import/uploads.ts): an upload names
 * its file and size when it starts, then takes the file in parts, each appended only at the offset
 * reached so far (a guarded update of `received_bytes`), so a dropped connection resumes where it
 * stopped and a part sent twice is taken once. Each part is a file of the store until the upload
 * completes and is checked whole; then the parts go and the upload keeps the stored file's id, so
 * a client whose last answer was lost still learns which file it made.
 */
export const migration0032: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('content_uploads')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('actor_id', 'bigint', (c) => c.notNull())
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('size_bytes', 'bigint', (c) => c.notNull())
      .addColumn('received_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
      // The stored file (content_files) once the upload is complete.
      .addColumn('file_id', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('content_uploads_actor').on('content_uploads').columns(['actor_id', 'updated_at']).execute();
    const id = autoId(db);
    await db.schema
      .createTable('content_upload_parts')
      .addColumn('id', id.type, id.build)
      .addColumn('upload_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('offset_bytes', 'bigint', (c) => c.notNull())
      .addColumn('size_bytes', 'bigint', (c) => c.notNull())
      .addColumn('storage_key', 'varchar(64)', (c) => c.notNull())
      // One part per offset: a part that arrives twice is stored once.
      .addUniqueConstraint('content_upload_parts_offset', ['upload_id', 'offset_bytes'])
      .execute();
  },
};
