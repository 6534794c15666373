import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draw } from '../../src/server/lottery/draw';
import { ResultCode } from '../../src/shared/errors';
import { api, newPhone } from '../helpers/accounts';
import { CLIENT_HEADERS, createTestApp, ENGINES, type TestApp } from '../helpers/app';

/** The console's campaign actions: list, pause/resume/end and restock, safe while visitors draw. */
const BASE = '/api/rest/lottery/admin/campaign';
const DAY = 86_400_000;
const texts = (s: string) => ({ en: `${s} en`, 'zh-CN': `${s} 简`, 'zh-TW': `${s} 繁`, fr: `${s} fr` });

describe.each(ENGINES)('console campaign actions on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  const post = (what: string, body: unknown, cookie = admin) =>
    t.app.inject({ method: 'POST', url: `${BASE}/${what}`, headers: { ...CLIENT_HEADERS, cookie }, payload: JSON.stringify(body) });
  const get = (url: string, cookie = admin) => t.app.inject({ method: 'GET', url, headers: { ...CLIENT_HEADERS, cookie } });
  const ok = async (res: Promise<Awaited<ReturnType<typeof post>>>) => {
    const r = await res;
    expect(r.json().code, r.body).toBe(0);
    return r.json().result;
  };
  const raffle = (stock: number, over: Record<string, unknown> = {}) => ({
    title: texts('Wheel'),
    rules: texts('Rules'),
    startsAt: Date.now() - DAY,
    endsAt: Date.now() + 7 * DAY,
    noWinWeight: 0,
    prizes: [{ kind: 2, name: texts('Coupon'), stock, weight: 1 }],
    ...over,
  });
  async function users(n: number): Promise<number[]> {
    const now = Date.now();
    const rows = await t.db.kysely
      .insertInto('users')
      .values(Array.from({ length: n }, (_, i) => ({ nickname: `drawer ${i}`, locale: 'en', avatar_url: '', created_at: now, updated_at: now })))
      .returning('id')
      .execute();
    return rows.map((r) => Number(r.id));
  }

  beforeAll(async () => {
    t = await createTestApp(engine);
    const a = api(t.app);
    const boss = await a.phoneLogin(newPhone());
    admin = boss.cookie;
    await t.app.services.accounts.adminUpdate({ userId: Number(boss.session.userId), addRoles: [{ role: 'admin', scope: '*' }] });
    staff = (await a.phoneLogin(newPhone())).cookie;
  });
  afterAll(() => t.close());

  it('restocks while 40 visitors draw at once: every draw recorded, no prize given beyond its stock', async () => {
    const c = await ok(post('create', raffle(5)));
    const prizeId = c.prizes[0].id;
    const ids = await users(40);
    const draws = ids.map((u) => draw(t.db, u, c.id, crypto.randomUUID()));
    const restocked = ok(post('restock', { id: c.id, prizeId, add: 10 }));
    const outcomes = await Promise.allSettled([...draws, restocked]);
    expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
    const rows = await t.db.kysely.selectFrom('lottery_draws').select(['prize_id']).where('campaign_id', '=', c.id).execute();
    expect(rows).toHaveLength(40);
    const wins = rows.filter((r) => r.prize_id !== null).length;
    // Between the first 5 and all 15 units were there to win; what is left is exactly what was not won.
    expect(wins).toBeGreaterThanOrEqual(5);
    expect(wins).toBeLessThanOrEqual(15);
    const after = await ok(get(`${BASE}/get?id=${c.id}`));
    expect(after.prizes[0].stock).toBe(15 - wins);
    const winRows = await t.db.kysely.selectFrom('lottery_wins').select('id').where('campaign_id', '=', c.id).execute();
    expect(winRows).toHaveLength(wins);
  });

  it('pauses (draws refused, chance kept), resumes, and ends early; each audited', async () => {
    const c = await ok(post('create', raffle(3)));
    const [u] = await users(1);
    expect((await ok(post('state', { id: c.id, action: 'pause' }))).restocking).toBe(true);
    await expect(draw(t.db, u as number, c.id, crypto.randomUUID())).rejects.toMatchObject({ code: ResultCode.drawRestocking });
    await ok(post('state', { id: c.id, action: 'resume' }));
    // The refused draw took nothing: the day's chance is still there.
    expect((await draw(t.db, u as number, c.id, crypto.randomUUID())).prizeId).not.toBeNull();
    const ended = await ok(post('state', { id: c.id, action: 'end' }));
    expect(ended.endsAt).toBeLessThanOrEqual(Date.now());
    await expect(draw(t.db, u as number, c.id, crypto.randomUUID())).rejects.toMatchObject({ code: ResultCode.drawEnded });
    expect((await post('state', { id: c.id, action: 'resume' })).json().code).toBe(ResultCode.parameter);
    const audit = await t.db.kysely.selectFrom('admin_audit').select('action').where('item_id', '=', String(c.id)).orderBy('id').execute();
    expect(audit.map((r) => r.action)).toEqual(['campaign.create', 'campaign.pause', 'campaign.resume', 'campaign.end']);
  });

  it('lists campaigns by kind and state, only those the caller may see', async () => {
    const c = await ok(post('create', raffle(1)));
    const later = await ok(post('create', raffle(1, { startsAt: Date.now() + DAY, endsAt: Date.now() + 2 * DAY })));
    const all = (await ok(get(`${BASE}/list?kind=raffle`))).items;
    expect(all.map((i: { id: number }) => i.id)).toEqual(expect.arrayContaining([c.id, later.id]));
    const upcoming = (await ok(get(`${BASE}/list?state=notStarted`))).items;
    expect(upcoming.map((i: { id: number }) => i.id)).toContain(later.id);
    expect(upcoming.map((i: { id: number }) => i.id)).not.toContain(c.id);
    const mine = all.find((i: { id: number }) => i.id === c.id);
    expect(mine).toMatchObject({ kind: 'raffle', state: 'ongoing', prizes: 1, stock: 1, title: texts('Wheel') });
    expect((await get(`${BASE}/list`, staff)).statusCode).toBe(403);
  });

  it('refuses malformed, oversized and hostile input, changing nothing', async () => {
    const c = await ok(post('create', raffle(2)));
    const prizeId = c.prizes[0].id;
    for (const [what, body, field] of [
      ['restock', { id: c.id, prizeId }, 'add'],
      ['restock', { id: c.id, prizeId, add: 0 }, 'add'],
      ['restock', { id: c.id, prizeId, add: 1.5 }, 'add'],
      ['restock', { id: c.id, prizeId, add: 1e12 }, 'add'],
      ['restock', { id: c.id, prizeId, add: -3 }, 'add'],
      ['restock', { id: c.id, prizeId: 'x', add: 1 }, 'prizeId'],
      ['state', { id: c.id, action: 'delete' }, 'action'],
      ['state', { id: c.id, action: 'pause', extra: '<script>' }, '(body)'],
    ] as const) {
      const res = await post(what, body);
      expect(res.json().code, JSON.stringify(body)).toBe(ResultCode.parameter);
    }
    expect((await post('restock', { id: c.id, prizeId: 999_999, add: 1 })).json().code).toBe(ResultCode.notFound);
    for (const q of ['kind=lottery', 'state=paused', `kind=${'a'.repeat(500)}`])
      expect((await get(`${BASE}/list?${q}`)).json().code, q).toBe(ResultCode.parameter);
    const after = await ok(get(`${BASE}/get?id=${c.id}`));
    expect(after.prizes[0].stock).toBe(2);
    expect(after.restocking).toBe(false);
  });
});
