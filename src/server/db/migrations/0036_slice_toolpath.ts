import type { Kysely, Migration } from 'kysely';

/**
 * A slice made from G-code keeps the toolpath preview the server prepared from it at import (a
 * stored JSON file, content/gcode/toolpath.ts), so the slice page draws its layers without the
 * G-code. Slices stated by hand and older ones have none.
 */
export const migration0036: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('slices').addColumn('toolpath_key', 'varchar(64)').execute();
  },
};
