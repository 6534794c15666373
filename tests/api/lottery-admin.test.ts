import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSeeds } from '../../src/server/db/seed/seed';
import { lotteryDemoSeed } from '../../src/server/lottery/seed';
import { ResultCode } from '../../src/shared/errors';
import { api, newPhone } from '../helpers/accounts';
import { CLIENT_HEADERS, createTestApp, createTestDb, ENGINES, type TestApp } from '../helpers/app';

/** The raffle admin API, the `lottery:admin` command and the demo raffle seed. */
const BASE = '/api/rest/lottery/admin/campaign';
const EXAMPLE = path.resolve('docs/examples/raffle.json');
const DAY = 86_400_000;
const T0 = Date.parse('2026-12-01T00:00:00Z');

const texts = (s: string) => ({ en: `${s} en`, 'zh-CN': `${s} 简`, 'zh-TW': `${s} 繁`, fr: `${s} fr` });
const prize = (over: Record<string, unknown> = {}) => ({ kind: 2, name: texts('Coupon'), stock: 10, weight: 5, ...over });
const valid = (over: Record<string, unknown> = {}) => ({
  title: texts('Wheel'),
  rules: texts('Rules\nline two'),
  startsAt: T0,
  endsAt: T0 + 7 * DAY,
  noWinWeight: 10,
  prizes: [prize(), prize({ kind: 3, name: texts('Beans'), value: 200 })],
  ...over,
});

