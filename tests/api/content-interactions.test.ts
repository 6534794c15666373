import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/accounts';
import { createTestApp, ENGINES, type TestApp } from '../helpers/app';
import { contentRows } from '../helpers/content';

const P = '/api/cxy/v2/content';
const uuid = () => crypto.randomUUID();

describe.each(ENGINES)('content interactions on %s', (engine) => {
  let t: TestApp;
  let rows: ReturnType<typeof contentRows>;
  let author: number;
  let reader: number;
  let readerCookie: string;
  let otherCookie: string;
  let modelId: number;
  beforeAll(async () => {
    t = await createTestApp(engine);
    rows = contentRows(t.db);
    author = await rows.user('Author');
    reader = await rows.user('Reader');
    readerCookie = (await rows.signIn(reader)).cookie;
    otherCookie = (await rows.signIn(await rows.user('Other'))).cookie;
    modelId = await rows.model(author);
  });
  afterAll(() => t.close());

  const as = (cookie?: string) => {
    const c = api(t.app);
    const h = (extra: Record<string, string> = {}) => ({ ...(cookie ? { cookie } : {}), __cxy_requestid_: uuid(), ...extra });
    return {
      post: (path: string, body: unknown, extra?: Record<string, string>) => c.post(P + path, body, h(extra)).then((r) => r.json()),
      get: (path: string) => c.get(P + path, h()).then((r) => r.json()),
      raw: c,
    };
  };
  const count = async (table: 'models' | 'posts', id: number) =>
    t.db.kysely.selectFrom(table).select(['like_count', 'collect_count', 'comment_count']).where('id', '=', id).executeTakeFirstOrThrow();

  describe('comments', () => {
    it('refuses anonymous visitors with the token code and writes nothing', async () => {
      const res = await api(t.app).post(`${P}/comment`, { kind: 1, targetId: modelId, body: 'hi' });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe(4);
      expect((await count('models', modelId)).comment_count).toBe(0);
    });

    it('refuses missing, blank, oversized and malformed input with the parameter code', async () => {
      const me = as(readerCookie);
      for (const body of [
        {},
        { kind: 1, targetId: modelId },
        { kind: 1, targetId: modelId, body: '   \n ' },
        { kind: 1, targetId: modelId, body: 'x'.repeat(1001) },
        { kind: 7, targetId: modelId, body: 'hi' },
        { kind: 1, targetId: 'abc', body: 'hi' },
        { kind: 1, targetId: -5, body: 'hi' },
        { kind: 1, targetId: modelId, body: { $gt: '' } },
        { kind: 2, targetId: modelId, body: 'reply without parent' },
        { kind: 1, targetId: modelId, parentId: 1, body: 'comment with parent' },
      ]) {
        const res = await me.post('/comment', body);
        expect(res.code, JSON.stringify(body)).toBe(1);
      }
      expect((await count('models', modelId)).comment_count).toBe(0);
    });

    it('answers 1001 for an unknown or deleted target', async () => {
      const me = as(readerCookie);
      expect((await me.post('/comment', { kind: 1, targetId: 987654, body: 'hi' })).code).toBe(1001);
      expect((await me.post('/comment', { kind: 3, targetId: 987654, body: 'hi' })).code).toBe(1001);
      const gone = await rows.model(author, 'Deleted');
      await t.db.kysely.updateTable('models').set({ deleted_at: Date.now() }).where('id', '=', gone).execute();
      expect((await me.post('/comment', { kind: 1, targetId: gone, body: 'hi' })).code).toBe(1001);
    });

    it('stores hostile text verbatim (pages escape it), strips control characters, counts it once per request id', async () => {
      const me = as(readerCookie);
      const requestId = uuid();
      const body = '<script>alert(1)</script><img src=x onerror=alert(2)> 好看!\u0007\u202E';
      const first = await me.post('/comment', { kind: 1, targetId: modelId, body }, { __cxy_requestid_: requestId });
      expect(first.code).toBe(0);
      expect(first.result.body).toBe('<script>alert(1)</script><img src=x onerror=alert(2)> 好看!');
      const retry = await me.post('/comment', { kind: 1, targetId: modelId, body }, { __cxy_requestid_: requestId });
      expect(retry.result.id).toBe(first.result.id);
      expect((await count('models', modelId)).comment_count).toBe(1);
      // Someone else replaying that request id gets nothing of it.
      const other = await as(otherCookie).post('/comment', { kind: 1, targetId: modelId, body: 'x' }, { __cxy_requestid_: requestId });
      expect(other.code).toBe(1);
    });

    it('pages top-level comments newest first with their first replies; replies join the first comment thread', async () => {
      const postId = await rows.post(author);
      const me = as(readerCookie);
      const ids: string[] = [];
      for (let i = 0; i < 12; i++) {
        await t.db.kysely
          .insertInto('comments')
          .values({ kind: 3, target_id: postId, author_id: author, body: `c${i}`, created_at: Date.now() - 100_000 + i })
          .execute();
      }
      const page1 = await me.get(`/comments?kind=3&targetId=${postId}`);
      expect(page1.result).toMatchObject({ page: 1, pageSize: 10, total: 12, hasMore: true });
      expect(page1.result.list.map((c: { body: string }) => c.body).slice(0, 2)).toEqual(['c11', 'c10']);
      const page2 = await me.get(`/comments?kind=3&targetId=${postId}&page=2`);
      expect(page2.result.list).toHaveLength(2);
      expect(page2.result.hasMore).toBe(false);

      const root = page1.result.list[0].id;
      for (let i = 0; i < 4; i++) {
        const r = await me.post('/comment', { kind: 4, targetId: postId, parentId: Number(root), body: `r${i}` });
        expect(r.code, JSON.stringify(r)).toBe(0);
        ids.push(r.result.id);
      }
      // A reply to a reply joins the thread of the first comment.
      const nested = await me.post('/comment', { kind: 4, targetId: postId, parentId: Number(ids[0]), body: 'nested' });
      expect(nested.code).toBe(0);
      const again = await me.get(`/comments?kind=3&targetId=${postId}`);
      const thread = again.result.list[0];
      expect(thread.replyCount).toBe(5);
      expect(thread.replies.map((r: { body: string }) => r.body)).toEqual(['r0', 'r1', 'r2']);
      const all = await me.get(`/replies?commentId=${root}&pageSize=10`);
      expect(all.result.list.map((r: { body: string }) => r.body)).toEqual(['r0', 'r1', 'r2', 'r3', 'nested']);
      expect((await count('posts', postId)).comment_count).toBe(5);

      // A parent on another post is not found; a reply kind must match the parent's target.
      const elsewhere = await rows.post(author);
      expect((await me.post('/comment', { kind: 4, targetId: elsewhere, parentId: Number(root), body: 'x' })).code).toBe(1001);
      expect((await me.post('/comment', { kind: 2, targetId: postId, parentId: Number(root), body: 'x' })).code).toBe(1001);
    });

    it("refuses deleting someone else's comment; deleting one's own removes its replies from the count", async () => {
      const postId = await rows.post(author);
      const mine = await as(readerCookie).post('/comment', { kind: 3, targetId: postId, body: 'mine' });
      await as(otherCookie).post('/comment', { kind: 4, targetId: postId, parentId: Number(mine.result.id), body: 'reply' });
      expect((await count('posts', postId)).comment_count).toBe(2);
      const refused = await as(otherCookie).post('/comment/delete', { commentId: Number(mine.result.id) });
      expect(refused.code).toBe(1302);
      expect((await count('posts', postId)).comment_count).toBe(2);
      expect((await as(readerCookie).post('/comment/delete', { commentId: Number(mine.result.id) })).code).toBe(0);
      expect((await count('posts', postId)).comment_count).toBe(0);
      expect((await as(readerCookie).get(`/comments?kind=3&targetId=${postId}`)).result.total).toBe(0);
      expect((await as(readerCookie).post('/comment/delete', { commentId: Number(mine.result.id) })).code).toBe(1001);
    });

    it('limits how fast one user comments', async () => {
      const u = await rows.user('Fast');
      const me = as((await rows.signIn(u)).cookie);
      const postId = await rows.post(author);
      const codes: number[] = [];
      for (let i = 0; i < 11; i++) codes.push((await me.post('/comment', { kind: 3, targetId: postId, body: `n${i}` })).code);
      expect(codes.slice(0, 10).every((c) => c === 0)).toBe(true);
      expect(codes[10]).toBe(1303);
      expect((await count('posts', postId)).comment_count).toBe(10);
    });

    it('blocks a cross-site write (no app id, foreign Origin)', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `${P}/comment`,
        headers: { cookie: readerCookie, 'content-type': 'application/json', origin: 'https://evil.example' },
        payload: JSON.stringify({ kind: 1, targetId: modelId, body: 'csrf' }),
      });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('likes and collects', () => {
    it('sets a state idempotently and keeps the counter exact', async () => {
      const me = as(readerCookie);
      const id = await rows.model(author);
      expect((await me.post('/like', { targetKind: 'model', targetId: id, on: true })).result).toEqual({ on: true, count: 1 });
      expect((await me.post('/like', { targetKind: 'model', targetId: id, on: true })).result).toEqual({ on: true, count: 1 });
      expect((await me.post('/collect', { targetKind: 'model', targetId: id, on: true })).result).toEqual({ on: true, count: 1 });
      expect((await me.post('/like', { targetKind: 'model', targetId: id, on: false })).result).toEqual({ on: false, count: 0 });
      expect((await me.post('/like', { targetKind: 'model', targetId: id, on: false })).result).toEqual({ on: false, count: 0 });
      expect(await count('models', id)).toMatchObject({ like_count: 0, collect_count: 1 });
    });

    it('refuses anonymous, unknown and malformed targets without writing', async () => {
      const id = await rows.model(author);
      expect((await as().post('/like', { targetKind: 'model', targetId: id, on: true })).code).toBe(4);
      const me = as(readerCookie);
      expect((await me.post('/like', { targetKind: 'model', targetId: 99999999, on: true })).code).toBe(1001);
      expect((await me.post('/collect', { targetKind: 'comment', targetId: 1, on: true })).code).toBe(1);
      expect((await me.post('/like', { targetKind: 'user', targetId: id, on: true })).code).toBe(1);
      expect((await me.post('/like', { targetKind: 'model', targetId: id, on: 'yes' })).code).toBe(1);
      expect((await me.post('/like', { targetKind: 'model', targetId: id })).code).toBe(1);
      expect((await count('models', id)).like_count).toBe(0);
    });

    it('counts exactly under concurrent clicks from many users and repeated clicks from one', async () => {
      const id = await rows.model(author);
      const users = await Promise.all(Array.from({ length: 16 }, (_, i) => rows.user(`Fan ${i}`)));
      const cookies = await Promise.all(users.map(async (u) => (await rows.signIn(u)).cookie));
      // Every fan likes at once, twice over; one fan also unlikes in the middle of it.
      await Promise.all([
        ...cookies.flatMap((c) => [
          as(c).post('/like', { targetKind: 'model', targetId: id, on: true }),
          as(c).post('/like', { targetKind: 'model', targetId: id, on: true }),
        ]),
      ]);
      const settled = await Promise.all(
        Array.from({ length: 10 }, (_, i) => as(cookies[0]).post('/like', { targetKind: 'model', targetId: id, on: i % 2 === 0 })),
      );
      expect(settled.every((r) => r.code === 0)).toBe(true);
      const likes = await t.db.kysely
        .selectFrom('likes')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('target_kind', '=', 'model')
        .where('target_id', '=', id)
        .executeTakeFirstOrThrow();
      const { like_count } = await count('models', id);
      expect(like_count).toBe(Number(likes.n));
      expect([15, 16]).toContain(like_count);
    });

    it('likes comments, counted from the rows', async () => {
      const c = await as(otherCookie).post('/comment', { kind: 1, targetId: modelId, body: 'nice' });
      const r = await as(readerCookie).post('/like', { targetKind: 'comment', targetId: Number(c.result.id), on: true });
      expect(r.result).toEqual({ on: true, count: 1 });
      const rel = await as(readerCookie).get(`/relation?targetKind=model&targetId=${modelId}&commentIds=${c.result.id},1`);
      expect(rel.result.likedComments).toEqual([c.result.id]);
    });
  });

  describe('follows and relation', () => {
    it('follows and unfollows, refusing oneself and unknown users', async () => {
      const me = as(readerCookie);
      expect((await me.post('/follow', { userId: author, on: true })).result.on).toBe(true);
      expect((await me.post('/follow', { userId: author, on: true })).result.fans).toBe(1);
      expect((await me.post('/follow', { userId: reader, on: true })).code).toBe(1301);
      expect((await me.post('/follow', { userId: 77777777, on: true })).code).toBe(1001);
      const rel = await me.get(`/relation?targetKind=model&targetId=${modelId}`);
      expect(rel.result).toMatchObject({ following: true, liked: false });
      expect((await me.post('/follow', { userId: author, on: false })).result).toEqual({ on: false, fans: 0 });
      expect((await me.get(`/relation?targetKind=user&targetId=${author}`)).result.following).toBe(false);
      expect((await me.get('/relation?targetKind=user&targetId=1&commentIds=1,<x>')).code).toBe(1);
      expect((await as().get(`/relation?targetKind=user&targetId=${author}`)).code).toBe(4);
    });
  });

  describe('lists', () => {
    it('filters posts by content and author kind, circle, topic and user; pages them', async () => {
      const maker = await rows.user('Lister');
      const circle = await rows.circle(maker);
      const topic = await rows.topic(`Topic ${uuid().slice(0, 6)}`);
      const kinds = [1, 2, 3, 4, 2, 2];
      const ids: number[] = [];
      for (const [i, k] of kinds.entries())
        ids.push(await rows.post(maker, { content_kind: k, circle_id: circle, author_kind: i === 0 ? 2 : 1, title: `p${i}` }));
      await t.db.kysely
        .insertInto('post_topics')
        .values({ post_id: ids[1] as number, topic_id: topic })
        .execute();
      const me = as();
      expect((await me.get(`/posts?circleId=${circle}`)).result.total).toBe(6);
      expect((await me.get(`/posts?circleId=${circle}&contentFilter=2`)).result.total).toBe(3);
      expect((await me.get(`/posts?circleId=${circle}&authorFilter=2`)).result.list.map((p: { title: string }) => p.title)).toEqual(['p0']);
      expect((await me.get(`/posts?topicId=${topic}`)).result.list.map((p: { title: string }) => p.title)).toEqual(['p1']);
      const byUser = await me.get(`/posts?userId=${maker}&pageSize=4`);
      expect(byUser.result).toMatchObject({ total: 6, hasMore: true });
      expect(byUser.result.list[0].title).toBe('p5');
      for (const q of ['contentFilter=5', 'authorFilter=-1', 'page=0', 'pageSize=51', 'page=abc', `circleId=${circle}&topicId=${topic}`])
        expect((await me.get(`/posts?${q}`)).code, q).toBe(1);
      // Circles tab: owned and joined.
      const joined = await rows.circle(author, 'Joined');
      await t.db.kysely.insertInto('circle_members').values({ circle_id: joined, user_id: maker, joined_at: Date.now() }).execute();
      expect((await me.get(`/circles?userId=${maker}`)).result.list.map((c: { name: string }) => c.name).sort()).toEqual([
        'Joined',
        'Makers',
      ]);
      expect((await me.get(`/models?userId=${author}&pageSize=1`)).result.hasMore).toBe(true);
      expect((await me.get('/timelapses')).result).toMatchObject({ page: 1, pageSize: 10 });
      expect((await me.get('/circles')).code).toBe(1);
    });

    it('hides blocked authors and deleted posts', async () => {
      const blocked = await rows.user('Blocked', { state: 'blocked' });
      await rows.post(blocked);
      const gone = await rows.post(author);
      await t.db.kysely.updateTable('posts').set({ deleted_at: Date.now() }).where('id', '=', gone).execute();
      const list = await as().get(`/posts?userId=${blocked}`);
      expect(list.result.total).toBe(0);
      expect((await as().get(`/posts?userId=${author}`)).result.list.some((p: { id: string }) => p.id === String(gone))).toBe(false);
    });
  });
});
