import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_COLLECT_PATH as PATH } from '../../src/shared/api/routes-analytics';
import { HEADER } from '../../src/shared/context';
import { ResultCode } from '../../src/shared/errors';
import { codeForLocale } from '../../src/shared/i18n';
import { createTestApp, ENGINES, type TestApp } from '../helpers/app';
import { sdkBatchBody } from '../helpers/sensors-sdk';

/**
 * The collector's bounds on the work one request can cost: the inflated size of a gzip body,
 * the nesting and the number of members of what it decodes to. What exceeds them is refused
 * before it is parsed, with the envelope, and nothing of it is stored.
 */
const BODY_LIMIT = 16 * 1024;
const track = (event: string, over: Record<string, unknown> = {}) => ({
  type: 'track',
  event,
  distinct_id: 'anon-b',
  lib: { $lib: 'Android', $lib_version: '6.0.0' },
  properties: {},
  ...over,
});
const gzipOf = (json: string) => `data_list=${encodeURIComponent(gzipSync(json, { level: 9 }).toString('base64'))}&gzip=1`;

describe.each(ENGINES)('analytics collector bounds on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { ANALYTICS_FLUSH_MS: '60000', ANALYTICS_BODY_LIMIT_BYTES: String(BODY_LIMIT) });
  });
  afterAll(() => t.close());

  let ip = 0;
  const post = (body: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: PATH, remoteAddress: `10.8.0.${++ip % 250}`, payload: body, headers });
  const stored = async (event: string) => {
    await t.app.analytics.flush();
    return t.db.kysely.selectFrom('analytics_events').select('event').where('event', '=', event).execute();
  };

  it('refuses a gzip bomb with 413 and the envelope in the caller’s language, and stores nothing', async () => {
    // One record whose note inflates to 8 MB: a body of a few kilobytes.
    const bomb = gzipOf(JSON.stringify([track('Bomb', { properties: { note: 'x'.repeat(8 * 1024 * 1024 - 200) } })]));
    expect(bomb.length).toBeLessThan(BODY_LIMIT);
    const res = await post(bomb, { [HEADER.languageCode]: String(codeForLocale('fr')) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: ResultCode.payloadTooLarge, msg: 'La requête est trop volumineuse' });
    expect(await stored('Bomb')).toHaveLength(0);
  });

  it('takes a gzip post that inflates to just under the limit', async () => {
    // Inflated limit: four times the body limit. Strings of 400 characters stay under the cut.
    const note = 'y'.repeat(400);
    const properties = { a: note, b: note, c: note, d: note, e: note };
    const records = (n: number) => Array.from({ length: n }, (_, i) => track('AtLimit', { _track_id: i, properties }));
    let n = 1;
    while (JSON.stringify(records(n + 1)).length <= BODY_LIMIT * 4) n++;
    const res = await post(gzipOf(JSON.stringify(records(n))));
    expect(res.statusCode).toBe(200);
    expect(res.json().result.accepted).toBe(n);
    const over = await post(gzipOf(JSON.stringify(records(n + 1))));
    expect(over.statusCode).toBe(413);
    expect(await stored('AtLimit')).toHaveLength(n);
  });

  it('refuses deep nesting (400) before parsing it, and the writer keeps working', async () => {
    // A library object nested 10,000 deep (stored as it came, it would stop every later write).
    const lib = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    const res = await post(gzipOf(`[${JSON.stringify(track('Deep')).slice(0, -1)},"lib":${lib}}]`));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: ResultCode.badRequest, result: { reason: expect.stringMatching(/nest/) } });
    expect(await stored('Deep')).toHaveLength(0);
    expect((await post(sdkBatchBody([track('AfterDeep')]))).statusCode).toBe(200);
    expect(await stored('AfterDeep')).toHaveLength(1);
  });

  it('refuses an object or list with too many members (413), and keeps only flat values of lib', async () => {
    const props = Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`p${i}`, 1]));
    const many = await post(gzipOf(JSON.stringify([track('ManyProps', { properties: props })])));
    expect(many.statusCode).toBe(413);
    expect(many.json().code).toBe(ResultCode.payloadTooLarge);
    expect(await stored('ManyProps')).toHaveLength(0);

    const lib = { $lib: 'js', nested: { a: { b: 1 } }, list: [1, 2], long: 'z'.repeat(900) };
    expect((await post(sdkBatchBody([track('FlatLib', { lib })]))).statusCode).toBe(200);
    await t.app.analytics.flush();
    const row = await t.db.kysely.selectFrom('analytics_events').select('lib').where('event', '=', 'FlatLib').executeTakeFirstOrThrow();
    expect(JSON.parse(row.lib ?? '{}')).toEqual({ $lib: 'js', long: 'z'.repeat(500) });
  });
});