describe.each(ENGINES)('raffle admin API on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let member: string;
  let adminId: number;
  const post = (what: string, body: unknown, cookie = admin) =>
    t.app.inject({ method: 'POST', url: `${BASE}/${what}`, headers: { ...CLIENT_HEADERS, cookie }, payload: JSON.stringify(body) });
  const get = (id: unknown, cookie = admin) =>
    t.app.inject({ method: 'GET', url: `${BASE}/get?id=${id}`, headers: { ...CLIENT_HEADERS, cookie } });
  const campaignCount = async () =>
    Number(
      (
        await t.db.kysely
          .selectFrom('lottery_campaigns')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const create = async (body: unknown) => {
    const res = await post('create', body);
    expect(res.json().code, res.body).toBe(0);
    return res.json().result;
  };
  /** Expects code 1 naming `field` (the first issue's field or any of them). */
  const expectRefused = (res: Awaited<ReturnType<typeof post>>, field: string) => {
    const body = res.json();
    expect(body.code, res.body).toBe(ResultCode.parameter);
    expect(
      body.result.issues.map((i: { field: string }) => i.field),
      res.body,
    ).toContain(field);
  };

  beforeAll(async () => {
    t = await createTestApp(engine);
    const a = api(t.app);
    const staff = await a.phoneLogin(newPhone());
    adminId = Number(staff.session.userId);
    await t.app.services.accounts.adminUpdate({ userId: adminId, addRoles: [{ role: 'admin', scope: '*' }] });
    admin = staff.cookie;
    member = (await a.phoneLogin(newPhone())).cookie;
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets only global admins in', async () => {
    const before = await campaignCount();
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `${BASE}/create`,
      headers: CLIENT_HEADERS,
      payload: JSON.stringify(valid()),
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe(ResultCode.token);
    const denied = await post('create', valid(), member);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe(ResultCode.forbiddenRole);
    expect((await post('update', { id: 1, noWinWeight: 1 }, member)).statusCode).toBe(403);
    expect((await get(1, member)).statusCode).toBe(403);
    expect(await campaignCount()).toBe(before);
  });

  it('creates a campaign with its prizes and reads it back', async () => {
    const created = await create(
      valid({
        startsAt: '2026-12-01T08:00:00+08:00',
        settings: { dailyChances: 2 },
        prizes: [
          prize({ kind: 1, name: texts('Printer'), stock: 1, weight: 1, perUserCap: 1, imageUrl: 'https://cdn.example.com/p.png' }),
          prize({ kind: 5, name: texts('Space'), value: 50, imageUrl: '/images/space.png' }),
        ],
      }),
    );
    expect(created).toMatchObject({
      id: expect.any(Number),
      kind: 'raffle',
      channel: 1,
      title: texts('Wheel'),
      rules: texts('Rules\nline two'),
      startsAt: T0,
      endsAt: T0 + 7 * DAY,
      restocking: false,
      noWinWeight: 10,
      settings: { dailyChances: 2, exchangeCost: 100, timeZone: 'UTC' },
      draws: 0,
      prizes: [
        {
          kind: 1,
          name: texts('Printer'),
          stock: 1,
          weight: 1,
          perUserCap: 1,
          value: 0,
          position: 0,
          imageUrl: 'https://cdn.example.com/p.png',
        },
        { kind: 5, name: texts('Space'), stock: 10, weight: 5, perUserCap: null, value: 50, position: 1, imageUrl: '/images/space.png' },
      ],
    });
    const read = await get(created.id);
    expect(read.json()).toMatchObject({ code: 0, result: created });
    expect((await get(999_999)).json().code).toBe(ResultCode.notFound);
    expect((await get('abc')).json().code).toBe(ResultCode.parameter);
  });

  it('refuses every broken rule with code 1 naming the field, writing nothing', async () => {
    const before = await campaignCount();
    const long = (n: number) => 'x'.repeat(n);
    const cases: [Record<string, unknown>, string][] = [
      [{ endsAt: T0 }, 'endsAt'],
      [{ endsAt: T0 - 1 }, 'endsAt'],
      [{ startsAt: 'tomorrow' }, 'startsAt'],
      [{ startsAt: '2026-12-01T00:00:00' }, 'startsAt'],
      [{ prizes: [prize({ stock: -1 })] }, 'prizes.0.stock'],
      [{ prizes: [prize({ stock: 1.5 })] }, 'prizes.0.stock'],
      [{ prizes: [prize({ weight: -3 })] }, 'prizes.0.weight'],
      [{ prizes: [prize({ weight: 0.5 })] }, 'prizes.0.weight'],
      [{ prizes: [], noWinWeight: 0 }, 'prizes'],
      [{ prizes: [prize({ weight: 0 })], noWinWeight: 0 }, 'noWinWeight'],
      [{ noWinWeight: -1 }, 'noWinWeight'],
      [{ prizes: [prize({ perUserCap: 0 })] }, 'prizes.0.perUserCap'],
      [{ prizes: [prize({ kind: 6 })] }, 'prizes.0.kind'],
      [{ prizes: [prize({ kind: 3 })] }, 'prizes.0.value'],
      [{ prizes: [prize({ kind: 4, value: 0 })] }, 'prizes.0.value'],
      [{ prizes: [prize({ kind: 5, value: -5 })] }, 'prizes.0.value'],
      [{ prizes: Array.from({ length: 13 }, () => prize()) }, 'prizes'],
      [{ title: { en: 'Only English' } }, 'title.zh-CN'],
      [{ title: { ...texts('T'), fr: '   ' } }, 'title.fr'],
      [{ title: { ...texts('T'), de: 'Deutsch' } }, 'title'],
      [{ title: { ...texts('T'), en: long(121) } }, 'title.en'],
      [{ title: { ...texts('T'), en: 'a\u0000b' } }, 'title.en'],
      [{ rules: { ...texts('R'), 'zh-TW': long(5001) } }, 'rules.zh-TW'],
      [{ prizes: [prize({ name: { ...texts('P'), en: long(81) } })] }, 'prizes.0.name.en'],
      [{ prizes: [prize({ name: { en: 'x', 'zh-CN': 'x', fr: 'x' } })] }, 'prizes.0.name.zh-TW'],
      [{ prizes: [prize({ imageUrl: 'javascript:alert(1)' })] }, 'prizes.0.imageUrl'],
      [{ prizes: [prize({ imageUrl: '//evil.example/x.png' })] }, 'prizes.0.imageUrl'],
      [{ prizes: [prize({ imageUrl: `https://a.example/${long(500)}` })] }, 'prizes.0.imageUrl'],
      [{ settings: { dailyChances: -1 } }, 'settings.dailyChances'],
      [{ settings: { timeZone: '' } }, 'settings.timeZone'],
      // An unknown zone would make every draw fail when it asks for the day.
      [{ settings: { timeZone: 'Mars/Olympus' } }, 'settings.timeZone'],
      [{ settings: 'daily' }, 'settings'],
      [{ settings: { look: 'cube' } }, 'settings.look'],
      [{ settings: { look: ['box'] } }, 'settings.look'],
      [{ channel: 0 }, 'channel'],
      [{ surprise: true }, ''],
    ];
    for (const [over, field] of cases) {
      const res = await post('create', valid(over));
      if (field === '') expect(res.json().code, JSON.stringify(over)).toBe(ResultCode.parameter);
      else expectRefused(res, field);
    }
    expect(await campaignCount()).toBe(before);
  });

  it('updates fields, replaces prizes before the first draw, and only adjusts them after it', async () => {
    const c = await create(valid());
    const [p0, p1] = c.prizes;

    const edited = await post('update', { id: c.id, title: texts('Renamed'), restocking: true, endsAt: T0 + 10 * DAY });
    expect(edited.json()).toMatchObject({
      code: 0,
      result: { title: texts('Renamed'), restocking: true, endsAt: T0 + 10 * DAY, startsAt: T0 },
    });
    // Checked against the stored values: an end before the stored start is refused.
    expectRefused(await post('update', { id: c.id, endsAt: T0 - DAY }), 'endsAt');
    expectRefused(await post('update', { id: c.id, startsAt: T0 + 20 * DAY }), 'endsAt');
    expect((await post('update', { id: 999_999, noWinWeight: 1 })).json().code).toBe(ResultCode.notFound);
    expectRefused(await post('update', { id: c.id, settings: { exchangeCost: -5 } }), 'settings.exchangeCost');
    const resettled = await post('update', { id: c.id, settings: { exchangeCost: 50 } });
    expect(resettled.json().result.settings).toMatchObject({ exchangeCost: 50, dailyChances: 1 });

    // No draws yet: the prize list may be replaced.
    const replaced = await post('update', { id: c.id, prizes: [prize({ kind: 4, name: texts('VIP'), value: 30 })] });
    expect(replaced.json().code, replaced.body).toBe(0);
    expect(replaced.json().result.prizes).toMatchObject([{ kind: 4, value: 30, position: 0 }]);
    const [vip] = replaced.json().result.prizes;
    expect(vip.id).not.toBe(p0.id);
    expect(vip.id).not.toBe(p1.id);
    // The whole wheel must still have weight.
    expectRefused(await post('update', { id: c.id, noWinWeight: 0, prizeChanges: [{ id: vip.id, weight: 0 }] }), 'noWinWeight');
    expectRefused(await post('update', { id: c.id, prizes: [], noWinWeight: 0 }), 'prizes');

    // A draw happens.
    await t.db.kysely
      .insertInto('lottery_draws')
      .values({ campaign_id: c.id, user_id: adminId, request_id: crypto.randomUUID(), result: 2, prize_id: null, created_at: Date.now() })
      .execute();

    expectRefused(await post('update', { id: c.id, prizes: [prize()] }), 'prizes');
    expectRefused(await post('update', { id: c.id, prizeChanges: [{ id: vip.id, kind: 1 }] }), 'prizeChanges.0');
    expectRefused(await post('update', { id: c.id, prizeChanges: [{ id: vip.id, value: 365 }] }), 'prizeChanges.0');
    expectRefused(await post('update', { id: c.id, prizeChanges: [{ id: vip.id, stock: -1 }] }), 'prizeChanges.0.stock');
    expectRefused(await post('update', { id: c.id, prizeChanges: [{ id: p0.id, stock: 5 }] }), 'prizeChanges.0.id');
    expectRefused(await post('update', { id: c.id, prizeChanges: [{ id: vip.id }, { id: vip.id }] }), 'prizeChanges');
    expectRefused(await post('update', { id: c.id, prizes: [prize()], prizeChanges: [] }), 'prizeChanges');

    const adjusted = await post('update', {
      id: c.id,
      prizeChanges: [{ id: vip.id, stock: 0, weight: 7, name: texts('VIP month'), imageUrl: '/img/vip.png' }],
    });
    expect(adjusted.json().code, adjusted.body).toBe(0);
    expect(adjusted.json().result).toMatchObject({
      draws: 1,
      prizes: [{ id: vip.id, kind: 4, value: 30, stock: 0, weight: 7, name: texts('VIP month'), imageUrl: '/img/vip.png' }],
    });
    expect((await get(c.id)).json().result).toEqual(adjusted.json().result);
  });

  it('stores hostile strings verbatim', async () => {
    const hostile = `<img src=x onerror=alert(1)>'; DROP TABLE lottery_prizes;-- "\\u0000" 🎰 ${'\u202e'}evil`;
    const all = { en: hostile, 'zh-CN': hostile, 'zh-TW': hostile, fr: hostile };
    const c = await create(valid({ title: all, rules: all, prizes: [prize({ name: all })] }));
    const read = (await get(c.id)).json().result;
    expect(read.title).toEqual(all);
    expect(read.rules).toEqual(all);
    expect(read.prizes[0].name).toEqual(all);
  });

  it('the lottery:admin command creates the example raffle, shows and updates it', async () => {
    const testDb = await createTestDb(engine);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cxy-raffle-cli-'));
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'scripts/lottery-admin.ts', ...args], {
        env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: testDb.url },
        encoding: 'utf8',
        timeout: 60_000,
      });
    try {
      const out = run('create', EXAMPLE);
      expect(out.status, out.stderr).toBe(0);
      const created = JSON.parse(out.stdout);
      expect(created.prizes.map((p: { kind: number }) => p.kind)).toEqual([1, 1, 2, 3, 4, 5]);
      expect(created.prizes.filter((p: { kind: number }) => p.kind >= 3).map((p: { value: number }) => p.value)).toEqual([200, 30, 50]);
      expect(created.noWinWeight).toBeGreaterThan(0);
      expect(Object.keys(created.title).sort()).toEqual(['en', 'fr', 'zh-CN', 'zh-TW']);
      expect(created.rules.en).toMatch(/7 working days/);

      const shown = run('show', String(created.id));
      expect(shown.status, shown.stderr).toBe(0);
      expect(JSON.parse(shown.stdout)).toEqual(created);

      const changes = path.join(dir, 'changes.json');
      fs.writeFileSync(changes, JSON.stringify({ id: created.id, prizeChanges: [{ id: created.prizes[0].id, stock: 2 }] }));
      const updated = run('update', changes);
      expect(updated.status, updated.stderr).toBe(0);
      expect(JSON.parse(updated.stdout).prizes[0].stock).toBe(2);

      const broken = path.join(dir, 'broken.json');
      fs.writeFileSync(broken, JSON.stringify({ ...JSON.parse(fs.readFileSync(EXAMPLE, 'utf8')), endsAt: '2020-01-01T00:00:00Z' }));
      const refused = run('create', broken);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(/endsAt/);
      expect(run('show', '999999').status).toBe(1);
      expect(run('frobnicate', 'x').status).toBe(1);
      const rows = await testDb.db.kysely.selectFrom('lottery_campaigns').select('id').execute();
      expect(rows).toHaveLength(1);
    } finally {
      await testDb.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the demo seed runs once: an ongoing raffle with 6 prizes of all 5 kinds', async () => {
    const testDb = await createTestDb(engine);
    try {
      const db = testDb.db.kysely;
      const now = Date.now();
      expect(await runSeeds(db, [lotteryDemoSeed()], now)).toEqual(['lottery-demo-v1']);
      expect(await runSeeds(db, [lotteryDemoSeed()], now + 1000)).toEqual([]);
      const campaigns = await db.selectFrom('lottery_campaigns').selectAll().execute();
      expect(campaigns).toHaveLength(1);
      const [c] = campaigns;
      expect(Number(c?.starts_at)).toBe(now - DAY);
      expect(Number(c?.ends_at)).toBe(now + 29 * DAY);
      expect(c?.no_win_weight).toBeGreaterThan(0);
      expect(Object.keys(JSON.parse(c?.title ?? '{}')).sort()).toEqual(['en', 'fr', 'zh-CN', 'zh-TW']);
      const prizes = await db.selectFrom('lottery_prizes').selectAll().where('campaign_id', '=', Number(c?.id)).execute();
      expect(prizes).toHaveLength(6);
      expect(new Set(prizes.map((p) => p.kind))).toEqual(new Set([1, 2, 3, 4, 5]));
    } finally {
      await testDb.drop();
    }
  });
});
