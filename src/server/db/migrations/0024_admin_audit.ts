import type { Kysely, Migration } from 'kysely';
import { autoId } from './dialect';

/**
 * The operator console's audit log (console/audit.ts): one row per admin action — who, what, on
 * which item, the values before and after, and the request it came with. Rows are only ever
 * inserted, in the transaction of the change they describe, so a change and its row commit
 * together. Read newest first (the index on `at`) or per item (the index on type, id and time).
 */
export const migration0024: Migration = {
  async up(db: Kysely<unknown>) {
    const id = autoId(db);
    await db.schema
      .createTable('admin_audit')
      .addColumn('id', id.type, id.build)
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('actor_id', 'bigint', (c) => c.notNull())
      .addColumn('action', 'varchar(64)', (c) => c.notNull())
      .addColumn('item_type', 'varchar(40)', (c) => c.notNull())
      .addColumn('item_id', 'varchar(120)', (c) => c.notNull())
      // JSON, or null when there was nothing before (a creation) or after (a removal).
      .addColumn('before', 'text')
      .addColumn('after', 'text')
      .addColumn('request_id', 'varchar(64)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('admin_audit_at').on('admin_audit').column('at').execute();
    await db.schema.createIndex('admin_audit_item').on('admin_audit').columns(['item_type', 'item_id', 'at']).execute();
  },
};
