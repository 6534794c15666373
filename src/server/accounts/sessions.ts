import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { StampedCache } from '../db/change-stamp';
import { prepared } from '../db/prepared';
import type { Database } from '../db/schema';

/**
 * Sessions: a 256-bit random token goes to the client once; the database keeps only its SHA-256,
 * with expiry, last use and revocation. A stolen database does not yield usable tokens.
 */
const LAST_USE_GRANULARITY_MS = 5 * 60_000;

export const tokenHash = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
const newToken = () => crypto.randomBytes(32).toString('base64url');

// Every signed-in call looks its session up: built once (db/prepared.ts).
const sessionByHash = prepared((db, p: { hash: string }) =>
  db
    .selectFrom('sessions')
    .select(['id', 'user_id', 'expires_at', 'last_used_at', 'revoked_at', 'elevated_until'])
    .where('token_hash', '=', p.hash),
);

/**
 * Every signed-in call reads its session: on the embedded engine the row is kept until the
 * sessions table changes (a sign-in, a revocation, a last-use update: db/change-stamp.ts), and
 * expiry is checked on every call against the kept row. Kept by token, so a call of a known
 * session does not hash it again (the tokens are in this process's memory with each request
 * anyway; the database still holds only their hashes).
 */
const sessionRows = new StampedCache<string, SessionRow | null>('sessions', 10_000);
type SessionRow = Awaited<ReturnType<typeof sessionByHash>>['rows'][number];

export interface ActiveSession {
  id: number;
  userId: number;
  expiresAt: number;
  elevatedUntil: number | null;
}

export function createSessions(db: Kysely<Database>, opts: { days: number; now?: () => number }) {
  const now = opts.now ?? (() => Date.now());
  return {
    async create(userId: number, meta: { userAgent: string; ip: string }) {
      const token = newToken();
      const t = now();
      const expiresAt = t + opts.days * 86_400_000;
      await db
        .insertInto('sessions')
        .values({
          user_id: userId,
          token_hash: tokenHash(token),
          created_at: t,
          expires_at: expiresAt,
          last_used_at: t,
          user_agent: meta.userAgent.slice(0, 300),
          ip: meta.ip.slice(0, 64),
        })
        .execute();
      return { token, expiresAt };
    },

    /** The live session of a token, or null (unknown, expired or revoked). */
    async find(token: string): Promise<ActiveSession | null> {
      const row = await sessionRows.get(db, token, async () => (await sessionByHash(db, { hash: tokenHash(token) })).rows[0] ?? null);
      const t = now();
      if (!row || row.revoked_at !== null || row.expires_at <= t) return null;
      if (t - row.last_used_at > LAST_USE_GRANULARITY_MS) {
        // Recorded coarsely: a write per request would cost more than the information is worth.
        await db.updateTable('sessions').set({ last_used_at: t }).where('id', '=', row.id).execute();
      }
      return { id: row.id, userId: row.user_id, expiresAt: row.expires_at, elevatedUntil: row.elevated_until };
    },

    async revoke(sessionId: number) {
      await db.updateTable('sessions').set({ revoked_at: now() }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
    },

    /** "Sign out everywhere" (and after a password reset or cancellation). */
    async revokeAll(userId: number): Promise<number> {
      const r = await db
        .updateTable('sessions')
        .set({ revoked_at: now() })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },

    /** After bind-verify: this session may bind or unbind for a few minutes. */
    async elevate(sessionId: number, minutes: number): Promise<number> {
      const until = now() + minutes * 60_000;
      await db.updateTable('sessions').set({ elevated_until: until }).where('id', '=', sessionId).execute();
      return until;
    },
  };
}
export type Sessions = ReturnType<typeof createSessions>;
