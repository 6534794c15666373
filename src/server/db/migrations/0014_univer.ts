import type { Kysely, Migration } from 'kysely';
import { autoId } from './dialect';

/**
 * University programme registrations (`/univer-register`): one per account, and one per
 * student id at a school (`school_key`: the school's name trimmed and lower-cased), both unique
 * keys, so a retried or doubled submit registers once.
 */
export const migration0014: Migration = {
  async up(db: Kysely<unknown>) {
    const id = autoId(db);
    await db.schema
      .createTable('univer_registrations')
      .addColumn('id', id.type, id.build)
      .addColumn('user_id', 'bigint', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
      .addColumn('full_name', 'varchar(60)', (c) => c.notNull())
      .addColumn('school', 'varchar(100)', (c) => c.notNull())
      .addColumn('school_key', 'varchar(100)', (c) => c.notNull())
      .addColumn('student_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('major', 'varchar(100)', (c) => c.notNull())
      .addColumn('phone', 'varchar(32)', (c) => c.notNull())
      .addColumn('email', 'varchar(120)', (c) => c.notNull())
      .addColumn('graduation_year', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('univer_registrations_student', ['school_key', 'student_id'])
      .execute();
  },
};
