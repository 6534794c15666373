import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../src/shared/errors';
import { api, e164, newPhone } from '../helpers/accounts';
import { CLIENT_HEADERS, createTestApp, ENGINES, type TestApp } from '../helpers/app';

/** The console's People API: find members, read one, sign them out, adjust coins; block through the admin update. */
const BASE = '/api/cxy/admin/v2/console/people';
const BEANS = '/api/rest/lottery/tLottery/getMyKwbeansWingingLog';
let keySeq = 0;
const newKey = () => `k${Date.now().toString(36)}${++keySeq}xx`;

describe.each(ENGINES)('the People API on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let support: string;
  let mallStaff: string;
  let member: { cookie: string; id: number; phone: string; token: string };
  const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { ...CLIENT_HEADERS, cookie } });
  const post = (url: string, body: unknown, cookie: string) =>
    t.app.inject({ method: 'POST', url, headers: { ...CLIENT_HEADERS, cookie }, payload: JSON.stringify(body) });
  const search = (q: string, cookie = admin) => get(`${BASE}/search?q=${encodeURIComponent(q)}`, cookie);
  const coins = (body: Record<string, unknown>, cookie = support) => post(`${BASE}/coins`, body, cookie);
  const audit = (action: string) =>
    t.db.kysely
      .selectFrom('admin_audit')
      .selectAll()
      .where('action', '=', action)
      .where('item_id', '=', String(member.id))
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    t = await createTestApp(engine);
    const a = api(t.app);
    const staff = async (role: 'admin' | 'staff', scope: string) => {
      const s = await a.phoneLogin(newPhone());
      await t.app.services.accounts.adminUpdate({ userId: Number(s.session.userId), addRoles: [{ role, scope }] });
      return s.cookie;
    };
    admin = await staff('admin', '*');
    support = await staff('staff', 'support');
    mallStaff = await staff('staff', 'mall');
    const phone = newPhone();
    const m = await a.phoneLogin(phone);
    member = { cookie: m.cookie, id: Number(m.session.userId), phone, token: m.session.token };
    await t.db.kysely.updateTable('users').set({ nickname: 'Filament_Fox 100%' }).where('id', '=', member.id).execute();
    await t.db.kysely
      .insertInto('user_identities')
      .values({ user_id: member.id, kind: 'email', value: `fox${member.id}@example.com`, union_id: null, created_at: Date.now() })
      .execute();
  });
  afterAll(() => t.close());

  it('finds a member by phone (whole or part), e-mail, nickname or id, unmasked for admins and support', async () => {
    for (const q of [
      member.phone,
      e164(member.phone),
      member.phone.slice(3, 9),
      `fox${member.id}@EXAMPLE.com`,
      'filament_fox',
      String(member.id),
    ]) {
      for (const cookie of [admin, support]) {
        const res = (await search(q, cookie)).json();
        expect(res.code, `${q}: ${JSON.stringify(res)}`).toBe(0);
        expect(res.result.masked).toBe(false);
        const hit = res.result.items.find((i: { id: string }) => i.id === String(member.id));
        expect(hit, q).toMatchObject({ phone: e164(member.phone), email: `fox${member.id}@example.com`, state: 'active' });
      }
    }
  });

  it('masks contacts for staff without support, and does not match a phone or e-mail they type', async () => {
    const byName = (await search('Filament_Fox', mallStaff)).json().result;
    expect(byName.masked).toBe(true);
    const hit = byName.items.find((i: { id: string }) => i.id === String(member.id));
    expect(hit.phone).toBe(`+86${member.phone.slice(0, 3)}****${member.phone.slice(-4)}`);
    expect(hit.email).toBe('f***@example.com');
    // A full phone number or e-mail typed by them finds nobody: the search would otherwise confirm it.
    for (const q of [member.phone, e164(member.phone), `fox${member.id}@example.com`])
      expect((await search(q, mallStaff)).json().result.items, q).toEqual([]);
    const detail = (await get(`${BASE}/get?userId=${member.id}`, mallStaff)).json().result;
    expect(detail.masked).toBe(true);
    expect(JSON.stringify(detail)).not.toContain(member.phone);
    expect(JSON.stringify(detail)).not.toContain(`fox${member.id}@`);
    expect(detail.may).toEqual({ support: false, roles: false });
  });

  it('takes % and _ literally, and refuses missing, malformed and oversized queries without a 500', async () => {
    expect((await search('100%')).json().result.items.map((i: { id: string }) => i.id)).toEqual([String(member.id)]);
    expect((await search('%')).json().result.items.every((i: { nickname: string }) => i.nickname.includes('%'))).toBe(true);
    expect((await search("' or 1=1 --")).json().result.items).toEqual([]);
    for (const url of [
      `${BASE}/search`,
      `${BASE}/search?q=`,
      `${BASE}/search?q=${'x'.repeat(101)}`,
      `${BASE}/search?q=a%00b`,
      `${BASE}/search?q=a&limit=0`,
      `${BASE}/search?q=a&limit=51`,
      `${BASE}/get`,
      `${BASE}/get?userId=abc`,
      `${BASE}/get?userId=-1`,
      `${BASE}/get?userId=1e400`,
    ]) {
      const res = await get(url, admin);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.json().code, url).toBe(ResultCode.parameter);
    }
    expect((await get(`${BASE}/get?userId=999999999`, admin)).json().code).toBe(ResultCode.notFound);
  });

  it('keeps members and signed-out callers out', async () => {
    const outsider = await api(t.app).phoneLogin(newPhone());
    for (const url of [`${BASE}/search?q=fox`, `${BASE}/get?userId=${member.id}`]) {
      expect((await get(url, outsider.cookie)).statusCode).toBe(403);
      expect((await get(url, '')).statusCode).toBe(401);
    }
  });

  it("shows a member's sign-in methods, sessions (never the token), roles and coins", async () => {
    const res = await get(`${BASE}/get?userId=${member.id}`, support);
    const d = res.json().result;
    expect(d.signIns.map((s: { kind: string }) => s.kind).sort()).toEqual(['email', 'phone']);
    expect(d.sessions.length).toBeGreaterThan(0);
    expect(d.sessions[0]).toMatchObject({ state: 'active' });
    expect(Object.keys(d.sessions[0]).sort()).toEqual(['createdAt', 'device', 'expiresAt', 'id', 'lastSeenAt', 'state']);
    expect(res.body).not.toContain(member.token);
    expect(d.may).toEqual({ support: true, roles: false });
    expect(d.coins).toEqual({ balance: 0, ledger: [] });
  });

  it('adjusts coins once per key, with the reason on the ledger and in the audit log; the member sees the balance', async () => {
    const key = newKey();
    const first = (await coins({ userId: member.id, delta: 50, reason: 'Apology for a late parcel', key })).json();
    expect(first, JSON.stringify(first)).toMatchObject({ code: 0, result: { balance: 50, applied: true } });
    const again = (await coins({ userId: member.id, delta: 50, reason: 'Apology for a late parcel', key })).json();
    expect(again.result).toEqual({ balance: 50, applied: false });
    const beans = (await get(BEANS, member.cookie)).json().result;
    expect(beans.balance).toBe(50);
    const ledger = await t.db.kysely.selectFrom('coin_ledger').selectAll().where('user_id', '=', member.id).execute();
    expect(ledger.map((l) => [l.delta, l.reason, l.note])).toEqual([[50, 'admin', 'Apology for a late parcel']]);
    const rows = await audit('user.coins');
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]?.before ?? '')).toEqual({ coins: 0 });
    expect(JSON.parse(rows[0]?.after ?? '')).toEqual({ coins: 50, delta: 50, reason: 'Apology for a late parcel' });
  });

  it('never takes a balance below zero, and refuses bad adjustments, changing nothing', async () => {
    const balance = async () => (await get(BEANS, member.cookie)).json().result.balance as number;
    const start = await balance();
    const over = (await coins({ userId: member.id, delta: -(start + 1), reason: 'Too much', key: newKey() })).json();
    expect(over.code).toBe(ResultCode.insufficientCoins);
    const ok = { userId: member.id, delta: 5, reason: 'Fine reason', key: newKey() };
    for (const bad of [
      {},
      { ...ok, reason: undefined },
      { ...ok, reason: '  ' },
      { ...ok, reason: 'x'.repeat(201) },
      { ...ok, reason: 'bad\u0000reason' },
      { ...ok, reason: 'bidi\u202Ereason' },
      { ...ok, delta: 0 },
      { ...ok, delta: 1.5 },
      { ...ok, delta: '5' },
      { ...ok, delta: 1_000_001 },
      { ...ok, key: 'short' },
      { ...ok, key: "x'; drop table coin_ledger; --" },
      { ...ok, userId: 'me' },
    ]) {
      const res = await coins(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBeLessThan(500);
      expect(res.json().code, JSON.stringify(bad)).toBe(ResultCode.parameter);
    }
    const huge = await t.app.inject({
      method: 'POST',
      url: `${BASE}/coins`,
      headers: { ...CLIENT_HEADERS, cookie: support },
      payload: JSON.stringify({ ...ok, reason: 'y'.repeat(2_000_000) }),
    });
    expect(huge.statusCode).toBeLessThan(500);
    expect(huge.json().code).not.toBe(0);
    expect((await coins({ ...ok, userId: 999_999_999 })).json().code).toBe(ResultCode.notFound);
    expect(await balance()).toBe(start);
    expect(await audit('user.coins')).toHaveLength(1);
  });

  it('lets only support staff and admins change a member (403, nothing written), and only with the client header', async () => {
    const before = await t.db.kysely.selectFrom('admin_audit').select('id').execute();
    for (const res of [
      await coins({ userId: member.id, delta: 5, reason: 'Not mine to give', key: newKey() }, mallStaff),
      await post(`${BASE}/sign-out`, { userId: member.id }, mallStaff),
      await post('/api/cxy/admin/v2/user/update', { userId: member.id, addRoles: [{ role: 'staff', scope: 'mall' }] }, support),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().code).toBe(ResultCode.forbiddenRole);
    }
    const crossSite = await t.app.inject({
      method: 'POST',
      url: `${BASE}/sign-out`,
      headers: { cookie: support, 'content-type': 'application/json' },
      payload: JSON.stringify({ userId: member.id }),
    });
    expect(crossSite.statusCode).toBe(403);
    expect(await t.db.kysely.selectFrom('admin_audit').select('id').execute()).toHaveLength(before.length);
    expect((await get(BEANS, member.cookie)).json().code).toBe(0);
  });

  it('blocks a member (their next call is refused, signing in says blocked), unblocks, and signs out everywhere', async () => {
    const update = (state: string) => post('/api/cxy/admin/v2/user/update', { userId: member.id, state }, support);
    expect((await update('blocked')).json().code).toBe(0);
    expect((await get(BEANS, member.cookie)).statusCode).toBe(401);
    const a = api(t.app);
    await a.post('/api/cxy/account/v2/sendCode', { account: member.phone, type: 1, purpose: 6, region: 'CN' });
    const code = await a.outboxCode(e164(member.phone));
    const refused = await a.post('/api/cxy/account/v2/quickLogin', { account: member.phone, type: 1, code, region: 'CN' });
    expect(refused.json().code).toBe(ResultCode.accountBlocked);
    expect((await update('active')).json().code).toBe(0);
    // Unblocked, the member signs in again (by e-mail: the phone's next code is not due yet).
    const email = `fox${member.id}@example.com`;
    await a.post('/api/cxy/account/v2/sendCode', { account: email, type: 0, purpose: 6 });
    const again = await a.post('/api/cxy/account/v2/quickLogin', { account: email, type: 0, code: await a.outboxCode(email) });
    expect(again.json().code, again.body).toBe(0);
    const back = { cookie: `token=${again.json().result.token}; userId=${member.id}` };
    expect((await get(BEANS, back.cookie)).json().code).toBe(0);
    const blocks = await audit('user.update');
    expect(blocks.map((r) => JSON.parse(r.after ?? '').state)).toEqual(['blocked', 'active']);

    const out = (await post(`${BASE}/sign-out`, { userId: member.id }, support)).json();
    expect(out).toMatchObject({ code: 0, result: { signedOut: 1 } });
    expect((await get(BEANS, back.cookie)).statusCode).toBe(401);
    const [row] = await audit('user.signOut');
    expect(JSON.parse(row?.before ?? '')).toEqual({ activeSessions: 1 });
    expect((await post(`${BASE}/sign-out`, {}, support)).json().code).toBe(ResultCode.parameter);
    expect((await post(`${BASE}/sign-out`, { userId: 999_999_999 }, support)).json().code).toBe(ResultCode.notFound);
  });

  it('keeps the balance whole under concurrent adjustments: each key once, never below zero', async () => {
    const m = await api(t.app).phoneLogin(newPhone());
    const userId = Number(m.session.userId);
    expect((await coins({ userId, delta: 100, reason: 'Opening balance', key: newKey() })).json().code).toBe(0);
    // Ten debits of 30 at once: three fit.
    const debits = await Promise.all(
      Array.from({ length: 10 }, () => coins({ userId, delta: -30, reason: 'Concurrent debit', key: newKey() })),
    );
    const codes = debits.map((r) => r.json().code);
    expect(codes.filter((c) => c === 0)).toHaveLength(3);
    expect(codes.filter((c) => c !== 0).every((c) => c === ResultCode.insufficientCoins)).toBe(true);
    // The same key sent eight times at once: one movement.
    const key = newKey();
    const same = await Promise.all(Array.from({ length: 8 }, () => coins({ userId, delta: 7, reason: 'Double submit', key })));
    expect(same.map((r) => r.json().code).every((c) => c === 0)).toBe(true);
    expect(same.filter((r) => r.json().result.applied)).toHaveLength(1);
    const [bal] = await t.db.kysely.selectFrom('coin_balances').select('balance').where('user_id', '=', userId).execute();
    const ledger = await t.db.kysely.selectFrom('coin_ledger').select('delta').where('user_id', '=', userId).execute();
    expect(bal?.balance).toBe(17);
    expect(ledger.reduce((s, l) => s + l.delta, 0)).toBe(17);
    expect(ledger).toHaveLength(5);
  });
});
