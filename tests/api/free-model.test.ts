import { describe, expect, it } from 'vitest';
import { LINK_MS, readDownload, signDownload } from '../../src/server/free-model/links';
import { ModelPrice } from '../../src/shared/enums';
import { ResultCode } from '../../src/shared/errors';
import { CLIENT_HEADERS, ENGINES } from '../helpers/app';
import { appSuite, randomIp } from '../helpers/suite';

/** The free-model funnel: free models listed, signed short-lived links, downloads counted once per member. */
const STL = Buffer.from('solid cube\nendsolid cube\n');

describe.each(ENGINES)('free-model funnel on %s', (engine) => {
  const suite = appSuite(engine);
  const db = () => suite.t.db.kysely;
  const call = (method: 'GET' | 'POST', url: string, opts: { cookie?: string; body?: unknown } = {}) =>
    suite.t.app.inject({
      method,
      url,
      headers: { ...CLIENT_HEADERS, ...(opts.cookie ? { cookie: opts.cookie } : {}) },
      remoteAddress: randomIp(),
      ...(opts.body !== undefined ? { payload: JSON.stringify(opts.body) } : {}),
    });
  /** A model with one stored STL file; free unless `price` says otherwise. */
  const model = async (title: string, price: number = ModelPrice.free) => {
    const author = await suite.rows.user('Designer');
    const modelId = await suite.rows.model(author, title);
    await db().updateTable('models').set({ price }).where('id', '=', modelId).execute();
    const key = await suite.t.app.services.content.storage.put(STL, 'stl');
    const file = await db()
      .insertInto('content_files')
      .values({ kind: 'model', storage_key: key, name: `${title}.stl`, mime: 'model/stl', size_bytes: STL.length, created_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db().insertInto('model_files').values({ model_id: modelId, file_id: file.id, position: 0 }).execute();
    return { modelId, fileId: file.id };
  };
  const downloads = async (modelId: number) =>
    (await db().selectFrom('models').select('download_count').where('id', '=', modelId).executeTakeFirstOrThrow()).download_count;

  it('lists free models only and gives a member a working link; their downloads count once', async () => {
    const free = await model('Free vase');
    const paid = await model('Paid bust', ModelPrice.paid);
    const list = (await call('GET', '/api/cxy/v2/free-model/list?pageSize=50')).json();
    const ids = list.result.list.map((m: { id: string }) => m.id);
    expect(ids).toContain(String(free.modelId));
    expect(ids).not.toContain(String(paid.modelId));
    expect((await call('GET', `/api/cxy/v2/free-model/files?modelId=${free.modelId}`)).json().result).toMatchObject({
      title: 'Free vase',
      files: [{ fileId: String(free.fileId), name: 'Free vase.stl', sizeBytes: STL.length }],
    });

    const { cookie } = await suite.rows.signIn(await suite.rows.user('Maker'));
    const link = (
      await call('POST', '/api/cxy/v2/free-model/link', { cookie, body: { modelId: free.modelId, fileId: free.fileId } })
    ).json();
    expect(link.code).toBe(0);
    expect(link.result.url).toMatch(/^\/api\/cxy\/v2\/free-model\/file\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(link.result.expiresAt).toBeGreaterThan(Date.now() + LINK_MS - 5_000);
    for (let i = 0; i < 3; i++) {
      const file = await call('GET', link.result.url);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(STL)).toBe(true);
      expect(file.headers['content-disposition']).toBe("attachment; filename*=UTF-8''Free%20vase.stl");
      expect(file.headers['cache-control']).toBe('private, no-store');
    }
    expect(await downloads(free.modelId)).toBe(1);

    // Another member: one more; many of their downloads at once still one.
    const other = (await suite.rows.signIn(await suite.rows.user('Maker 2'))).cookie;
    const url = (
      await call('POST', '/api/cxy/v2/free-model/link', { cookie: other, body: { modelId: free.modelId, fileId: free.fileId } })
    ).json().result.url;
    const many = await Promise.all(Array.from({ length: 10 }, () => call('GET', url)));
    expect(many.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(await downloads(free.modelId)).toBe(2);
  });

  it('refuses paid, unknown and mismatched files, strangers, and bad input; changes nothing', async () => {
    const free = await model('Free gear');
    const paid = await model('Paid gear', ModelPrice.paid);
    const { cookie } = await suite.rows.signIn(await suite.rows.user('Tester'));
    const link = (body: unknown, withCookie = true) =>
      call('POST', '/api/cxy/v2/free-model/link', { ...(withCookie ? { cookie } : {}), body }).then((r) => r.json());
    expect((await link({ modelId: paid.modelId, fileId: paid.fileId })).code).toBe(ResultCode.modelNotFree);
    expect((await call('GET', `/api/cxy/v2/free-model/files?modelId=${paid.modelId}`)).json().code).toBe(ResultCode.modelNotFree);
    expect((await link({ modelId: free.modelId, fileId: paid.fileId })).code).toBe(ResultCode.notFound);
    expect((await link({ modelId: 99_999_999, fileId: free.fileId })).code).toBe(ResultCode.notFound);
    expect((await link({ modelId: free.modelId, fileId: free.fileId }, false)).code).toBe(ResultCode.token);
    for (const body of [
      {},
      { modelId: free.modelId },
      { modelId: 'x', fileId: 1 },
      { modelId: [1], fileId: 1 },
      { modelId: -1, fileId: 1 },
      { modelId: '1 OR 1=1', fileId: 1 },
    ])
      expect((await link(body)).code, JSON.stringify(body)).toBe(ResultCode.parameter);
    await db().updateTable('models').set({ deleted_at: Date.now() }).where('id', '=', paid.modelId).execute();
    expect((await call('GET', `/api/cxy/v2/free-model/files?modelId=${paid.modelId}`)).json().code).toBe(ResultCode.notFound);
    expect(await downloads(free.modelId)).toBe(0);
  });

  it('serves nothing for a forged, altered or expired link', async () => {
    const free = await model('Free hook');
    const userId = await suite.rows.user('Link holder');
    const secret = Buffer.from('not the site secret, so not valid here', 'utf8');
    const forged = signDownload(secret, { modelId: free.modelId, fileId: free.fileId, userId }).token;
    const { cookie } = await suite.rows.signIn(userId);
    const good = (
      await call('POST', '/api/cxy/v2/free-model/link', { cookie, body: { modelId: free.modelId, fileId: free.fileId } })
    ).json().result.url as string;
    const token = good.split('/').pop() ?? '';
    const [payload = '', mac = ''] = token.split('.');
    // One MAC character changed, to a different one whatever the MAC ends with ('A' was a 1-in-16 no-op).
    const altered = `${payload}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    const otherModel = Buffer.from(JSON.stringify([free.modelId + 1, free.fileId, userId, Date.now() + 60_000])).toString('base64url');
    for (const bad of [forged, `${otherModel}.${mac}`, altered, 'x', '%00', `${payload}.${'A'.repeat(43)}`]) {
      const r = await call('GET', `/api/cxy/v2/free-model/file/${encodeURIComponent(bad)}`);
      expect(r.statusCode, bad).toBe(403);
      expect(r.json().code).toBe(ResultCode.downloadLinkInvalid);
    }
    // Well signed with the site's own secret, but an hour old: expired.
    const site = await db().selectFrom('app_secrets').select('value').where('name', '=', 'auth').executeTakeFirstOrThrow();
    const expired = signDownload(
      Buffer.from(site.value, 'utf8'),
      { modelId: free.modelId, fileId: free.fileId, userId },
      Date.now() - 3_600_000,
    );
    expect(readDownload(Buffer.from(site.value, 'utf8'), expired.token)).toMatchObject({ modelId: free.modelId, userId });
    expect((await call('GET', `/api/cxy/v2/free-model/file/${expired.token}`)).statusCode).toBe(403);
    expect(await downloads(free.modelId)).toBe(0);
  });
});
