import { describe, expect, it } from 'vitest';
import { PrizeKind } from '../../src/shared/enums';
import { ResultCode } from '../../src/shared/errors';
import { api } from '../helpers/accounts';
import { CLIENT_HEADERS, ENGINES } from '../helpers/app';
import { makeCampaign } from '../helpers/lottery';
import { appSuite } from '../helpers/suite';

/** The venue admin API: admins set venues up, venue staff edit their texts; every field checked, references must exist. */
const BASE = '/api/cxy/admin/v2/venues';
const T0 = Date.parse('2026-12-01T01:00:00Z');
const texts = (s: string) => ({ en: `${s} en`, 'zh-CN': `${s} 简`, 'zh-TW': `${s} 繁`, fr: `${s} fr` });

describe.each(ENGINES)('venue admin API on %s', (engine) => {
  const suite = appSuite(engine);
  let seq = 0;
  const slug = () => `v${engine.slice(0, 2)}${++seq}${Math.floor(Math.random() * 1000)}`;

  const signedIn = async (name: string, roles: { role: 'admin' | 'staff'; scope: string }[] = []) => {
    const id = await suite.rows.user(name);
    if (roles.length > 0) await suite.t.app.services.accounts.adminUpdate({ userId: id, addRoles: roles });
    return (await suite.rows.signIn(id)).cookie;
  };
  const call = (method: 'GET' | 'POST', what: string, cookie: string | undefined, body?: unknown) =>
    suite.t.app
      .inject({
        method,
        url: `${BASE}/${what}`,
        headers: { ...CLIENT_HEADERS, ...(cookie ? { cookie } : {}) },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      })
      .then((r) => ({ status: r.statusCode, body: r.json() }));
  const venueCount = async () =>
    Number(
      (
        await suite.t.db.kysely
          .selectFrom('venues')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  const setup = async () => {
    const admin = await signedIn('Admin', [{ role: 'admin', scope: '*' }]);
    const { campaignId } = await makeCampaign(suite.t.db.kysely, { prizes: [{ kind: PrizeKind.entity, stock: 5, weight: 1 }] });
    const author = await suite.rows.user('Maker');
    const models = [await suite.rows.model(author, 'Benchy'), await suite.rows.model(author, 'Vase')];
    const valid = (over: Record<string, unknown> = {}) => ({
      slug: slug(),
      name: texts('Hall'),
      place: texts('Place'),
      startsAt: T0,
      endsAt: '2026-12-04T18:00:00+08:00',
      timeZone: 'Asia/Shanghai',
      printers: [{ name: 'K1C', model: 'Creality K1C' }],
      samples: models,
      campaignId,
      ...over,
    });
    return { admin, campaignId, models, valid };
  };

  it('lets members and strangers nowhere, and venue staff create nothing', async () => {
    const { valid } = await setup();
    const before = await venueCount();
    const anonymous = await call('POST', 'create', undefined, valid());
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe(ResultCode.token);
    const member = await signedIn('Member');
    for (const cookie of [member, await signedIn('Venue staff', [{ role: 'staff', scope: 'venue:cd16' }])]) {
      const denied = await call('POST', 'create', cookie, valid());
      expect(denied.status).toBe(403);
      expect(denied.body.code).toBe(ResultCode.forbiddenRole);
    }
    expect((await call('POST', 'update', member, { slug: 'cd16', name: texts('x') })).status).toBe(403);
    expect((await call('GET', 'get?slug=cd16', member)).status).toBe(403);
    expect((await call('GET', 'list', member)).status).toBe(403);
    expect(await venueCount()).toBe(before);
  });

  it("lets a venue's staff read their venue and change its texts only, with an audit row", async () => {
    const { admin, valid } = await setup();
    const mine = valid();
    const theirs = valid();
    await call('POST', 'create', admin, mine);
    await call('POST', 'create', admin, theirs);
    const staff = await signedIn('Venue staff', [{ role: 'staff', scope: `venue:${mine.slug}` }]);
    const list = (await call('GET', 'list', staff)).body.result as { slug: string }[];
    expect(list.map((v) => v.slug)).toEqual([mine.slug]);
    expect((await call('GET', `get?slug=${mine.slug}`, staff)).body.result.slug).toBe(mine.slug);
    // Another venue, and the set-up beyond the texts, are refused and change nothing.
    for (const [body, read] of [
      [{ slug: theirs.slug, name: texts('Mine now') }, 'get'],
      [{ slug: mine.slug, name: texts('Moved'), timeZone: 'UTC' }, 'own'],
      [{ slug: mine.slug, campaignId: 1 }, 'own'],
    ] as const) {
      const res = await call('POST', 'update', staff, body);
      expect(res.status, read).toBe(403);
      expect(res.body.code).toBe(ResultCode.forbiddenRole);
    }
    expect((await call('GET', `get?slug=${theirs.slug}`, staff)).status).toBe(403);
    expect((await call('GET', `get?slug=${theirs.slug}`, admin)).body.result.name).toEqual(texts('Hall'));
    // Bad texts are refused naming the field.
    const bad = await call('POST', 'update', staff, { slug: mine.slug, place: { ...texts('x'), fr: 'a\u0000b' } });
    expect(bad.body.code).toBe(ResultCode.parameter);
    expect(bad.body.result.issues[0].field).toBe('place.fr');
    const audits = () =>
      suite.t.db.kysely.selectFrom('admin_audit').selectAll().where('item_type', '=', 'venue').where('item_id', '=', mine.slug).execute();
    expect((await audits()).filter((r) => r.action === 'venue.update')).toHaveLength(0);
    const ok = await call('POST', 'update', staff, { slug: mine.slug, name: { ...texts('Hall'), fr: 'Grand hall' } });
    expect(ok.body.code, JSON.stringify(ok.body)).toBe(0);
    expect(ok.body.result).toMatchObject({ name: { ...texts('Hall'), fr: 'Grand hall' }, timeZone: 'Asia/Shanghai' });
    const rows = (await audits()).filter((r) => r.action === 'venue.update');
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]?.before ?? 'null').name.fr).toBe('Hall fr');
    expect(JSON.parse(rows[0]?.after ?? 'null').name.fr).toBe('Grand hall');
  });

  it('creates a venue, reads it back and lists it', async () => {
    const { admin, campaignId, models, valid } = await setup();
    const wechatPath = `w${seq}x`;
    const input = valid({ wechatPath, wechat: { dev: 'wechat-h5' } });
    const created = await call('POST', 'create', admin, input);
    expect(created.body.code, JSON.stringify(created.body)).toBe(0);
    expect(created.body.result).toMatchObject({
      slug: input.slug,
      wechatPath,
      name: texts('Hall'),
      place: texts('Place'),
      startsAt: T0,
      endsAt: Date.parse('2026-12-04T10:00:00Z'),
      timeZone: 'Asia/Shanghai',
      printers: [{ name: 'K1C', model: 'Creality K1C' }],
      samples: models,
      campaignId,
      wechat: { dev: 'wechat-h5' },
    });
    expect((await call('GET', `get?slug=${input.slug}`, admin)).body.result).toEqual(created.body.result);
    const list = (await call('GET', 'list', admin)).body.result as { slug: string }[];
    expect(list.map((v) => v.slug)).toContain(input.slug);
    // Without a WeChat path the slug is used; defaults fill the rest.
    const plain = valid({ printers: undefined, samples: undefined, timeZone: undefined });
    const second = await call('POST', 'create', admin, plain);
    expect(second.body.result).toMatchObject({ wechatPath: plain.slug, printers: [], samples: [], timeZone: 'Asia/Shanghai', wechat: {} });
  });

  it('refuses bad and hostile input naming the field, and writes nothing', async () => {
    const { admin, valid } = await setup();
    const before = await venueCount();
    const cases: [Record<string, unknown>, string][] = [
      [valid({ slug: 'CD16' }), 'slug'],
      [valid({ slug: '../admin' }), 'slug'],
      [valid({ slug: 'a' }), 'slug'],
      [valid({ slug: 'x'.repeat(17) }), 'slug'],
      [valid({ name: { en: 'Only English' } }), 'name.zh-CN'],
      [valid({ name: { ...texts('x'), en: 'bad\u0000name' } }), 'name.en'],
      [valid({ place: { ...texts('x'), fr: 'p'.repeat(201) } }), 'place.fr'],
      [valid({ startsAt: 'yesterday' }), 'startsAt'],
      [valid({ endsAt: T0 - 1 }), 'endsAt'],
      [valid({ timeZone: 'Mars/Olympus' }), 'timeZone'],
      [valid({ printers: [{ name: 'K1C' }] }), 'printers.0.model'],
      [valid({ printers: Array.from({ length: 21 }, () => ({ name: 'a', model: 'b' })) }), 'printers'],
      [valid({ samples: [1, 1] }), 'samples'],
      [valid({ samples: ['<script>'] }), 'samples.0'],
      [valid({ campaignId: -3 }), 'campaignId'],
      [valid({ wechat: { dev: 'javascript:alert(1)' } }), 'wechat.dev'],
      [valid({ extra: true }), '(body)'],
    ];
    for (const [body, field] of cases) {
      const res = await call('POST', 'create', admin, body);
      expect(res.body.code, `${field}: ${JSON.stringify(res.body)}`).toBe(ResultCode.parameter);
      expect(
        res.body.result.issues.map((i: { field: string }) => i.field),
        field,
      ).toContain(field);
    }
    expect(await venueCount()).toBe(before);
  });

  it('needs its campaign to be a raffle and its samples to be models', async () => {
    const { admin, valid, models } = await setup();
    const checkin = await makeCampaign(suite.t.db.kysely, { kind: 'checkin', prizes: [] });
    const before = await venueCount();
    const res = await call('POST', 'create', admin, valid({ campaignId: checkin.campaignId, samples: [models[0], 987_654] }));
    expect(res.body.code).toBe(ResultCode.parameter);
    expect(res.body.result.issues).toEqual([
      { field: 'campaignId', message: 'must be the id of a raffle campaign' },
      { field: 'samples.1', message: 'no model with this id' },
    ]);
    expect((await call('POST', 'create', admin, valid({ campaignId: 987_654 }))).body.result.issues[0].field).toBe('campaignId');
    expect(await venueCount()).toBe(before);
  });

  it('keeps slugs and WeChat paths unique, also under concurrent creates', async () => {
    const { admin, valid } = await setup();
    const input = valid();
    const results = await Promise.all(Array.from({ length: 5 }, () => call('POST', 'create', admin, input)));
    expect(results.filter((r) => r.body.code === 0)).toHaveLength(1);
    for (const r of results.filter((x) => x.body.code !== 0)) expect(r.body.result.issues[0].field).toBe('slug');
    const clash = await call('POST', 'create', admin, valid({ wechatPath: input.slug }));
    expect(clash.body.result.issues[0]).toEqual({ field: 'wechatPath', message: 'another venue uses this WeChat path' });
  });

  it('updates some fields, keeps the others, and checks the result as a whole', async () => {
    const { admin, valid, models } = await setup();
    const input = valid();
    await call('POST', 'create', admin, input);
    const other = valid();
    await call('POST', 'create', admin, other);
    const updated = await call('POST', 'update', admin, { slug: input.slug, timeZone: 'Europe/Paris', samples: [models[1]] });
    expect(updated.body.code).toBe(0);
    expect(updated.body.result).toMatchObject({ timeZone: 'Europe/Paris', samples: [models[1]], name: texts('Hall'), startsAt: T0 });
    // Ends before it starts once merged with the stored start.
    expect((await call('POST', 'update', admin, { slug: input.slug, endsAt: T0 - 1000 })).body.result.issues[0].field).toBe('endsAt');
    expect((await call('POST', 'update', admin, { slug: input.slug, wechatPath: other.slug })).body.result.issues[0].field).toBe(
      'wechatPath',
    );
    expect((await call('POST', 'update', admin, { slug: input.slug, samples: [999_999] })).body.result.issues[0].field).toBe('samples.0');
    expect((await call('POST', 'update', admin, { slug: 'nosuch', timeZone: 'UTC' })).body.code).toBe(ResultCode.notFound);
    expect((await call('GET', 'get?slug=nosuch', admin)).body.code).toBe(ResultCode.notFound);
    expect((await call('GET', 'get?slug=%3Cb%3E', admin)).body.code).toBe(ResultCode.parameter);
    expect((await call('GET', `get?slug=${input.slug}`, admin)).body.result.timeZone).toBe('Europe/Paris');
  });

  it('is refused from another site (CSRF) like every state-changing call', async () => {
    const { admin, valid } = await setup();
    const res = await api(suite.t.app).post(`${BASE}/create`, valid(), { cookie: admin, origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
  });
});
