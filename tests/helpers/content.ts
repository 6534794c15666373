import { createSessions } from '../../src/server/accounts/sessions';
import type { Db } from '../../src/server/db/database';

/** Rows for content tests, written straight to the database (the import API has its own tests). */
export function contentRows(port: Db) {
  const db = port.kysely;
  const now = () => Date.now();
  let clock = Date.now() - 1_000_000;
  /** Strictly increasing creation times, so "newest first" is well defined. */
  const tick = () => ++clock;
  return {
    async user(nickname: string, extra: Partial<{ gender: number; age: number; introduction: string; state: 'blocked' }> = {}) {
      const r = await db
        .insertInto('users')
        .values({ nickname, created_at: now(), updated_at: now(), ...extra })
        .returning('id')
        .executeTakeFirstOrThrow();
      return r.id;
    },
    /** A session for a user: the cookie header a signed-in browser sends. */
    async signIn(userId: number) {
      const s = await createSessions(port, { days: 1 }).create(userId, { userAgent: 'test', ip: '127.0.0.1' });
      return { cookie: `token=${s.token}; userId=${userId}` };
    },
    async model(authorId: number, title = 'Cube') {
      const t = tick();
      const r = await db
        .insertInto('models')
        .values({ author_id: authorId, title, description: `${title} description`, licence: 'CC BY', created_at: t, updated_at: t })
        .returning('id')
        .executeTakeFirstOrThrow();
      return r.id;
    },
    async post(
      authorId: number,
      extra: Partial<{ circle_id: number; content_kind: number; author_kind: number; title: string; body: string }> = {},
    ) {
      const r = await db
        .insertInto('posts')
        .values({ author_id: authorId, content_kind: 1, body: 'A post body', created_at: tick(), ...extra })
        .returning('id')
        .executeTakeFirstOrThrow();
      return r.id;
    },
    async circle(ownerId: number, name = 'Makers') {
      const r = await db
        .insertInto('circles')
        .values({ owner_id: ownerId, name, created_at: tick() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return r.id;
    },
    async topic(name: string) {
      const r = await db.insertInto('topics').values({ name, created_at: tick() }).returning('id').executeTakeFirstOrThrow();
      return r.id;
    },
  };
}
