import crypto from 'node:crypto';
import type { Db } from '../db/database';
import { prepared } from '../db/prepared';

/**
 * Sessions: a 256-bit random token goes to the client once; the database keeps only its SHA-256,
 * with expiry, last use and revocation. A stolen database does not yield usable tokens.
 */
const LAST_USE_GRANULARITY_MS = 5 * 60_000;

export const tokenHash = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
const newToken = () => crypto.randomBytes(32).toString('base64url');

/**
 * Every signed-in call reads its session, by the token's hash (built once: db/prepared.ts). It is
 * not cached: a point read by a unique index costs little, and a revocation (sign out, password
 * change, blocking) then holds on every instance from the moment it commits.
 */
const sessionByHash = prepared<{ hash: string }>()((q, param) =>
  q
    .selectFrom('sessions')
    .select(['id', 'user_id', 'expires_at', 'last_used_at', 'revoked_at', 'elevated_until'])
    .where('token_hash', '=', param('hash')),
);

export interface ActiveSession {
  id: number;
  userId: number;
  expiresAt: number;
  elevatedUntil: number | null;
}

export function createSessions(port: Db, opts: { days: number; now?: () => number }) {
  const now = opts.now ?? (() => Date.now());
  const db = port.kysely;
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
      const [row] = (await port.run(sessionByHash, db, { hash: tokenHash(token) })).rows;
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

    /** Every session of the user but one (after a password change: the one that changed it stays). */
    async revokeOthers(userId: number, keepSessionId: number): Promise<number> {
      const r = await db
        .updateTable('sessions')
        .set({ revoked_at: now() })
        .where('user_id', '=', userId)
        .where('id', '!=', keepSessionId)
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
