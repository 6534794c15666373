import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draw } from '../../src/server/lottery/draw';
import { api, newPhone } from '../helpers/accounts';
import { CLIENT_HEADERS, createTestApp, ENGINES, type TestApp } from '../helpers/app';
import { makeCampaign } from '../helpers/lottery';

/** The console dashboard: today and the last 7 days from the ledgers and the analytics events. */
const URL = '/api/cxy/admin/v2/console/dashboard';
const DAY = 86_400_000;

describe.each(ENGINES)('the console dashboard on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let analyst: string;
  let member: string;
  const get = (cookie: string) => t.app.inject({ method: 'GET', url: URL, headers: { ...CLIENT_HEADERS, cookie } });

  beforeAll(async () => {
    t = await createTestApp(engine);
    const a = api(t.app);
    const boss = await a.phoneLogin(newPhone());
    admin = boss.cookie;
    await t.app.services.accounts.adminUpdate({ userId: Number(boss.session.userId), addRoles: [{ role: 'admin', scope: '*' }] });
    const an = await a.phoneLogin(newPhone());
    analyst = an.cookie;
    await t.app.services.accounts.adminUpdate({ userId: Number(an.session.userId), addRoles: [{ role: 'staff', scope: 'analytics' }] });
    const m = await a.phoneLogin(newPhone());
    member = m.cookie;
  });
  afterAll(() => t.close());

  it("counts today's sign-ups, draws and wins, and the top share pages, over 7 UTC days", async () => {
    const before = (await get(admin)).json().result;
    expect(before.days).toHaveLength(7);
    expect(before.days[6].day).toBe(new Date().toISOString().slice(0, 10));
    expect(Date.parse(before.days[6].day) - Date.parse(before.days[0].day)).toBe(6 * DAY);

    const a = api(t.app);
    const drawer = Number((await a.phoneLogin(newPhone())).session.userId);
    const { campaignId } = await makeCampaign(t.db.kysely, { prizes: [{ kind: 2, stock: 5, weight: 1 }] });
    await draw(t.db, drawer, campaignId, crypto.randomUUID());
    const now = Date.now();
    const view = (contentId: string) => ({
      time: now,
      received_at: now,
      type: 'track',
      event: 'SharePageView',
      distinct_id: crypto.randomUUID(),
      sent_time: now,
      properties: JSON.stringify({ contentType: 'model', contentId }),
    });
    await t.db.kysely.insertInto('analytics_events').values([view('7'), view('7'), view('9')]).execute();
    // Older than the week: not counted.
    await t.db.kysely.insertInto('analytics_events').values({ ...view('5'), time: now - 8 * DAY }).execute();

    const after = (await get(admin)).json().result;
    const today = after.days[6];
    expect(today.signUps).toBe(before.days[6].signUps + 1);
    expect(today.draws).toBe(before.days[6].draws + 1);
    expect(today.wins).toBe(before.days[6].wins + 1);
    expect(after.topShares).toEqual([
      { contentType: 'model', contentId: '7', views: 2 },
      { contentType: 'model', contentId: '9', views: 1 },
    ]);
    expect(after.waiting).toEqual({ claimsToShip: 0, ordersToShip: 0 });
  });

  it('is for admins and analytics staff; members get 403, anonymous callers 401', async () => {
    expect((await get(analyst)).json().code).toBe(0);
    expect((await get(member)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: URL, headers: CLIENT_HEADERS })).statusCode).toBe(401);
  });
});
