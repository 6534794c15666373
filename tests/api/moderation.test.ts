import { describe, expect, it } from 'vitest';
import { ResultCode } from '../../src/shared/errors';
import { CLIENT_HEADERS, ENGINES } from '../helpers/app';
import { appSuite, envelopeCall, randomIp } from '../helpers/suite';

const REPORT = '/api/cxy/v2/content/report';
const M = '/api/cxy/admin/v2/moderation';

describe.each(ENGINES)('reports and moderation on %s', (engine) => {
  const s = appSuite(engine);
  const call = envelopeCall(s);

  async function person(name: string, scope?: string) {
    const id = await s.rows.user(name);
    if (scope) await s.t.app.services.accounts.adminUpdate({ userId: id, addRoles: [{ role: 'staff', scope }] });
    return { id, cookie: (await s.rows.signIn(id)).cookie };
  }

  /** A model with a comment and a reply to it, written through the API as visitors would. */
  async function modelWithComment() {
    const author = await person('Author');
    const modelId = await s.rows.model(author.id, 'Benchy');
    const visitor = await person('Visitor <i>');
    const made = await call('POST', '/api/cxy/v2/content/comment', visitor.cookie, {
      kind: 1,
      targetId: modelId,
      body: 'Buy cheap filament at spam.example',
    });
    expect(made.code, JSON.stringify(made)).toBe(0);
    const commentId = Number(made.result.id);
    const reply = await call('POST', '/api/cxy/v2/content/comment', author.cookie, {
      kind: 2,
      targetId: modelId,
      parentId: commentId,
      body: 'Please stop',
    });
    expect(reply.code, JSON.stringify(reply)).toBe(0);
    return { author, visitor, modelId, commentId };
  }
  const commentIds = async (modelId: number) =>
    (await call('GET', `/api/cxy/v2/content/comments?kind=1&targetId=${modelId}`)).result.list.map((c: { id: string }) => Number(c.id));
  const commentCount = async (modelId: number) =>
    (await s.t.db.kysely.selectFrom('models').select('comment_count').where('id', '=', modelId).executeTakeFirstOrThrow()).comment_count;

  it('takes one report per visitor and item, with a reason and an optional note', async () => {
    const c = await modelWithComment();
    const r1 = await person('Reporter 1');
    const first = await call('POST', REPORT, r1.cookie, {
      itemType: 'comment',
      itemId: c.commentId,
      reason: 'spam',
      note: 'Ads <script>x</script>',
    });
    expect(first).toMatchObject({ code: 0, result: { reported: true } });
    const again = await call('POST', REPORT, r1.cookie, { itemType: 'comment', itemId: c.commentId, reason: 'abuse' });
    expect(again.code).toBe(ResultCode.alreadyReported);
    expect(again.msg).toMatch(/already reported/);
    expect((await call('POST', REPORT, r1.cookie, { itemType: 'model', itemId: c.modelId, reason: 'copyright' })).code).toBe(0);
    expect((await call('POST', REPORT, r1.cookie, { itemType: 'user', itemId: c.author.id, reason: 'abuse' })).code).toBe(0);
    expect((await call('POST', REPORT, r1.cookie, { itemType: 'post', itemId: 987_654_321, reason: 'spam' })).code).toBe(
      ResultCode.notFound,
    );
    const rows = await s.t.db.kysely
      .selectFrom('content_reports')
      .select(['item_type', 'reason', 'note'])
      .where('reporter_id', '=', r1.id)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { item_type: 'comment', reason: 'spam', note: 'Ads <script>x</script>' },
      { item_type: 'model', reason: 'copyright', note: '' },
      { item_type: 'user', reason: 'abuse', note: '' },
    ]);
  });

  it('hides a reported comment with its replies for everyone at once, restores it; each step audited', async () => {
    const c = await modelWithComment();
    for (const name of ['R1', 'R2']) {
      const r = await person(name);
      expect(
        (await call('POST', REPORT, r.cookie, { itemType: 'comment', itemId: c.commentId, reason: name === 'R1' ? 'spam' : 'abuse' })).code,
      ).toBe(0);
    }
    const mod = await person('Moderator', 'content');
    const queue = await call('GET', `${M}/queue`, mod.cookie);
    const entry = queue.result.list.find((i: { itemId: string }) => i.itemId === String(c.commentId));
    expect(entry).toMatchObject({
      itemType: 'comment',
      reports: 2,
      reasons: { spam: 1, abuse: 1 },
      hidden: false,
      authorName: 'Visitor <i>',
      link: `/creality-cloud/model-details/${c.modelId}`,
    });
    expect(await commentIds(c.modelId)).toEqual([c.commentId]);
    expect(await commentCount(c.modelId)).toBe(2);

    // A page rendered before the hide must not be served after it.
    const cache = s.t.app.services.pageCache;
    const spy = { cleared: 0 };
    const clear = cache.clear.bind(cache);
    cache.clear = () => {
      spy.cleared++;
      clear();
    };
    const hidden = await call('POST', `${M}/hide`, mod.cookie, { itemType: 'comment', itemId: c.commentId });
    expect(hidden.code, JSON.stringify(hidden)).toBe(0);
    expect(hidden.result).toMatchObject({ hidden: true, decision: { action: 'hidden' } });
    expect(spy.cleared).toBe(1);
    expect(await commentIds(c.modelId)).toEqual([]);
    expect(await commentCount(c.modelId)).toBe(0);
    expect((await call('GET', `/api/cxy/v2/content/replies?commentId=${c.commentId}`)).result?.list ?? []).toEqual([]);
    expect((await call('GET', `${M}/queue`, mod.cookie)).result.list.map((i: { itemId: string }) => i.itemId)).not.toContain(
      String(c.commentId),
    );
    expect((await call('GET', `${M}/queue?state=hidden`, mod.cookie)).result.list.map((i: { itemId: string }) => i.itemId)).toContain(
      String(c.commentId),
    );
    // Hidden already; reporting it is like reporting nothing.
    expect((await call('POST', `${M}/hide`, mod.cookie, { itemType: 'comment', itemId: c.commentId })).code).toBe(
      ResultCode.moderationStateChanged,
    );
    expect(
      (await call('POST', REPORT, (await person('Late')).cookie, { itemType: 'comment', itemId: c.commentId, reason: 'spam' })).code,
    ).toBe(ResultCode.notFound);

    const restored = await call('POST', `${M}/restore`, mod.cookie, { itemType: 'comment', itemId: c.commentId });
    expect(restored.result).toMatchObject({ hidden: false, decision: { action: 'restored' } });
    expect(spy.cleared).toBe(2);
    expect(await commentIds(c.modelId)).toEqual([c.commentId]);
    expect(await commentCount(c.modelId)).toBe(2);
    expect((await call('POST', `${M}/restore`, mod.cookie, { itemType: 'comment', itemId: c.commentId })).code).toBe(
      ResultCode.moderationStateChanged,
    );

    const audit = await s.t.db.kysely
      .selectFrom('admin_audit')
      .select(['action', 'actor_id', 'item_type', 'item_id'])
      .where('item_id', '=', `comment:${c.commentId}`)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.action, a.item_type, Number(a.actor_id)])).toEqual([
      ['content.hide', 'comment', mod.id],
      ['content.restore', 'comment', mod.id],
    ]);
    const events = await s.t.db.kysely
      .selectFrom('content_moderation_events')
      .select(['seq', 'action'])
      .where('item_id', '=', c.commentId)
      .where('item_type', '=', 'comment')
      .orderBy('seq')
      .execute();
    expect(events).toEqual([
      { seq: 1, action: 'hidden' },
      { seq: 2, action: 'restored' },
    ]);
  });

  it('hides and restores models and posts; never restores what an author deleted; dismissing leaves the open queue', async () => {
    const c = await modelWithComment();
    const mod = await person('Moderator', 'content');
    const models = async () =>
      (await call('GET', `/api/cxy/v2/content/models?userId=${c.author.id}`)).result?.list?.map((m: { id: string }) => Number(m.id)) ?? [];
    const listedBefore = await models();
    expect((await call('POST', `${M}/hide`, mod.cookie, { itemType: 'model', itemId: c.modelId })).code).toBe(0);
    if (listedBefore.includes(c.modelId)) expect(await models()).not.toContain(c.modelId);
    expect(
      (await s.t.db.kysely.selectFrom('models').select(['deleted_at', 'hidden_at']).where('id', '=', c.modelId).executeTakeFirstOrThrow())
        .hidden_at,
    ).not.toBeNull();
    expect((await call('POST', `${M}/restore`, mod.cookie, { itemType: 'model', itemId: c.modelId })).code).toBe(0);

    const postId = await s.rows.post(c.author.id);
    expect((await call('POST', `${M}/hide`, mod.cookie, { itemType: 'post', itemId: postId })).code).toBe(0);
    expect((await call('POST', `${M}/restore`, mod.cookie, { itemType: 'post', itemId: postId })).code).toBe(0);

    expect((await call('POST', '/api/cxy/v2/content/comment/delete', c.visitor.cookie, { commentId: c.commentId })).code).toBe(0);
    expect((await call('POST', `${M}/restore`, mod.cookie, { itemType: 'comment', itemId: c.commentId })).code).toBe(
      ResultCode.moderationStateChanged,
    );
    expect((await call('POST', `${M}/hide`, mod.cookie, { itemType: 'comment', itemId: c.commentId })).code).toBe(
      ResultCode.moderationStateChanged,
    );

    const r = await person('Reporter');
    expect(
      (await call('POST', REPORT, r.cookie, { itemType: 'user', itemId: c.author.id, reason: 'other', note: 'fake profile' })).code,
    ).toBe(0);
    const open = async () =>
      (await call('GET', `${M}/queue?itemType=user`, mod.cookie)).result.list.map((i: { itemId: string }) => i.itemId);
    expect(await open()).toContain(String(c.author.id));
    expect((await call('POST', `${M}/dismiss`, mod.cookie, { itemType: 'user', itemId: c.author.id })).result.decision).toMatchObject({
      action: 'dismissed',
    });
    expect(await open()).not.toContain(String(c.author.id));
  });

  it('refuses anonymous callers (401) and staff without the content scope (403), changing nothing', async () => {
    const c = await modelWithComment();
    const other = await person('Campaign staff', 'activity:1');
    for (const cookie of [undefined, other.cookie])
      for (const [method, url, body] of [
        ['GET', `${M}/queue`],
        ['POST', `${M}/hide`, { itemType: 'comment', itemId: c.commentId }],
        ['POST', `${M}/restore`, { itemType: 'comment', itemId: c.commentId }],
        ['POST', `${M}/dismiss`, { itemType: 'comment', itemId: c.commentId }],
      ] as const) {
        const res = await s.t.app.inject({
          method,
          url,
          remoteAddress: randomIp(),
          headers: { ...CLIENT_HEADERS, ...(cookie ? { cookie } : {}) },
          ...(body ? { payload: JSON.stringify(body) } : {}),
        });
        expect(res.statusCode, url).toBe(cookie ? 403 : 401);
      }
    const anon = await s.t.app.inject({
      method: 'POST',
      url: REPORT,
      remoteAddress: randomIp(),
      headers: CLIENT_HEADERS,
      payload: JSON.stringify({ itemType: 'comment', itemId: c.commentId, reason: 'spam' }),
    });
    expect(anon.statusCode).toBe(401);
    expect(await commentIds(c.modelId)).toEqual([c.commentId]);
    expect(
      await s.t.db.kysely
        .selectFrom('content_reports')
        .select('id')
        .where('item_type', '=', 'comment')
        .where('item_id', '=', c.commentId)
        .execute(),
    ).toEqual([]);
  });

  it('refuses missing, malformed, oversized and hostile input with a translated parameter error', async () => {
    const c = await modelWithComment();
    const mod = await person('Moderator', 'content');
    for (const [url, body] of [
      [REPORT, {}],
      [REPORT, { itemType: 'comment', itemId: c.commentId }],
      [REPORT, { itemType: 'circle', itemId: c.commentId, reason: 'spam' }],
      [REPORT, { itemType: 'comment', itemId: 'x', reason: 'spam' }],
      [REPORT, { itemType: 'comment', itemId: c.commentId, reason: 'boring' }],
      [REPORT, { itemType: 'comment', itemId: c.commentId, reason: 'spam', note: 'n'.repeat(501) }],
      [REPORT, { itemType: 'comment', itemId: c.commentId, reason: 'spam', note: 'bell\u0007' }],
      [REPORT, { itemType: 'comment', itemId: c.commentId, reason: 'spam', weight: 100 }],
      [REPORT, '{"itemType":'],
      [`${M}/hide`, { itemType: 'user', itemId: c.author.id }],
      [`${M}/hide`, { itemType: 'comment', itemId: -1 }],
      [`${M}/restore`, {}],
    ] as const) {
      const res = await s.t.app.inject({
        method: 'POST',
        url,
        remoteAddress: randomIp(),
        headers: { ...CLIENT_HEADERS, cookie: url === REPORT ? c.author.cookie : mod.cookie, 'accept-language': 'fr' },
        payload: typeof body === 'string' ? body : JSON.stringify(body),
      });
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBeLessThan(500);
      expect([ResultCode.parameter, ResultCode.badRequest], `${url} ${res.body}`).toContain(res.json().code);
      expect(res.json().msg).toMatch(/^(Paramètre|Requête)/);
    }
    for (const q of ['state=gone', 'itemType=circle', 'limit=0', 'limit=101'])
      expect((await call('GET', `${M}/queue?${q}`, mod.cookie)).code, q).toBe(ResultCode.parameter);
    expect(await s.t.db.kysely.selectFrom('content_reports').select('id').where('reporter_id', '=', c.author.id).execute()).toEqual([]);
    expect(await commentIds(c.modelId)).toEqual([c.commentId]);
  });
});
