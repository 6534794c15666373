import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_COLLECT_PATH as PATH } from '../../src/shared/api/routes-analytics';
import { createTestApp, ENGINES, type TestApp } from '../helpers/app';
import { gzipBody, sdkBase64Encode, sdkBatchBody, sdkHashCode, sdkSendData } from '../helpers/sensors-sdk';

/**
 * The collector on both engines, fed with what the real SDK's encoders produce: every
 * way of sending, the checks on each record, deduplication, profiles, limits, shutdown.
 */
let seq = 0;
const track = (event: string, over: Record<string, unknown> = {}) => ({
  type: 'track',
  event,
  distinct_id: 'anon-a',
  lib: { $lib: 'js', $lib_version: '1.15.18' },
  properties: { $url: 'https://example.com/activitys?activeId=3', activeId: '3' },
  _track_id: 100_000 + ++seq,
  ...over,
});

describe.each(ENGINES)('analytics collector on %s', (engine) => {
  let t: TestApp;
  // No timed flushes: each test flushes when it wants to read.
  beforeAll(async () => {
    t = await createTestApp(engine, {
      ANALYTICS_FLUSH_MS: '60000',
      ANALYTICS_BODY_LIMIT_BYTES: '4096',
      ANALYTICS_RATE_LIMIT_PER_MINUTE: '40',
    });
  });
  afterAll(() => t.close());

  let ip = 0;
  const send = (opts: { method?: 'GET' | 'POST'; query?: string; body?: string; type?: string }) =>
    t.app.inject({
      method: opts.method ?? 'POST',
      url: `${PATH}${opts.query ? `?${opts.query}` : ''}`,
      remoteAddress: `10.7.0.${++ip % 250}`,
      ...(opts.body !== undefined ? { payload: opts.body } : {}),
      headers: opts.type ? { 'content-type': opts.type } : {},
    });
  const stored = async (event: string) => {
    await t.app.analytics.flush();
    return t.db.kysely.selectFrom('analytics_events').selectAll().where('event', '=', event).orderBy('id').execute();
  };

  it('takes an image GET and answers a 1×1 GIF', async () => {
    const res = await send({ method: 'GET', query: sdkSendData(track('ImageSent')) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/gif');
    expect(res.rawPayload.subarray(0, 6).toString()).toBe('GIF89a');
    const [row] = await stored('ImageSent');
    expect(row).toMatchObject({ type: 'track', distinct_id: 'anon-a', activity_id: '3', sent_time: 0 });
    expect(JSON.parse(row?.properties ?? '{}')).toMatchObject({ activeId: '3' });
  });

  it('takes the ajax form post, the beacon (text/plain) and a body with no content type', async () => {
    for (const [event, type] of [
      ['AjaxSent', 'application/x-www-form-urlencoded'],
      ['BeaconSent', 'text/plain;charset=UTF-8'],
      ['OddTypeSent', 'application/octet-stream'],
      ['UntypedSent', undefined],
    ] as const) {
      const res = await send({ body: sdkSendData(track(event)), ...(type ? { type } : {}) });
      expect(res.statusCode, event).toBe(200);
      expect(res.json()).toMatchObject({ code: 0, result: { accepted: 1, rejected: [] } });
      expect(await stored(event), event).toHaveLength(1);
    }
  });

  it('takes a batch data_list and a gzip=1 batch, and keeps the good records of a mixed batch', async () => {
    const batch = [track('Batched', { time: Date.now() - 1000 }), track('Batched', { time: Date.now() - 500 })];
    expect((await send({ body: sdkBatchBody(batch), type: 'application/x-www-form-urlencoded' })).json().result.accepted).toBe(2);
    expect((await send({ body: gzipBody([track('Zipped')]) })).json().result.accepted).toBe(1);
    const mixed = await send({ body: sdkBatchBody([track('Mixed'), track('time'), track('Mixed', { distinct_id: '' })]) });
    expect(mixed.statusCode).toBe(200);
    expect(mixed.json().result).toEqual({
      accepted: 1,
      rejected: [
        { index: 1, reason: 'event_name' },
        { index: 2, reason: 'distinct_id' },
      ],
    });
    expect(await stored('Batched')).toHaveLength(2);
    expect(await stored('Zipped')).toHaveLength(1);
    expect(await stored('Mixed')).toHaveLength(1);
    const counted = await t.db.kysely.selectFrom('analytics_rejections').selectAll().execute();
    expect(counted.find((r) => r.reason === 'event_name')?.count).toBeGreaterThanOrEqual(1);
  });

  it('answers 400 with the reason for bad base64, bad JSON, a bad checksum, no data, and never stores them', async () => {
    const notJson = sdkBase64Encode('{"type":"track",');
    const cases: [string, string, RegExp][] = [
      ['bad base64', 'data=%%%not*base64', /base64/],
      ['bad JSON', `data=${encodeURIComponent(notJson)}&ext=${encodeURIComponent(`crc=${sdkHashCode(notJson)}`)}`, /JSON/],
      ['bad crc', sdkSendData(track('Tampered')).replace(/crc%3D(-?)\d/, 'crc%3D$19'), /crc/],
      ['no data', 'foo=bar', /no data/],
      ['bad gzip', `data_list=${encodeURIComponent(sdkBase64Encode('[]'))}&gzip=1`, /gzip/],
      ['data_list not a list', `data_list=${encodeURIComponent(sdkBase64Encode('{}'))}`, /array/],
    ];
    for (const [name, body, reason] of cases) {
      const res = await send({ body });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().result.reason, name).toMatch(reason);
    }
    expect(await stored('Tampered')).toHaveLength(0);
  });

  it('answers a refused image GET with the GIF and the refusal status, a refused POST with JSON', async () => {
    const tampered = sdkSendData(track('TamperedImage')).replace(/crc%3D(-?)\d/, 'crc%3D$19');
    const image = await send({ method: 'GET', query: tampered });
    expect(image.statusCode).toBe(400);
    expect(image.headers['content-type']).toBe('image/gif');
    expect(image.rawPayload.subarray(0, 6).toString()).toBe('GIF89a');
    const post = await send({ body: tampered });
    expect(post.statusCode).toBe(400);
    expect(post.json().result.reason).toMatch(/crc/);
    expect(await stored('TamperedImage')).toHaveLength(0);
  });

  it('refuses reserved and overlong names, overlong ids; cuts long strings at 500', async () => {
    const res = await send({
      body: sdkBatchBody([
        track('Reserved', { properties: { distinct_id: 'x' } }),
        track(`Long${'g'.repeat(97)}`),
        track('LongId', { distinct_id: 'd'.repeat(256) }),
        track('LongText', { properties: { note: 'n'.repeat(800) } }),
      ]),
    });
    expect(res.json().result.rejected.map((r: { reason: string }) => r.reason)).toEqual(['property_name', 'event_name', 'distinct_id']);
    const [row] = await stored('LongText');
    expect(JSON.parse(row?.properties ?? '{}').note).toHaveLength(500);
  });

  it('refuses a body over the limit with 413, and too many requests from one client with 429', async () => {
    const big = await send({ body: sdkBatchBody(Array.from({ length: 40 }, () => track('TooBig'))) });
    expect(big.statusCode).toBe(413);
    const one = () => t.app.inject({ method: 'GET', url: `${PATH}?${sdkSendData(track('Flood'))}`, remoteAddress: '10.9.9.9' });
    const codes: number[] = [];
    for (let i = 0; i < 42; i++) codes.push((await one()).statusCode);
    expect(codes.slice(0, 40).every((c) => c === 200)).toBe(true);
    expect(codes.slice(40)).toEqual([429, 429]);
    const limited = await one();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toBe('image/gif');
    expect(limited.rawPayload.subarray(0, 6).toString()).toBe('GIF89a');
    const limitedPost = await t.app.inject({
      method: 'POST',
      url: PATH,
      payload: sdkBatchBody([track('Flood')]),
      remoteAddress: '10.9.9.9',
    });
    expect(limitedPost.statusCode).toBe(429);
    expect(limitedPost.headers['content-type']).toMatch(/json/);
  });

  it('stores a record sent twice once (track id + distinct id + time)', async () => {
    const twice = track('Twice', { time: Date.now() - 2000 });
    await send({ body: sdkBatchBody([twice]) });
    await t.app.analytics.flush();
    await send({ body: sdkBatchBody([twice, track('Twice', { time: Date.now() - 1000 })]) });
    expect(await stored('Twice')).toHaveLength(2);
  });

  it('applies profile operations in the order sent, and links the anonymous id on track_signup', async () => {
    const p = (type: string, properties?: Record<string, unknown>) => ({
      type,
      distinct_id: 'user-9',
      ...(properties ? { properties } : {}),
    });
    await send({
      body: sdkBatchBody([
        p('profile_set', { city: 'Paris', coins: 1 }),
        p('profile_set_once', { city: 'Lyon', source: 'ad' }),
        p('profile_append', { tags: ['a', 'b'] }),
        p('profile_increment', { coins: 4 }),
        p('profile_unset', { source: true }),
        { type: 'track_signup', event: '$SignUp', distinct_id: 'user-9', original_id: 'anon-z', properties: {} },
      ]),
    });
    await t.app.analytics.flush();
    const profile = await t.db.kysely.selectFrom('analytics_profiles').selectAll().where('distinct_id', '=', 'user-9').executeTakeFirst();
    expect(JSON.parse(profile?.properties ?? '{}')).toEqual({ city: 'Paris', coins: 5, tags: ['a', 'b'] });
    const link = await t.db.kysely.selectFrom('analytics_identities').selectAll().where('original_id', '=', 'anon-z').executeTakeFirst();
    expect(link?.distinct_id).toBe('user-9');
    await send({ body: sdkBatchBody([p('profile_delete')]) });
    await t.app.analytics.flush();
    expect(await t.db.kysely.selectFrom('analytics_profiles').selectAll().where('distinct_id', '=', 'user-9').execute()).toEqual([]);
  });
});

describe('analytics collector shutdown', () => {
  it('writes what it accepted when the app closes (graceful shutdown)', async () => {
    const t = await createTestApp('sqlite', { ANALYTICS_FLUSH_MS: '60000' });
    const res = await t.app.inject({ method: 'POST', url: PATH, payload: sdkBatchBody([track('LastWords'), track('LastWords')]) });
    expect(res.json().result.accepted).toBe(2);
    expect(t.app.analytics.pending).toBe(2);
    await t.app.close();
    const rows = await t.db.kysely.selectFrom('analytics_events').select('event').where('event', '=', 'LastWords').execute();
    expect(rows).toHaveLength(2);
    await t.close().catch(() => {});
  });
});

describe('analytics collector backlog', () => {
  it('refuses records (503, Retry-After) while its backlog is full, never dropping accepted ones, and writes a long backlog in bounded transactions', async () => {
    const t = await createTestApp('sqlite', {
      ANALYTICS_FLUSH_MS: '60000',
      ANALYTICS_FLUSH_RECORDS: '10000',
      ANALYTICS_MAX_BUFFERED: '10',
    });
    try {
      const post = () =>
        t.app.inject({ method: 'POST', url: PATH, payload: sdkBatchBody(Array.from({ length: 6 }, () => track('Backlog'))) });
      expect((await post()).json().result.accepted).toBe(6);
      expect((await post()).json().result.accepted).toBe(6);
      const refused = await post();
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.json().result.reason).toBe('busy');
      const refusedImage = await t.app.inject({ method: 'GET', url: `${PATH}?${sdkSendData(track('Backlog'))}` });
      expect(refusedImage.statusCode).toBe(503);
      expect(refusedImage.headers['retry-after']).toBe('5');
      expect(refusedImage.headers['content-type']).toBe('image/gif');
      expect(t.app.analytics.pending).toBe(12);
      await t.app.analytics.flush();
      expect(await t.db.kysely.selectFrom('analytics_events').select('event').where('event', '=', 'Backlog').execute()).toHaveLength(12);
      expect((await post()).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
