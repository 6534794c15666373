import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { URLS_PER_FILE } from '../../src/server/site/sitemap-routes';
import { createTestApp, ENGINES, type TestApp } from '../helpers/app';
import { contentRows } from '../helpers/content';
import { makeCampaign } from '../helpers/lottery';

const DAY = 86_400_000;

/** The home page's lists and the sitemap, over real HTTP on both engines. */
describe.each(ENGINES)('home feed and sitemap on %s', (engine) => {
  let t: TestApp;
  let base: string;
  const ids: Record<string, number> = {};
  let ada = 0;
  beforeAll(async () => {
    t = await createTestApp(engine, { PUBLIC_URL: 'https://cloud.example' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const rows = contentRows(t.db);
    ada = await rows.user('Ada');
    const blocked = await rows.user('Spammer', { state: 'blocked' });
    const quiet = await rows.user('Lurker');
    ids.ada = ada;
    ids.blocked = blocked;
    ids.quiet = quiet;
    ids.old = await rows.model(ada, 'Old cube');
    ids.liked = await rows.model(ada, 'Liked vase');
    ids.fresh = await rows.model(ada, 'Fresh hook');
    ids.gone = await rows.model(ada, 'Deleted model');
    ids.spam = await rows.model(blocked, 'Spam model');
    await t.db.kysely.updateTable('models').set({ like_count: 50 }).where('id', '=', ids.liked).execute();
    await t.db.kysely.updateTable('models').set({ like_count: 99, deleted_at: Date.now() }).where('id', '=', ids.gone).execute();
    await t.db.kysely.updateTable('models').set({ like_count: 999 }).where('id', '=', ids.spam).execute();
    ids.post = await rows.post(ada, { title: 'First print' });
    ids.spamPost = await rows.post(blocked, { title: 'Buy now' });
    ids.circle = await rows.circle(ada, 'Vase makers');
    ids.running = (await makeCampaign(t.db.kysely, { prizes: [{ kind: 3, stock: 10, weight: 1, value: 5 }] })).campaignId;
    ids.checkin = (await makeCampaign(t.db.kysely, { kind: 'checkin', prizes: [] })).campaignId;
    ids.ended = (
      await makeCampaign(t.db.kysely, {
        startsAt: Date.now() - 9 * DAY,
        endsAt: Date.now() - DAY,
        prizes: [{ kind: 3, stock: 1, weight: 1 }],
      })
    ).campaignId;
  });
  afterAll(() => t.close());

  it('lists featured (most liked) and latest models, posts and running campaigns, nothing hidden', async () => {
    const feed = await t.app.services.site.landing('en');
    expect(feed.featured[0]).toMatchObject({
      id: String(ids.liked),
      title: 'Liked vase',
      author: { nickname: 'Ada' },
      counts: { likes: 50 },
    });
    const shown = [...feed.featured, ...feed.latest].map((m) => m.title);
    expect(shown).not.toContain('Deleted model');
    expect(shown).not.toContain('Spam model');
    expect(feed.latest[0]).toMatchObject({ id: String(ids.fresh), title: 'Fresh hook' });
    expect(feed.posts.map((p) => p.title)).toEqual(['First print']);
    expect(feed.campaigns.map((c) => [c.id, c.kind, c.look])).toEqual(
      expect.arrayContaining([
        [String(ids.running), 'raffle', 'wheel'],
        [String(ids.checkin), 'checkin', null],
      ]),
    );
    expect(feed.campaigns.map((c) => c.id)).not.toContain(String(ids.ended));
  });

  it('robots.txt points at the sitemap index on PUBLIC_URL', async () => {
    const res = await fetch(`${base}/robots.txt`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Sitemap: https://cloud.example/sitemap.xml');
  });

  it('lists every visible share page with lastmod, never hidden, deleted or blocked content', async () => {
    const index = await fetch(`${base}/sitemap.xml`);
    expect(index.headers.get('content-type')).toContain('application/xml');
    expect(index.headers.get('cache-control')).toMatch(/^public/);
    const files = [...(await index.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');
    expect(files).toEqual(
      expect.arrayContaining(['https://cloud.example/sitemaps/pages.xml', 'https://cloud.example/sitemaps/models-1.xml']),
    );
    const all = (await Promise.all(files.map(async (f) => (await fetch(f.replace('https://cloud.example', base))).text()))).join('\n');
    const o = 'https://cloud.example';
    expect(all).toContain(`<url><loc>${o}/creality-cloud/model-details/${ids.liked}</loc><lastmod>`);
    expect(all).toContain(`${o}/creality-cloud/share-content/${ids.post}</loc>`);
    expect(all).toContain(`${o}/creality-cloud/circle-details/${ids.circle}</loc>`);
    expect(all).toContain(`${o}/creality-cloud/personal-center/${ids.ada}</loc>`);
    expect(all).toContain(`${o}/activitys?activeId=${ids.running}</loc>`);
    expect(all).toContain(`${o}/webview/check-in?activityId=${ids.checkin}</loc>`);
    expect(all).not.toContain(`model-details/${ids.gone}<`);
    expect(all).not.toContain(`model-details/${ids.spam}<`);
    expect(all).not.toContain(`share-content/${ids.spamPost}<`);
    expect(all).not.toContain(`personal-center/${ids.blocked}<`);
    // An account that published nothing is not advertised.
    expect(all).not.toContain(`personal-center/${ids.quiet}<`);
    expect(all).not.toContain(`activeId=${ids.ended}<`);
  });

  it('answers unknown and hostile file names with 404 and changes nothing', async () => {
    for (const name of [
      'secrets-1.xml',
      'models-0.xml',
      'models-1',
      'models-1.xml.gz',
      `models-${'9'.repeat(40)}.xml`,
      '..%2F..%2Fetc%2Fpasswd',
      '%3Cscript%3E.xml',
    ]) {
      const res = await fetch(`${base}/sitemaps/${name}`);
      expect(res.status, name).toBe(404);
      expect(await res.text()).not.toContain('<script');
    }
  });

  it('uses the request host when PUBLIC_URL is not set, and refuses a foreign host', async () => {
    const local = await createTestApp(engine);
    try {
      const own = await local.app.inject({ url: '/robots.txt', headers: { host: 'localhost:8080' } });
      expect(own.body).toContain('Sitemap: http://localhost:8080/sitemap.xml');
      const foreign = await local.app.inject({ url: '/sitemap.xml', headers: { host: 'evil.example' } });
      expect(foreign.statusCode).toBe(421);
      expect(foreign.body).not.toContain('evil.example/');
    } finally {
      await local.close();
    }
  }, 60_000);

  it('pages a large kind into files of at most 50,000 URLs, each read by id range', async () => {
    const db = t.db.kysely;
    const now = Date.now();
    const total = URLS_PER_FILE + 1_500;
    const have = Number(
      (
        await db
          .selectFrom('models')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const rows = Array.from({ length: total - have }, (_, i) => ({
      author_id: ada,
      title: `Bulk ${i}`,
      description: '',
      licence: 'CC BY',
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += 4_000)
      await db
        .insertInto('models')
        .values(rows.slice(i, i + 4_000))
        .execute();

    const index = await (await fetch(`${base}/sitemap.xml`)).text();
    expect(index).toContain('/sitemaps/models-1.xml');
    expect(index).toContain('/sitemaps/models-2.xml');
    expect(index).not.toContain('/sitemaps/models-3.xml');
    const urls = async (n: number) => [...(await (await fetch(`${base}/sitemaps/models-${n}.xml`)).text()).matchAll(/<url>/g)].length;
    const first = await urls(1);
    const second = await urls(2);
    expect(first).toBeLessThanOrEqual(URLS_PER_FILE);
    // The deleted and the blocked maker's model (both in the first range) are the two left out.
    expect(first).toBe(URLS_PER_FILE - 2);
    expect(second).toBe(1_500);
    // Past the last range: an empty file, not a scan.
    expect(await urls(3)).toBe(0);
  }, 120_000);
});
