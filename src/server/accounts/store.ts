import type { Db, Tx } from '../db/database';
import type { IdentityKind, RoleName, UserState } from '../db/schema';

/** SQL of the accounts domain. Other domains use the accounts service, never this file. */

export interface UserRow {
  id: number;
  nickname: string;
  avatar_url: string;
  gender: number;
  age: number | null;
  introduction: string;
  locale: string;
  level: number;
  premium_until: number | null;
  state: UserState;
  cancel_requested_at: number | null;
  created_at: number;
}

export const userById = (db: Tx, id: number) =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst() as Promise<UserRow | undefined>;

export const identityOf = (db: Tx, kind: IdentityKind, value: string) =>
  db.selectFrom('user_identities').select(['id', 'user_id']).where('kind', '=', kind).where('value', '=', value).executeTakeFirst();

export const identitiesOfUser = (db: Tx, userId: number) =>
  db.selectFrom('user_identities').select(['kind', 'value', 'union_id']).where('user_id', '=', userId).execute();

export const passwordOf = async (db: Tx, userId: number) =>
  (await db.selectFrom('user_passwords').select('hash').where('user_id', '=', userId).executeTakeFirst())?.hash ?? null;

export const rolesOf = (db: Tx, userId: number) =>
  db.selectFrom('user_roles').select(['role', 'scope']).where('user_id', '=', userId).orderBy('role').orderBy('scope').execute();

export async function createUser(db: Tx, u: { nickname: string; locale: string; avatarUrl?: string }, now: number): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({ nickname: u.nickname, locale: u.locale, avatar_url: u.avatarUrl ?? '', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function addIdentity(db: Tx, userId: number, kind: IdentityKind, value: string, now: number, unionId: string | null = null) {
  await db.insertInto('user_identities').values({ user_id: userId, kind, value, union_id: unionId, created_at: now }).execute();
}

export const removeIdentity = (db: Tx, userId: number, kind: IdentityKind) =>
  db.deleteFrom('user_identities').where('user_id', '=', userId).where('kind', '=', kind).executeTakeFirst();

export async function setPassword(db: Tx, userId: number, hash: string, now: number) {
  await db
    .insertInto('user_passwords')
    .values({ user_id: userId, hash, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ hash, updated_at: now }))
    .execute();
}

export const updateUser = (db: Tx, id: number, patch: Partial<Omit<UserRow, 'id' | 'created_at'>>, now: number) =>
  db
    .updateTable('users')
    .set({ ...patch, updated_at: now })
    .where('id', '=', id)
    .execute();

export async function addRole(db: Tx, userId: number, role: RoleName, scope: string, now: number) {
  await db
    .insertInto('user_roles')
    .values({ user_id: userId, role, scope, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'role', 'scope']).doNothing())
    .execute();
}

export const removeRole = (db: Tx, userId: number, role: RoleName, scope: string) =>
  db.deleteFrom('user_roles').where('user_id', '=', userId).where('role', '=', role).where('scope', '=', scope).execute();

/** Accounts whose cooling-off period is over: their sign-in identities and secrets go. */
export async function purgeCancelled(db: Db, before: number, now: number): Promise<number> {
  const due = await db.kysely
    .selectFrom('users')
    .select('id')
    .where('state', '=', 'cancelled')
    .where('cancel_requested_at', '<', before)
    .execute();
  for (const { id } of due) {
    await db.transaction(
      async (trx) => {
        await trx.deleteFrom('user_identities').where('user_id', '=', id).execute();
        await trx.deleteFrom('user_passwords').where('user_id', '=', id).execute();
        await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
        await trx.deleteFrom('user_roles').where('user_id', '=', id).execute();
        // The row stays (ledgers and content refer to it) without anything personal.
        await trx
          .updateTable('users')
          .set({ nickname: '—', avatar_url: '', introduction: '', age: null, cancel_requested_at: null, updated_at: now })
          .where('id', '=', id)
          .where('state', '=', 'cancelled')
          .execute();
      },
      // Deletes, and an update guarded by the state: run again, the account is already bare.
      { idempotent: true },
    );
  }
  return due.length;
}
