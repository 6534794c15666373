import { describe, expect, it } from 'vitest';
import { encodePng } from '../../scripts/demo-assets/png';
import { ResultCode } from '../../src/shared/errors';
import { MAX_PHOTO_BYTES } from '../../src/shared/photo-scan-rules';
import { ENGINES } from '../helpers/app';
import { realJpeg, realWebp } from '../helpers/photos';
import { appSuite, envelopeCall, randomIp } from '../helpers/suite';

/** A small valid PNG (4×4, one colour from `seed`), so each photo is a real, different image. */
const png = (seed: number) =>
  encodePng(
    4,
    4,
    new Uint8Array(48).map((_, i) => (seed * (53 + (i % 3) * 22) + (i % 3) * 80) & 255),
  );

/** Photo modelling scan jobs: owner-only jobs, idempotent uploads, resume listing, submit by the shared rules. */
describe.each(ENGINES)('photo modelling scan jobs on %s', (engine) => {
  const suite = appSuite(engine);
  const call = envelopeCall(suite);
  const put = async (job: number, index: number | string, band: string, bytes: Buffer, cookie?: string) =>
    suite.t.app.inject({
      method: 'PUT',
      url: `/api/cxy/v2/photo-scan/jobs/${job}/photos/${index}?band=${band}`,
      headers: { __cxy_app_id_: 'creality_model', 'content-type': 'application/octet-stream', ...(cookie ? { cookie } : {}) },
      remoteAddress: randomIp(),
      payload: bytes,
    });
  const member = async (name = 'Scanner') => (await suite.rows.signIn(await suite.rows.user(name))).cookie;
  const open = async (cookie: string, body: Record<string, string>) => call('POST', '/api/cxy/v2/photo-scan/jobs', cookie, body);

  it('uploads a free-mode set, retries idempotently, lists stored photos for resume, submits by the rules', async () => {
    const cookie = await member();
    const created = await open(cookie, { mode: 'free', objectSize: 'big', gear: 'high' });
    expect(created).toMatchObject({ code: 0, result: { mode: 'free', objectSize: 'big', gear: 'high', submittedAt: null, photos: [] } });
    const id = created.result.id as number;

    const first = await put(id, 0, 'bottom', png(0), cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ code: 0, result: { index: 0, band: 'bottom', bytes: png(0).length } });
    // A retry of the same index (same bytes) stores nothing new and answers the same.
    const retry = await put(id, 0, 'bottom', png(0), cookie);
    expect(retry.json()).toEqual(first.json());
    // Other bytes at a stored index are refused; the stored photo stays.
    expect((await put(id, 0, 'top', png(999), cookie)).json().code).toBe(ResultCode.photoIndexTaken);

    for (let i = 1; i < 20; i++) expect((await put(id, i, i < 12 ? 'bottom' : 'middle', png(i), cookie)).json().code).toBe(0);
    const listed = (await call('GET', `/api/cxy/v2/photo-scan/jobs/${id}`, cookie)).result;
    expect(listed.photos.map((p: { index: number }) => p.index)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(listed.photos[0]).toMatchObject({ index: 0, band: 'bottom' });

    const refused = await call('POST', `/api/cxy/v2/photo-scan/jobs/${id}/submit`, cookie, {});
    expect(refused.code).toBe(ResultCode.photoRulesUnmet);
    expect(refused.msg).toBe('The photo set does not meet the photo modelling rules yet.');
    expect(refused.result.shortfalls).toEqual([{ key: 'total', have: 20, need: 30 }]);

    // Resume: the rest, in another order, two at once.
    await Promise.all(Array.from({ length: 10 }, (_, k) => put(id, 29 - k, 'top', png(29 - k), cookie)));
    const done = await call('POST', `/api/cxy/v2/photo-scan/jobs/${id}/submit`, cookie, {});
    expect(done.code).toBe(0);
    expect(done.result.submittedAt).toBeGreaterThan(0);
    expect(done.result.photos).toHaveLength(30);
    // Submitted: a retry still answers, a new photo is refused, a second submit is the same job.
    expect((await put(id, 5, 'bottom', png(5), cookie)).json().code).toBe(0);
    expect((await put(id, 30, 'top', png(30), cookie)).json().code).toBe(ResultCode.photoJobSubmitted);
    expect((await call('POST', `/api/cxy/v2/photo-scan/jobs/${id}/submit`, cookie, {})).result.submittedAt).toBe(done.result.submittedAt);
    const rows = await suite.t.db.kysely.selectFrom('photo_scan_photos').select('storage_key').where('job_id', '=', id).execute();
    expect(rows).toHaveLength(30);
    expect(rows.every((r) => (suite.t.app.services.content.storage.size(r.storage_key) ?? 0) > 0)).toBe(true);
  });

  it('refuses a standard set with each ring shortfall, and a gear too low for the mode', async () => {
    const cookie = await member('Standard');
    const id = (await open(cookie, { mode: 'standard', objectSize: 'small', gear: 'medium' })).result.id;
    for (let i = 0; i < 13; i++) expect((await put(id, i, 'bottom', png(100 + i), cookie)).json().code).toBe(0);
    const r = await call('POST', `/api/cxy/v2/photo-scan/jobs/${id}/submit`, cookie, {});
    expect(r.code).toBe(ResultCode.photoRulesUnmet);
    expect(r.result.shortfalls).toEqual([
      { key: 'total', have: 13, need: 30 },
      { key: 'cap', band: 'bottom', have: 13, max: 12 },
      { key: 'band', band: 'middle', have: 0, need: 12 },
      { key: 'band', band: 'top', have: 0, need: 6 },
    ]);
    const low = await open(cookie, { mode: 'standard', objectSize: 'big', gear: 'medium' });
    expect(low.code).toBe(ResultCode.photoGearTooLow);
    expect(low.result.shortfalls).toEqual([{ key: 'gear', gear: 'medium', max: 12, need: 24 }]);
  });

  it("keeps each member's jobs to themselves and needs a session", async () => {
    const owner = await member('Owner');
    const id = (await open(owner, { mode: 'free', objectSize: 'small', gear: 'high' })).result.id;
    expect((await put(id, 0, 'top', png(1), owner)).json().code).toBe(0);
    const other = await member('Other');
    expect((await call('GET', `/api/cxy/v2/photo-scan/jobs/${id}`, other)).code).toBe(ResultCode.photoJobNotFound);
    expect((await put(id, 1, 'top', png(2), other)).json().code).toBe(ResultCode.photoJobNotFound);
    expect((await call('POST', `/api/cxy/v2/photo-scan/jobs/${id}/submit`, other, {})).code).toBe(ResultCode.photoJobNotFound);
    expect((await call('GET', `/api/cxy/v2/photo-scan/jobs/${id}`)).code).toBe(ResultCode.token);
    expect((await put(id, 1, 'top', png(2))).json().code).toBe(ResultCode.token);
    expect((await open('', { mode: 'free', objectSize: 'small', gear: 'high' })).code).toBe(ResultCode.token);
    expect((await call('GET', '/api/cxy/v2/photo-scan/jobs/99999999', owner)).code).toBe(ResultCode.photoJobNotFound);
    expect((await call('GET', '/api/cxy/v2/photo-scan/jobs/abc', owner)).code).toBe(ResultCode.photoJobNotFound);
    expect((await call('GET', `/api/cxy/v2/photo-scan/jobs/${id}`, owner)).result.photos).toHaveLength(1);
  });

  it('refuses fake, empty and oversized images and bad input', async () => {
    const cookie = await member('Faker');
    const id = (await open(cookie, { mode: 'free', objectSize: 'big', gear: 'high' })).result.id;
    const fake = await put(id, 0, 'bottom', Buffer.from('<script>alert(1)</script>'), cookie);
    expect(fake.json().code).toBe(ResultCode.photoNotImage);
    expect((await put(id, 0, 'bottom', Buffer.from('GIF89a\u0001\u0000\u0001\u0000'), cookie)).json().code).toBe(ResultCode.photoNotImage);
    expect((await put(id, 0, 'bottom', Buffer.alloc(0), cookie)).json().code).toBe(ResultCode.photoNotImage);
    const big = Buffer.concat([png(1), Buffer.alloc(MAX_PHOTO_BYTES + 1 - png(1).length)]);
    const tooLarge = await put(id, 0, 'bottom', big, cookie);
    expect(tooLarge.json().code).toBe(ResultCode.photoTooLarge);
    expect((await put(id, 0, 'bottom', Buffer.concat([big, Buffer.alloc(1024)]), cookie)).statusCode).toBe(413);
    expect((await put(id, 0, 'sideways', png(1), cookie)).json().code).toBe(ResultCode.parameter);
    expect((await put(id, 72, 'top', png(1), cookie)).json().code).toBe(ResultCode.parameter);
    expect((await put(id, -1, 'top', png(1), cookie)).json().code).toBe(ResultCode.parameter);
    expect((await put(id, '1e3', 'top', png(1), cookie)).json().code).toBe(ResultCode.parameter);
    // A JPEG or WebP signature alone is not a photo; real ones are.
    expect((await put(id, 71, 'top', realJpeg().subarray(0, 12), cookie)).json().code).toBe(ResultCode.photoNotImage);
    expect((await put(id, 71, 'top', realJpeg(), cookie)).json()).toMatchObject({ code: 0, result: { index: 71, band: 'top' } });
    expect((await put(id, 70, 'top', realWebp().subarray(0, 20), cookie)).json().code).toBe(ResultCode.photoNotImage);
    expect((await put(id, 70, 'top', realWebp(), cookie)).json().code).toBe(0);
    for (const body of [
      {},
      { mode: 'free', objectSize: 'big' },
      { mode: 'auto', objectSize: 'big', gear: 'high' },
      { mode: 'free', objectSize: 'huge', gear: 'high' },
    ])
      expect((await open(cookie, body as Record<string, string>)).code).toBe(ResultCode.parameter);
    // Without the app id header (a cross-site form), an upload is refused before it is read.
    const csrf = await suite.t.app.inject({
      method: 'PUT',
      url: `/api/cxy/v2/photo-scan/jobs/${id}/photos/3?band=top`,
      headers: { cookie },
      payload: png(3),
    });
    expect(csrf.statusCode).toBe(403);
    expect((await call('GET', `/api/cxy/v2/photo-scan/jobs/${id}`, cookie)).result.photos.map((p: { index: number }) => p.index)).toEqual([
      70, 71,
    ]);
  });
});
