import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/accounts';
import { ENGINES } from '../helpers/app';
import { appSuite } from '../helpers/suite';

const P = '/api/rest/lottery/address';

const ADA = {
  fullName: 'Ada Lovelace',
  phone: '+44 (20) 7946-0958',
  country: 'United Kingdom',
  province: 'Greater London',
  city: 'London',
  street: "12 St James's Square",
  detail: 'Flat 3\nsecond floor',
  postCode: 'SW1Y 4JH',
  email: 'Ada@Example.com',
  taxId: 'GB-123456789',
  remark: 'Leave at reception',
};
const REQUIRED = { fullName: 'Li Lei', phone: '13800138000', country: '中国', city: '深圳', detail: '南山区科技园 1 号' };
/** Column widths of `shipping_addresses`. */
const MAX = { fullName: 60, country: 60, province: 60, city: 60, street: 120, detail: 200, email: 120, remark: 200 } as const;

describe.each(ENGINES)('shipping addresses on %s', (engine) => {
  const suite = appSuite(engine);

  const signedIn = async (name: string) => {
    const id = await suite.rows.user(name);
    return { id, cookie: (await suite.rows.signIn(id)).cookie };
  };
  // A fresh client address per call keeps the per-address write limit out of these tests.
  const as = (cookie: string, headers: Record<string, string> = {}) => ({
    post: (path: string, body: unknown) =>
      api(suite.t.app)
        .post(P + path, body, { cookie, ...headers })
        .then((r) => r.json()),
    list: () =>
      api(suite.t.app)
        .get(`${P}/list`, { cookie, ...headers })
        .then((r) => r.json()),
  });
  const stored = (userId: number) =>
    suite.t.db.kysely.selectFrom('shipping_addresses').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  const defaults = async (userId: number) => (await stored(userId)).filter((r) => r.is_default === 1).map((r) => String(r.id));

  it('refuses anonymous callers with the token code', async () => {
    const c = api(suite.t.app);
    for (const res of [await c.get(`${P}/list`), await c.post(`${P}/add`, ADA), await c.post(`${P}/setDefault`, { id: 1 })]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe(4);
    }
    expect(await suite.t.db.kysely.selectFrom('shipping_addresses').selectAll().execute()).toEqual([]);
  });

  it('adds, lists, edits and deletes; optional fields default to empty', async () => {
    const { id: userId, cookie } = await signedIn('Ada');
    const me = as(cookie);
    expect((await me.list()).result).toEqual({ list: [], limit: 20 });

    const added = await me.post('/add', ADA);
    expect(added.code, JSON.stringify(added)).toBe(0);
    expect(added.result).toMatchObject({ ...ADA, email: 'ada@example.com', isDefault: true });
    expect(added.result.id).toMatch(/^\d+$/);
    expect(added.result.createdAt).toBe(added.result.updatedAt);

    const minimal = await me.post('/add', { ...REQUIRED, phone: '  138 0013 8000 ' });
    expect(minimal.result).toMatchObject({
      ...REQUIRED,
      phone: '138 0013 8000',
      province: '',
      street: '',
      postCode: '',
      email: '',
      taxId: '',
      remark: '',
      isDefault: false,
    });
    const listed = await me.list();
    expect(listed.result.list.map((a: { id: string }) => a.id)).toEqual([added.result.id, minimal.result.id]);

    const edited = await me.post('/update', { id: Number(minimal.result.id), ...REQUIRED, city: '广州', remark: 'after 6pm' });
    expect(edited.code).toBe(0);
    expect(edited.result).toMatchObject({ id: minimal.result.id, city: '广州', remark: 'after 6pm', isDefault: false });
    expect(edited.result.updatedAt).toBeGreaterThanOrEqual(minimal.result.updatedAt);
    expect((await stored(userId)).find((r) => String(r.id) === minimal.result.id)).toMatchObject({ city: '广州', remark: 'after 6pm' });

    expect((await me.post('/delete', { id: minimal.result.id })).result).toEqual({ deleted: true });
    expect((await me.post('/delete', { id: minimal.result.id })).code).toBe(1001);
    expect((await stored(userId)).map((r) => String(r.id))).toEqual([added.result.id]);
  });

  describe('validation', () => {
    let userId: number;
    let cookie: string;
    let existing: string;
    beforeAll(async () => {
      ({ id: userId, cookie } = await signedIn('Validator'));
      existing = (await as(cookie).post('/add', ADA)).result.id;
    });

    /** Each body must answer code 1 naming `field`, for add and update alike, and change nothing. */
    const refused = async (field: string, body: Record<string, unknown>) => {
      const before = await stored(userId);
      for (const [path, payload] of [
        ['/add', body],
        ['/update', { id: existing, ...body }],
      ] as const) {
        const res = await as(cookie).post(path, payload);
        expect(res.code, `${path} ${JSON.stringify(payload)}`).toBe(1);
        expect(res.result.issues[0].field, JSON.stringify(payload)).toBe(field);
        expect(res.msg).toBe(`Parameter error: ${field}`);
      }
      expect(await stored(userId)).toEqual(before);
    };

    it('requires full name, phone, country, city and detail (missing, blank or of the wrong type)', async () => {
      for (const field of Object.keys(REQUIRED)) {
        const { [field]: _, ...without } = ADA as Record<string, unknown>;
        await refused(field, without);
        await refused(field, { ...ADA, [field]: '   ' });
        await refused(field, { ...ADA, [field]: 12345678 });
        await refused(field, { ...ADA, [field]: null });
      }
    });

    it('takes every text field up to its column width and refuses one character more', async () => {
      const widest = Object.fromEntries(Object.entries(MAX).map(([k, n]) => [k, 'x'.repeat(n)]));
      // The e-mail must stay an address at full width.
      widest.email = `${'a'.repeat(60)}@${'b'.repeat(55)}.com`;
      const res = await as(cookie).post('/add', {
        ...ADA,
        ...widest,
        phone: `+${'1'.repeat(29)}`,
        postCode: '1'.repeat(20),
        taxId: 'A'.repeat(40),
      });
      expect(res.code, JSON.stringify(res)).toBe(0);
      await as(cookie).post('/delete', { id: res.result.id });
      for (const [field, n] of Object.entries(MAX)) {
        await refused(field, { ...ADA, [field]: field === 'email' ? `${'a'.repeat(60)}@${'b'.repeat(56)}.com` : 'x'.repeat(n + 1) });
      }
      await refused('phone', { ...ADA, phone: '1'.repeat(31) });
      await refused('postCode', { ...ADA, postCode: '1'.repeat(21) });
      await refused('taxId', { ...ADA, taxId: 'A'.repeat(41) });
    });

    it('checks the phone, post code, e-mail and tax id formats', async () => {
      for (const phone of ['1234', 'call 12345678', '12345678<script>', '(((( ))))', '+86 138-0013-800０', '138\n0013 8000'])
        await refused('phone', { ...ADA, phone });
      for (const postCode of ['SW1Y_4JH', '518000;', '<b>1</b>']) await refused('postCode', { ...ADA, postCode });
      for (const email of ['not-an-email', 'a@b', 'ada@example.com<script>', 'a b@example.com']) await refused('email', { ...ADA, email });
      for (const taxId of ['GB 123', 'GB_123', 'GB.123', '税号123', '<script>']) await refused('taxId', { ...ADA, taxId });
      for (const value of ['Ada\u0000', 'Ada\u0007Lovelace', 'Ada\nLovelace']) await refused('fullName', { ...ADA, fullName: value });
      await refused('remark', { ...ADA, remark: 'ok\u001bnot ok' });
      await refused('isDefault', { ...ADA, isDefault: 'yes' });
      for (const id of ['abc', -1, 0, 1.5, null]) {
        for (const path of ['/update', '/delete', '/setDefault']) expect((await as(cookie).post(path, { ...ADA, id })).code).toBe(1);
      }
    });

    it('stores hostile text verbatim (pages escape it)', async () => {
      const hostile = `<script>alert(1)</script>'"; drop table users;--`;
      const fields = ['fullName', 'country', 'province', 'city', 'street', 'detail', 'remark'];
      const res = await as(cookie).post('/add', { ...ADA, ...Object.fromEntries(fields.map((f) => [f, hostile])) });
      expect(res.code, JSON.stringify(res)).toBe(0);
      const row = (await stored(userId)).find((r) => String(r.id) === res.result.id);
      for (const column of ['full_name', 'country', 'province', 'city', 'street', 'detail', 'remark'] as const)
        expect(row?.[column]).toBe(hostile);
      await as(cookie).post('/delete', { id: res.result.id });
    });

    it('names the field in the caller’s language', async () => {
      const res = await as(cookie, { __cxy_os_lang_: '1' }).post('/add', { ...ADA, taxId: 'GB 1' });
      expect(res).toMatchObject({ code: 1, msg: '参数错误：taxId' });
      const fr = await as(cookie, { __cxy_os_lang_: '9' }).post('/add', { ...ADA, phone: 'x' });
      expect(fr).toMatchObject({ code: 1, msg: 'Paramètre invalide : phone' });
    });
  });

  describe('the 20-address limit', () => {
    it('refuses the 21st address with its message until one is deleted', async () => {
      const { id: userId, cookie } = await signedIn('Collector');
      const me = as(cookie);
      const ids: string[] = [];
      for (let i = 0; i < 20; i++) ids.push((await me.post('/add', { ...REQUIRED, detail: `No. ${i}` })).result.id);
      const full = await me.post('/add', REQUIRED);
      expect(full).toMatchObject({ code: 3101, msg: 'Max 20 addresses, delete one first' });
      expect((await as(cookie, { __cxy_os_lang_: '1' }).post('/add', REQUIRED)).msg).toBe('最多保存 20 个地址，请先删除一个');
      expect(await stored(userId)).toHaveLength(20);
      // Editing is not adding.
      expect((await me.post('/update', { id: ids[5], ...REQUIRED, detail: 'edited' })).code).toBe(0);
      await me.post('/delete', { id: ids[0] });
      expect((await me.post('/add', REQUIRED)).code).toBe(0);
      expect((await me.post('/add', { ...REQUIRED, detail: 'One too many' })).code).toBe(3101);
    });

    it('stores an address sent twice at once (a double tap on Save) once, and answers both with it', async () => {
      const { id: userId, cookie } = await signedIn('Double');
      const [first, second] = await Promise.all([as(cookie).post('/add', ADA), as(cookie).post('/add', ADA)]);
      expect([first.code, second.code]).toEqual([0, 0]);
      expect(second.result.id).toBe(first.result.id);
      expect(await stored(userId)).toHaveLength(1);
      // The same address asked to become the default becomes it; a different one is a new address.
      await as(cookie).post('/add', { ...ADA, detail: 'Flat 4' });
      expect((await as(cookie).post('/add', { ...ADA, isDefault: true })).result).toMatchObject({ id: first.result.id, isDefault: true });
      expect(await stored(userId)).toHaveLength(2);
    });

    it('holds under 30 simultaneous adds by one user: exactly 20 rows, one default', async () => {
      const { id: userId, cookie } = await signedIn('Racer');
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => as(cookie).post('/add', { ...REQUIRED, detail: `Race ${i}` })),
      );
      const codes = answers.map((a) => a.code);
      expect(codes.filter((c) => c === 0)).toHaveLength(20);
      expect(codes.filter((c) => c === 3101)).toHaveLength(10);
      expect(await stored(userId)).toHaveLength(20);
      expect(await defaults(userId)).toHaveLength(1);
    });
  });

  describe('the default address', () => {
    it('is the first one, moves when asked, and passes to the newest remaining one when deleted', async () => {
      const { id: userId, cookie } = await signedIn('Mover');
      const me = as(cookie);
      const a = (await me.post('/add', { ...REQUIRED, detail: 'A' })).result;
      const b = (await me.post('/add', { ...REQUIRED, detail: 'B' })).result;
      const c = (await me.post('/add', { ...REQUIRED, detail: 'C', isDefault: true })).result;
      expect([a.isDefault, b.isDefault, c.isDefault]).toEqual([true, false, true]);
      expect(await defaults(userId)).toEqual([c.id]);
      expect((await me.list()).result.list.map((x: { detail: string }) => x.detail)).toEqual(['C', 'B', 'A']);

      expect((await me.post('/setDefault', { id: a.id })).result).toMatchObject({ id: a.id, isDefault: true });
      expect(await defaults(userId)).toEqual([a.id]);
      expect((await me.list()).result.list.map((x: { detail: string }) => x.detail)).toEqual(['A', 'C', 'B']);

      // Editing without the flag, or with it false, leaves the default where it is.
      await me.post('/update', { id: b.id, ...REQUIRED, detail: 'B2' });
      await me.post('/update', { id: a.id, ...REQUIRED, detail: 'A2', isDefault: false });
      expect(await defaults(userId)).toEqual([a.id]);
      expect((await me.post('/update', { id: b.id, ...REQUIRED, detail: 'B3', isDefault: true })).result.isDefault).toBe(true);
      expect(await defaults(userId)).toEqual([b.id]);

      // Deleting a non-default keeps the default; deleting the default hands it to the newest.
      await me.post('/setDefault', { id: a.id });
      await me.post('/delete', { id: b.id });
      expect(await defaults(userId)).toEqual([a.id]);
      await me.post('/delete', { id: a.id });
      expect(await defaults(userId)).toEqual([c.id]);
      await me.post('/delete', { id: c.id });
      expect(await stored(userId)).toEqual([]);
      expect((await me.post('/add', REQUIRED)).result.isDefault).toBe(true);
    });

    it('stays exactly one under simultaneous changes', async () => {
      const { id: userId, cookie } = await signedIn('Juggler');
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) ids.push((await as(cookie).post('/add', { ...REQUIRED, detail: `J${i}` })).result.id);
      await Promise.all([
        ...ids.slice(0, 3).map((id) => as(cookie).post('/setDefault', { id })),
        as(cookie).post('/delete', { id: ids[0] }),
        as(cookie).post('/add', { ...REQUIRED, isDefault: true }),
      ]);
      expect(await defaults(userId)).toHaveLength(1);
    });
  });

  describe('ownership', () => {
    it("answers 1001 for another user's address (or an unknown one) and changes nothing", async () => {
      const owner = await signedIn('Owner');
      const intruder = await signedIn('Intruder');
      const mine = (await as(owner.cookie).post('/add', ADA)).result;
      await as(intruder.cookie).post('/add', REQUIRED);
      const before = await stored(owner.id);
      const them = as(intruder.cookie);
      for (const id of [mine.id, '987654321']) {
        expect((await them.post('/update', { id, ...REQUIRED })).code).toBe(1001);
        expect((await them.post('/delete', { id })).code).toBe(1001);
        expect((await them.post('/setDefault', { id })).code).toBe(1001);
      }
      expect(await stored(owner.id)).toEqual(before);
      const theirs = (await them.list()).result.list;
      expect(theirs).toHaveLength(1);
      expect(theirs[0].id).not.toBe(mine.id);
      expect(await defaults(intruder.id)).toHaveLength(1);
    });
  });

  it('blocks a cross-site write (no app id, foreign Origin)', async () => {
    const { id: userId, cookie } = await signedIn('Victim');
    const res = await suite.t.app.inject({
      method: 'POST',
      url: `${P}/add`,
      headers: { cookie, 'content-type': 'application/json', origin: 'https://evil.example' },
      payload: JSON.stringify(ADA),
    });
    expect(res.statusCode).toBe(403);
    expect(await stored(userId)).toEqual([]);
  });
});
