import type { Kysely } from 'kysely';
import { ResultCode } from '../../../shared/errors';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';

/** Result code 1001 naming the input field and the id that matched nothing. */
export const notFound = (field: string, id: number) =>
  new AppError(ResultCode.notFound, { messageKey: 'notFoundNamed', params: { field, id } });

type Table = 'users' | 'topics' | 'circles';

/** Checks that every id of `ids` is a row of `table`; the first missing one is reported by its position. */
export async function requireRows(db: Kysely<Database>, table: Table, ids: readonly number[], field: string): Promise<void> {
  if (ids.length === 0) return;
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  const found = new Set(rows.map((r) => r.id));
  ids.forEach((id, i) => {
    if (!found.has(id)) throw notFound(field.endsWith('Ids') ? `${field}.${i}` : field, id);
  });
}

export const requireRow = (db: Kysely<Database>, table: Table, id: number | undefined, field: string) =>
  id === undefined ? Promise.resolve() : requireRows(db, table, [id], field);

/** A model that is shown (not deleted), with its author. */
export async function requireModel(db: Kysely<Database>, id: number, field: string): Promise<{ id: number; author_id: number }> {
  const model = await db
    .selectFrom('models')
    .select(['id', 'author_id'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!model) throw notFound(field, id);
  return model;
}
