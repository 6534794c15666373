import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { type Db, openDatabase } from '../../src/server/db/database';
import { CLIENT_HEADERS, createTestDb, ENGINES, type TestDb } from '../helpers/app';
import { contentRows } from '../helpers/content';

/**
 * Likes, collects and comments hitting several server instances at once. On PostgreSQL each
 * instance has its own pool (as separate processes would); SQLite is one process, one connection.
 */
describe.each(ENGINES)('content writes across instances on %s', (engine) => {
  let t: TestDb;
  const apps: FastifyInstance[] = [];
  const extraDbs: Db[] = [];
  beforeAll(async () => {
    t = await createTestDb(engine);
    for (let i = 0; i < 3; i++) {
      const db = i === 0 || engine === 'sqlite' ? t.db : openDatabase({ dialect: 'postgres', url: t.url }, { poolSize: 5 });
      if (db !== t.db) extraDbs.push(db);
      const app = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: t.url }), { db });
      await app.ready();
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const db of extraDbs) await db.close();
    await t.drop();
  });

  const call = (i: number, path: string, cookie: string, body: unknown, requestId = crypto.randomUUID()) =>
    apps[i % apps.length]
      ?.inject({
        method: 'POST',
        url: `/api/cxy/v2/content/${path}`,
        remoteAddress: `203.0.113.${(i % 200) + 1}`,
        headers: { ...CLIENT_HEADERS, cookie, __cxy_requestid_: requestId },
        payload: JSON.stringify(body),
      })
      .then((r) => r.json());

  it('keeps like and collect counters equal to their rows, and a retried comment single', async () => {
    const rows = contentRows(t.db);
    const author = await rows.user('Author');
    const postId = await rows.post(author);
    const fans = await Promise.all(Array.from({ length: 12 }, (_, i) => rows.user(`Fan ${i}`)));
    const cookies = await Promise.all(fans.map(async (u) => (await rows.signIn(u)).cookie));
    const requestId = crypto.randomUUID();

    const answers = await Promise.all(
      cookies.flatMap((cookie, i) => [
        // Each fan clicks like on two instances at once, collects, un-collects and collects again.
        call(i, 'like', cookie, { targetKind: 'post', targetId: postId, on: true }),
        call(i + 1, 'like', cookie, { targetKind: 'post', targetId: postId, on: true }),
        call(i + 2, 'collect', cookie, { targetKind: 'post', targetId: postId, on: true }),
        call(i, 'collect', cookie, { targetKind: 'post', targetId: postId, on: false }),
        call(i + 1, 'collect', cookie, { targetKind: 'post', targetId: postId, on: true }),
        // The first fan's comment request arrives at every instance (a client retrying).
        ...(i === 0 ? [0, 1, 2].map((k) => call(k, 'comment', cookie, { kind: 3, targetId: postId, body: 'once' }, requestId)) : []),
      ]),
    );
    expect(answers.every((a) => a?.code === 0)).toBe(true);

    const db = t.db.kysely;
    const count = async (table: 'likes' | 'collects') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .where('target_kind', '=', 'post')
            .where('target_id', '=', postId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const post = await db.selectFrom('posts').selectAll().where('id', '=', postId).executeTakeFirstOrThrow();
    expect(post.like_count).toBe(12);
    expect(await count('likes')).toBe(12);
    expect(post.collect_count).toBe(await count('collects'));
    const comments = await db.selectFrom('comments').select('id').where('target_id', '=', postId).execute();
    expect(comments).toHaveLength(1);
    expect(post.comment_count).toBe(1);
  });
});
