import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../src/shared/errors';
import { api, newPhone } from '../helpers/accounts';
import { CLIENT_HEADERS, createTestApp, ENGINES, type TestApp } from '../helpers/app';

/** The console's audit log: every admin API write leaves one row in its transaction; admins read and export it. */
const LOTTERY = '/api/rest/lottery/admin/campaign';
const AUDIT = '/api/cxy/admin/v2/console/audit';
const DAY = 86_400_000;
const T0 = Date.parse('2026-12-01T00:00:00Z');
const texts = (s: string) => ({ en: `${s} en`, 'zh-CN': `${s} 简`, 'zh-TW': `${s} 繁`, fr: `${s} fr` });
const raffle = () => ({
  title: texts('Wheel'),
  rules: texts('Rules'),
  startsAt: T0,
  endsAt: T0 + 7 * DAY,
  noWinWeight: 10,
  prizes: [{ kind: 2, name: texts('Coupon'), stock: 10, weight: 5 }],
});

describe.each(ENGINES)('the audit log on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let adminId: number;
  let member: string;
  let staff1: string;
  let staff1Id: number;
  const post = (url: string, body: unknown, cookie = admin) =>
    t.app.inject({ method: 'POST', url, headers: { ...CLIENT_HEADERS, cookie }, payload: JSON.stringify(body) });
  const get = (url: string, cookie = admin) => t.app.inject({ method: 'GET', url, headers: { ...CLIENT_HEADERS, cookie } });
  const rows = () => t.db.kysely.selectFrom('admin_audit').selectAll().orderBy('id').execute();

  beforeAll(async () => {
    t = await createTestApp(engine);
    const a = api(t.app);
    const boss = await a.phoneLogin(newPhone());
    adminId = Number(boss.session.userId);
    admin = boss.cookie;
    await t.app.services.accounts.adminUpdate({ userId: adminId, addRoles: [{ role: 'admin', scope: '*' }] });
    member = (await a.phoneLogin(newPhone())).cookie;
    const s1 = await a.phoneLogin(newPhone());
    staff1 = s1.cookie;
    staff1Id = Number(s1.session.userId);
  });
  afterAll(() => t.close());

  it('records a campaign created and edited, with the values before and after, the actor and the request id', async () => {
    const created = await post(`${LOTTERY}/create`, raffle());
    expect(created.json().code, created.body).toBe(0);
    const id = created.json().result.id as number;
    const requestId = '0b7e3c4a-5d6f-4a8b-9c0d-1e2f3a4b5c6d';
    const edited = await t.app.inject({
      method: 'POST',
      url: `${LOTTERY}/update`,
      headers: { ...CLIENT_HEADERS, cookie: admin, __cxy_requestid_: requestId },
      payload: JSON.stringify({ id, noWinWeight: 20 }),
    });
    expect(edited.json().code, edited.body).toBe(0);
    const mine = (await rows()).filter((r) => r.item_type === 'campaign' && r.item_id === String(id));
    expect(mine.map((r) => r.action)).toEqual(['campaign.create', 'campaign.update']);
    expect(mine.every((r) => Number(r.actor_id) === adminId)).toBe(true);
    expect(mine[0]?.before).toBeNull();
    expect(JSON.parse(mine[1]?.before ?? '{}').noWinWeight).toBe(10);
    expect(JSON.parse(mine[1]?.after ?? '{}').noWinWeight).toBe(20);
    expect(mine[1]?.request_id).toBe(requestId);
  });

  it('writes no row for a refused change, nor for a caller who may not make it', async () => {
    const before = (await rows()).length;
    expect((await post(`${LOTTERY}/create`, { ...raffle(), endsAt: T0 - 1 })).json().code).toBe(ResultCode.parameter);
    expect((await post(`${LOTTERY}/update`, { id: 999_999, noWinWeight: 1 })).json().code).toBe(ResultCode.notFound);
    expect((await post(`${LOTTERY}/create`, raffle(), member)).statusCode).toBe(403);
    expect((await rows()).length).toBe(before);
  });

  it('records role grants and mall product writes', async () => {
    const granted = await post('/api/cxy/admin/v2/user/update', { userId: staff1Id, addRoles: [{ role: 'staff', scope: 'activity:1' }] });
    expect(granted.json().code, granted.body).toBe(0);
    const saved = await post('/api/cxy/admin/v2/mall/product/save', {
      name: texts('Filament'),
      description: texts('PLA'),
      imageUrls: ['/images/filament.png'],
      priceFen: 9900,
      stock: 5,
      maxPerOrder: 2,
      onSale: true,
      position: 1,
    });
    expect(saved.json().code, saved.body).toBe(0);
    const productId = saved.json().result.id;
    expect((await post('/api/cxy/admin/v2/mall/product/restock', { id: productId, add: 3 })).json().code).toBe(0);
    const all = await rows();
    const grant = all.find((r) => r.action === 'user.update' && r.item_id === String(staff1Id));
    expect(JSON.parse(grant?.before ?? '{}').roles).toEqual([]);
    expect(JSON.parse(grant?.after ?? '{}').roles).toEqual([{ role: 'staff', scope: 'activity:1' }]);
    const restock = all.find((r) => r.action === 'product.restock' && r.item_id === String(productId));
    expect(JSON.parse(restock?.after ?? '{}')).toEqual({ stock: 8, add: 3 });
    expect(all.some((r) => r.action === 'product.create' && r.item_id === String(productId))).toBe(true);
  });

  it('lets staff of one campaign read and edit it, and nothing else (403, nothing written)', async () => {
    const one = (await post(`${LOTTERY}/create`, raffle())).json().result.id as number;
    const two = (await post(`${LOTTERY}/create`, raffle())).json().result.id as number;
    await t.app.services.accounts.adminUpdate({ userId: staff1Id, addRoles: [{ role: 'staff', scope: `activity:${one}` }] });
    expect((await get(`${LOTTERY}/get?id=${one}`, staff1)).json().code).toBe(0);
    expect((await post(`${LOTTERY}/update`, { id: one, noWinWeight: 3 }, staff1)).json().code).toBe(0);
    const before = (await rows()).length;
    for (const res of [
      await get(`${LOTTERY}/get?id=${two}`, staff1),
      await post(`${LOTTERY}/update`, { id: two, noWinWeight: 3 }, staff1),
      await post(`${LOTTERY}/create`, raffle(), staff1),
      await get(AUDIT, staff1),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().code).toBe(ResultCode.forbiddenRole);
    }
    expect((await get(`${LOTTERY}/get?id=${two}`)).json().result.noWinWeight).toBe(10);
    expect((await rows()).length).toBe(before);
  });

  it('lists the log newest first, filtered and paged', async () => {
    const page = await get(`${AUDIT}?itemType=campaign&limit=2`);
    expect(page.json().code, page.body).toBe(0);
    const { items, more } = page.json().result;
    expect(items).toHaveLength(2);
    expect(more).toBe(true);
    expect(Number(items[0].id)).toBeGreaterThan(Number(items[1].id));
    expect(items.every((i: { itemType: string }) => i.itemType === 'campaign')).toBe(true);
    const next = (await get(`${AUDIT}?itemType=campaign&limit=2&before=${items[1].id}`)).json().result.items;
    expect(Number(next[0].id)).toBeLessThan(Number(items[1].id));
    const byAction = (await get(`${AUDIT}?action=product.restock`)).json().result.items;
    expect(byAction).toHaveLength(1);
    expect(byAction[0]).toMatchObject({ actorId: String(adminId), after: { stock: 8, add: 3 } });
  });

  it('exports the filtered log as CSV, formulas defused', async () => {
    const res = await get(`${AUDIT}/export?itemType=campaign`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.replace(/^\ufeff/, '').trim().split('\r\n');
    expect(lines[0]).toBe('"id","at","actor_id","actor","action","item_type","item_id","before","after","request_id"');
    const count = (await rows()).filter((r) => r.item_type === 'campaign').length;
    expect(lines).toHaveLength(count + 1);
    expect(lines.slice(1).every((l) => l.includes('"campaign"'))).toBe(true);
  });

  it('refuses malformed, oversized and hostile filters with code 1 naming the field', async () => {
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=abc', 'limit'],
      ['limit=100000', 'limit'],
      ['actorId=-1', 'actorId'],
      ['action=%3Cscript%3E', 'action'],
      [`itemType=${'a'.repeat(41)}`, 'itemType'],
      [`itemId=${'1'.repeat(121)}`, 'itemId'],
      ['from=1e30', 'from'],
      ['before=0', 'before'],
    ] as const) {
      const res = await get(`${AUDIT}?${query}`);
      expect(res.json().code, query).toBe(ResultCode.parameter);
      expect(res.json().msg, query).toContain(field);
    }
    expect((await get(`${AUDIT}/export?action='; drop table admin_audit;--`)).json().code).toBe(ResultCode.parameter);
    expect((await get(`${AUDIT}?itemId=${encodeURIComponent("1' or '1'='1")}`)).json().result.items).toEqual([]);
  });

  it('answers anonymous callers 401 and members 403', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: AUDIT, headers: CLIENT_HEADERS });
    expect(anonymous.statusCode).toBe(401);
    expect((await get(AUDIT, member)).statusCode).toBe(403);
    expect((await get(`${AUDIT}/export`, member)).statusCode).toBe(403);
  });
});
