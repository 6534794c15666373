import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * The key for code HMACs and signed cookies: AUTH_SECRET when configured, otherwise one random
 * secret generated on first start and kept in the database, so every instance shares it and it
 * survives restarts.
 */
export async function loadAuthSecret(db: Kysely<Database>, configured: string | undefined): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'utf8');
  await db
    .insertInto('app_secrets')
    .values({ name: 'auth', value: crypto.randomBytes(32).toString('base64url'), created_at: Date.now() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('app_secrets').select('value').where('name', '=', 'auth').executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'utf8');
}
