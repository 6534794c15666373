import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { type Db, openDatabase } from '../../src/server/db/database';
import { runSeeds } from '../../src/server/db/seed/seed';
import { modelerDemoSeed } from '../../src/server/modeler/seed';
import { ResultCode } from '../../src/shared/errors';
import { CLIENT_HEADERS, ENGINES } from '../helpers/app';
import { appSuite, envelopeCall, randomIp } from '../helpers/suite';

/** The modeler programme: modelling requests with images, design contests and votes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
const b64 = (b: Buffer) => b.toString('base64');
const valid = (over: Record<string, unknown> = {}) => ({
  title: 'A bracket for my shelf',
  description: 'Holds a 20 mm board.\nPLA is fine.',
  budget: 200,
  images: [b64(PNG)],
  ...over,
});
const HOUR = 3_600_000;

describe.each(ENGINES)('modeler programme on %s', (engine) => {
  const suite = appSuite(engine);
  const call = envelopeCall(suite);
  const member = async (name = 'Member') => (await suite.rows.signIn(await suite.rows.user(name))).cookie;
  const admin = async () => {
    const id = await suite.rows.user('Admin');
    await suite.t.app.services.accounts.adminUpdate({ userId: id, addRoles: [{ role: 'admin', scope: '*' }] });
    return (await suite.rows.signIn(id)).cookie;
  };
  const contest = async (cookie: string, over: Record<string, unknown> = {}) => {
    const now = Date.now();
    const r = await call('POST', '/api/cxy/admin/v2/modeler/contest/create', cookie, {
      title: 'Desk toys',
      startsAt: now - HOUR,
      endsAt: now + HOUR,
      voteStartsAt: now - HOUR,
      voteEndsAt: now + HOUR,
      entries: [
        { title: 'Robot', designer: 'Ada', imageUrl: '/images/robot.png' },
        { title: 'Cat', designer: 'Bo', imageUrl: 'https://example.com/cat.png' },
      ],
      ...over,
    });
    expect(r.code, JSON.stringify(r)).toBe(0);
    return r.result as { id: number; entries: { id: number; title: string; votes: number }[] };
  };

  it('posts a request with images, lists it newest first, shows and closes it for its author only', async () => {
    const cookie = await member('Requester');
    const r = await call('POST', '/api/cxy/v2/modeler/request/post', cookie, valid({ images: [b64(PNG), b64(JPEG)] }));
    expect(r.code, JSON.stringify(r)).toBe(0);
    expect(r.result).toMatchObject({ title: 'A bracket for my shelf', budget: 200, mine: true, closed: false });
    expect(r.result.imageUrls).toHaveLength(2);
    const img = await suite.t.app.inject({ method: 'GET', url: r.result.imageUrls[1] });
    expect(img.headers['content-type']).toBe('image/jpeg');
    const second = (await call('POST', '/api/cxy/v2/modeler/request/post', cookie, valid({ title: 'Second', budget: 0, images: [] })))
      .result;
    const list = (await call('GET', '/api/cxy/v2/modeler/requests')).result;
    expect(list.items.slice(0, 2).map((i: { title: string }) => i.title)).toEqual(['Second', 'A bracket for my shelf']);
    expect(list.items[1].imageUrl).toBe(r.result.imageUrls[0]);
    expect(list.items[0].imageUrl).toBeNull();
    const shown = (await call('GET', `/api/cxy/v2/modeler/request?id=${r.result.id}`)).result;
    expect(shown).toMatchObject({ mine: false, author: 'Requester', description: 'Holds a 20 mm board.\nPLA is fine.' });

    const other = await member('Stranger');
    expect((await call('POST', '/api/cxy/v2/modeler/request/close', other, { id: r.result.id })).code).toBe(ResultCode.notYourRequest);
    expect((await call('POST', '/api/cxy/v2/modeler/request/close', undefined, { id: r.result.id })).code).toBe(ResultCode.token);
    expect((await call('POST', '/api/cxy/v2/modeler/request/close', cookie, { id: r.result.id })).result.closed).toBe(true);
    expect((await call('POST', '/api/cxy/v2/modeler/request/close', cookie, { id: r.result.id })).code).toBe(ResultCode.requestClosed);
    expect((await call('POST', '/api/cxy/v2/modeler/request/close', cookie, { id: 999_999 })).code).toBe(ResultCode.modelerRequestNotFound);
    const after = (await call('GET', '/api/cxy/v2/modeler/requests')).result.items.map((i: { id: number }) => i.id);
    expect(after).toContain(second.id);
    expect(after).not.toContain(r.result.id);
  });

  it('names every refused field (code 1) and stores nothing', async () => {
    const cookie = await member('Careless');
    const count = async () =>
      Number(
        (
          await suite.t.db.kysely
            .selectFrom('modeler_requests')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const files = async () =>
      Number(
        (
          await suite.t.db.kysely
            .selectFrom('content_files')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = [await count(), await files()];
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const cases: [unknown, string][] = [
      [valid({ title: '' }), 'title'],
      [valid({ title: '   ' }), 'title'],
      [valid({ title: 'x'.repeat(81) }), 'title'],
      [valid({ title: 'x'.repeat(10_000) }), 'title'],
      [valid({ title: 'Tab\there' }), 'title'],
      [valid({ title: ['x'] }), 'title'],
      [valid({ description: '' }), 'description'],
      [valid({ description: 'y'.repeat(2001) }), 'description'],
      [valid({ description: 'bad\u0000byte' }), 'description'],
      [valid({ budget: -1 }), 'budget'],
      [valid({ budget: 100_001 }), 'budget'],
      [valid({ budget: 1.5 }), 'budget'],
      [valid({ budget: '200' }), 'budget'],
      [{ ...valid(), budget: undefined }, 'budget'],
      [valid({ images: [b64(PNG), b64(PNG), b64(PNG), b64(PNG)] }), 'images'],
      [valid({ images: [b64(Buffer.from('<script>alert(1)</script>'))] }), 'images'],
      [valid({ images: [b64(Buffer.from('GIF89a\u0001\u0000\u0001\u0000'))] }), 'images'],
      [valid({ images: ['not base64!'] }), 'images'],
      [valid({ images: [b64(big)] }), 'images'],
    ];
    for (const [body, field] of cases) {
      const r = await call('POST', '/api/cxy/v2/modeler/request/post', cookie, body);
      expect(r.code, JSON.stringify(body).slice(0, 80)).toBe(ResultCode.parameter);
      expect(
        r.result.issues.map((i: { field: string }) => i.field.split('.')[0]),
        JSON.stringify(body).slice(0, 80),
      ).toContain(field);
    }
    expect((await call('POST', '/api/cxy/v2/modeler/request/post', undefined, valid())).code).toBe(ResultCode.token);
    expect([await count(), await files()]).toEqual(before);
    // Hostile text is stored as text.
    const hostile = "<img src=x onerror=alert(1)> '; DROP TABLE users;--";
    const r = await call('POST', '/api/cxy/v2/modeler/request/post', cookie, valid({ title: hostile, images: [] }));
    expect(r.result.title).toBe(hostile);
  });

  it('lets admins only create contests and entries, validated', async () => {
    const boss = await admin();
    const plain = await member('Plain');
    const now = Date.now();
    const body = { title: 'T', startsAt: now, endsAt: now + HOUR, voteStartsAt: now, voteEndsAt: now + HOUR };
    expect((await call('POST', '/api/cxy/admin/v2/modeler/contest/create', undefined, body)).code).toBe(ResultCode.token);
    expect((await call('POST', '/api/cxy/admin/v2/modeler/contest/create', plain, body)).code).toBe(ResultCode.forbiddenRole);
    for (const [over, field] of [
      [{ title: '' }, 'title'],
      [{ endsAt: now - 1 }, 'endsAt'],
      [{ voteEndsAt: now - 1 }, 'voteEndsAt'],
      [{ voteEndsAt: now + 2 * HOUR }, 'voteStartsAt'],
      [{ entries: [{ title: 'x', designer: 'y' }] }, 'entries.0.imageUrl'],
      [{ entries: [{ title: 'x', designer: 'y', imageUrl: 'javascript:alert(1)' }] }, 'entries.0.imageUrl'],
      [{ entries: [{ title: 'x', designer: 'y', modelId: 987_654 }] }, 'modelId'],
    ] as const) {
      const r = await call('POST', '/api/cxy/admin/v2/modeler/contest/create', boss, { ...body, ...over });
      expect(r.code, JSON.stringify(over)).toBe(ResultCode.parameter);
      expect(r.result.issues.map((i: { field: string }) => i.field)).toContain(field);
    }
    const authorId = await suite.rows.user('Model author');
    const modelId = await suite.rows.model(authorId, 'Library cube');
    const c = await contest(boss);
    const added = await call('POST', '/api/cxy/admin/v2/modeler/entry/add', boss, {
      contestId: c.id,
      title: 'Cube',
      designer: 'Model author',
      imageUrl: '/images/cube.png',
      modelId,
    });
    expect(added.code, JSON.stringify(added)).toBe(0);
    expect(added.result.entries.find((e: { title: string }) => e.title === 'Cube')).toMatchObject({ modelId: Number(modelId) });
    expect(
      (
        await call('POST', '/api/cxy/admin/v2/modeler/entry/add', boss, {
          contestId: 999_999,
          title: 'x',
          designer: 'y',
          imageUrl: '/x.png',
        })
      ).code,
    ).toBe(ResultCode.contestNotFound);
    expect(
      (await call('POST', '/api/cxy/admin/v2/modeler/entry/add', plain, { contestId: c.id, title: 'x', designer: 'y', imageUrl: '/x.png' }))
        .code,
    ).toBe(ResultCode.forbiddenRole);
    // The current contest is the running one started last.
    expect((await call('GET', '/api/cxy/v2/modeler/contest')).result.id).toBe(c.id);
    expect((await call('GET', `/api/cxy/v2/modeler/contest?contestId=${c.id}`)).result.state).toBe('voting');
    expect((await call('GET', '/api/cxy/v2/modeler/contest?contestId=999999')).code).toBe(ResultCode.contestNotFound);
  });

  it('counts one vote per member and entry, exactly, under concurrency; un-votes; several entries', async () => {
    const c = await contest(await admin());
    const [robot, cat] = c.entries.map((e) => e.id) as [number, number];
    const eager = await member('Eager');
    const once = await Promise.all(Array.from({ length: 20 }, () => call('POST', '/api/cxy/v2/modeler/vote', eager, { entryId: robot })));
    expect(once.every((r) => r.code === 0)).toBe(true);
    const voters = await Promise.all(Array.from({ length: 20 }, (_, i) => member(`Voter ${i}`)));
    await Promise.all(voters.map((v) => call('POST', '/api/cxy/v2/modeler/vote', v, { entryId: robot })));
    await call('POST', '/api/cxy/v2/modeler/vote', eager, { entryId: cat });
    const shown = (await call('GET', `/api/cxy/v2/modeler/contest?contestId=${c.id}`)).result;
    expect(shown.entries.map((e: { votes: number }) => e.votes)).toEqual([21, 1]);
    expect((await call('GET', `/api/cxy/v2/modeler/contest/my-votes?contestId=${c.id}`, eager)).result.entryIds).toEqual([robot, cat]);
    const rows = await suite.t.db.kysely.selectFrom('modeler_votes').select('user_id').where('entry_id', '=', robot).execute();
    expect(rows).toHaveLength(21);
    const off = await Promise.all(Array.from({ length: 10 }, () => call('POST', '/api/cxy/v2/modeler/unvote', eager, { entryId: robot })));
    expect(off.map((r) => r.result.votes).sort()).toContain(20);
    expect((await call('GET', `/api/cxy/v2/modeler/contest?contestId=${c.id}`)).result.entries[0].votes).toBe(20);
    expect((await call('POST', '/api/cxy/v2/modeler/vote', undefined, { entryId: robot })).code).toBe(ResultCode.token);
    expect((await call('POST', '/api/cxy/v2/modeler/vote', eager, { entryId: 999_999 })).code).toBe(ResultCode.entryNotFound);
  });

  it('refuses votes outside the voting window', async () => {
    const boss = await admin();
    const now = Date.now();
    const ended = await contest(boss, { startsAt: now - 3 * HOUR, voteStartsAt: now - 3 * HOUR, voteEndsAt: now - HOUR });
    const later = await contest(boss, { voteStartsAt: now + HOUR / 2 });
    const v = await member('Late');
    for (const c of [ended, later]) {
      expect((await call('POST', '/api/cxy/v2/modeler/vote', v, { entryId: c.entries[0]?.id })).code).toBe(ResultCode.votingClosed);
      expect((await call('POST', '/api/cxy/v2/modeler/unvote', v, { entryId: c.entries[0]?.id })).code).toBe(ResultCode.votingClosed);
    }
    expect((await call('GET', `/api/cxy/v2/modeler/contest?contestId=${later.id}`)).result.state).toBe('upcoming');
    expect((await call('GET', `/api/cxy/v2/modeler/contest?contestId=${ended.id}`)).result.state).toBe('closed');
  });

  it('seeds a running demo contest and two open requests once', async () => {
    const applied = await runSeeds(suite.t.db.kysely, [modelerDemoSeed(suite.t.app.services.content.storage)]);
    expect(applied).toEqual(['modeler-demo-v1']);
    const demo = await suite.t.db.kysely
      .selectFrom('modeler_contests')
      .select('id')
      .where('title', '=', 'Desk Companions Design Contest')
      .execute();
    expect(demo).toHaveLength(1);
    expect((await call('GET', `/api/cxy/v2/modeler/contest?contestId=${demo[0]?.id}`)).result.state).toBe('voting');
    const titles = (await call('GET', '/api/cxy/v2/modeler/requests')).result.items.map((i: { title: string }) => i.title);
    expect(titles).toContain('Replacement knob for a vintage radio');
  });

  describe('from two app instances', () => {
    const extra: { db?: Db; app?: Awaited<ReturnType<typeof buildApp>> } = {};
    afterAll(async () => {
      await extra.app?.close();
      if (extra.db && extra.db !== suite.t.db) await extra.db.close();
    });
    it('keeps counts exact when votes arrive at both instances', async () => {
      extra.db = engine === 'postgres' ? openDatabase({ dialect: 'postgres', url: suite.t.url }, { poolSize: 5 }) : suite.t.db;
      extra.app = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: suite.t.url }), { db: extra.db });
      await extra.app.ready();
      const apps = [suite.t.app, extra.app];
      const c = await contest(await admin());
      const entryId = c.entries[0]?.id;
      const voters = await Promise.all(Array.from({ length: 10 }, (_, i) => member(`Twin ${i}`)));
      await Promise.all(
        voters.flatMap((cookie) =>
          apps.flatMap((app) =>
            [0, 1].map(() =>
              app.inject({
                method: 'POST',
                url: '/api/cxy/v2/modeler/vote',
                headers: { ...CLIENT_HEADERS, cookie },
                remoteAddress: randomIp(),
                payload: JSON.stringify({ entryId }),
              }),
            ),
          ),
        ),
      );
      const shown = (await call('GET', `/api/cxy/v2/modeler/contest?contestId=${c.id}`)).result;
      expect(shown.entries.find((e: { id: number }) => e.id === entryId).votes).toBe(10);
    });
  });
});
