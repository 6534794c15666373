import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngChunk } from '../../scripts/demo-assets/png';
import { deleteAbandonedJobs } from '../../src/server/photo-scan/limits';
import { ResultCode } from '../../src/shared/errors';
import { MAX_PHOTO_BYTES } from '../../src/shared/photo-scan-rules';
import { createTestApp, ENGINES, type TestApp } from '../helpers/app';
import { contentRows } from '../helpers/content';
import { flatPng, noisePng, pngClaiming, realJpeg } from '../helpers/photos';
import { envelopeCall, randomIp } from '../helpers/suite';

const HOUR = 60 * 60 * 1000;

/**
 * What a member can put on the server's disk through photo modelling: only whole images within
 * the size limits, at most so many bytes a job and a member, so many uploads a minute, and
 * abandoned jobs are deleted with their files.
 */
describe.each(ENGINES)('photo scan upload limits on %s', (engine) => {
  const s = {} as { t: TestApp; rows: ReturnType<typeof contentRows> };
  beforeAll(async () => {
    s.t = await createTestApp(engine, {
      PHOTO_SCAN_JOB_MAX_MB: '1',
      PHOTO_SCAN_MEMBER_MAX_MB: '2',
      PHOTO_SCAN_UPLOADS_PER_MINUTE: '10',
      PHOTO_SCAN_ABANDON_HOURS: '24',
    });
    s.rows = contentRows(s.t.db);
  });
  afterAll(() => s.t.close());
  const call = envelopeCall(s);
  const member = async (name: string) => (await s.rows.signIn(await s.rows.user(name))).cookie;
  const open = async (cookie: string) =>
    (await call('POST', '/api/cxy/v2/photo-scan/jobs', cookie, { mode: 'free', objectSize: 'big', gear: 'high' })).result.id as number;
  const put = (cookie: string, job: number, index: number, bytes: Buffer) =>
    s.t.app.inject({
      method: 'PUT',
      url: `/api/cxy/v2/photo-scan/jobs/${job}/photos/${index}?band=bottom`,
      headers: { __cxy_app_id_: 'creality_model', 'content-type': 'application/octet-stream', cookie },
      remoteAddress: randomIp(),
      payload: bytes,
    });
  const stored = async (job: number) =>
    s.t.db.kysely
      .selectFrom('photo_scan_photos')
      .select(['idx', 'bytes', 'storage_key'])
      .where('job_id', '=', job)
      .orderBy('idx')
      .execute();

  it('refuses what is not a whole image behind a valid signature, and images outside the pixel limits', async () => {
    const cookie = await member('Junk');
    const job = await open(cookie);
    // The signature of each format, then random bytes (the largest photo allowed).
    for (const head of [realJpeg().subarray(0, 400), flatPng(1).subarray(0, 33)]) {
      const junk = await put(cookie, job, 0, Buffer.concat([head, crypto.randomBytes(MAX_PHOTO_BYTES - head.length)]));
      expect(junk.statusCode).toBe(415);
      expect(junk.json()).toMatchObject({
        code: ResultCode.photoNotImage,
        msg: 'Only complete JPEG, PNG and WebP photos can be uploaded.',
      });
    }
    // A real photo cut short.
    expect((await put(cookie, job, 0, realJpeg().subarray(0, 20_000))).json().code).toBe(ResultCode.photoNotImage);
    // Well formed, but a 1×1 image with 5 MB of "metadata" is not a photo.
    const padded = pngClaiming(1, 1, [pngChunk('tEXt', Buffer.alloc(5 * 1024 * 1024))]);
    expect((await put(cookie, job, 0, padded)).json().code).toBe(ResultCode.photoNotImage);
    // Too many pixels on one side, or in all.
    for (const [w, h] of [
      [16_385, 1],
      [12_000, 12_000],
    ]) {
      const r = await put(cookie, job, 0, pngClaiming(w as number, h as number));
      expect(r.json()).toMatchObject({
        code: ResultCode.photoDimensions,
        msg: 'A photo can be at most 16384 pixels on each side and 120 megapixels.',
      });
    }
    const zh = await s.t.app.inject({
      method: 'PUT',
      url: `/api/cxy/v2/photo-scan/jobs/${job}/photos/0?band=bottom`,
      headers: { __cxy_app_id_: 'creality_model', 'content-type': 'image/png', cookie, __cxy_os_lang_: '1' },
      remoteAddress: randomIp(),
      payload: pngClaiming(16_385, 1),
    });
    expect(zh.json().msg).toBe('照片每边最多 16384 像素，总计最多 120 百万像素。');
    expect(await stored(job)).toEqual([]);
  });

  it('stores a real photo without what follows its end (a motion photo video), and knows it again on a retry', async () => {
    const cookie = await member('Motion');
    const job = await open(cookie);
    const jpeg = realJpeg();
    const first = await put(cookie, job, 0, Buffer.concat([jpeg, crypto.randomBytes(300_000)]));
    expect(first.json()).toMatchObject({ code: 0, result: { index: 0, bytes: jpeg.length } });
    const retry = await put(cookie, job, 0, Buffer.concat([jpeg, crypto.randomBytes(1000)]));
    expect(retry.json()).toEqual(first.json());
    const [row] = await stored(job);
    expect(s.t.app.services.content.storage.size(row?.storage_key ?? '')).toBe(jpeg.length);
  });

  it("caps a job's bytes and a member's bytes (open jobs and the last day's uploads)", async () => {
    const cookie = await member('Hoarder');
    const photo = () => noisePng(300, 300); // about 270 KB: 3 fit in the job's 1 MB, 7 in the member's 2 MB
    const a = await open(cookie);
    for (let i = 0; i < 3; i++) expect((await put(cookie, a, i, photo())).json().code).toBe(0);
    const full = await put(cookie, a, 3, photo());
    expect(full.statusCode).toBe(413);
    expect(full.json()).toMatchObject({ code: ResultCode.photoJobFull, msg: 'This photo set has reached its size limit of 1 MB.' });

    const b = await open(cookie);
    for (let i = 0; i < 3; i++) expect((await put(cookie, b, i, photo())).json().code).toBe(0);
    const c = await open(cookie);
    expect((await put(cookie, c, 0, photo())).json().code).toBe(0);
    const over = await put(cookie, c, 1, photo());
    expect(over.json()).toMatchObject({
      code: ResultCode.photoQuotaReached,
      msg: 'You have reached your photo upload limit of 2 MB (open sets and the last 24 hours). Please try again later.',
    });
    expect((await stored(c)).map((p) => p.idx)).toEqual([0]);
    // Once job a is submitted and its photos are over a day old, they no longer count.
    await s.t.db.kysely.updateTable('photo_scan_jobs').set({ submitted_at: Date.now() }).where('id', '=', a).execute();
    await s.t.db.kysely
      .updateTable('photo_scan_photos')
      .set({ created_at: Date.now() - 25 * HOUR })
      .where('job_id', '=', a)
      .execute();
    expect((await put(cookie, c, 1, photo())).json().code).toBe(0);
  });

  it('limits uploads a minute per member, whatever address they come from', async () => {
    const cookie = await member('Flooder');
    const job = await open(cookie);
    for (let i = 0; i < 10; i++) expect((await put(cookie, job, i, flatPng(i))).json().code).toBe(0);
    const limited = await put(cookie, job, 10, flatPng(10));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe(ResultCode.tooManyRequests);
    // Another member is not held back by the first one.
    const other = await member('Neighbour');
    expect((await put(other, await open(other), 0, flatPng(1))).json().code).toBe(0);
  });

  it('deletes jobs left unsubmitted past the time limit, with their files, and keeps the others', async () => {
    const cookie = await member('Leaver');
    const [old, fresh, done] = [await open(cookie), await open(cookie), await open(cookie)];
    for (const job of [old, fresh, done]) expect((await put(cookie, job, 0, flatPng(job))).json().code).toBe(0);
    const [oldPhoto] = await stored(old);
    const twoDaysAgo = Date.now() - 48 * HOUR;
    await s.t.db.kysely.updateTable('photo_scan_jobs').set({ created_at: twoDaysAgo }).where('id', 'in', [old, fresh, done]).execute();
    await s.t.db.kysely.updateTable('photo_scan_photos').set({ created_at: twoDaysAgo }).where('job_id', 'in', [old, done]).execute();
    await s.t.db.kysely.updateTable('photo_scan_jobs').set({ submitted_at: twoDaysAgo }).where('id', '=', done).execute();

    const moved = await deleteAbandonedJobs(s.t.db, s.t.app.services.content.storage, 24 * HOUR);
    expect(moved).toMatchObject({ abandonedJobs: 1, abandonedPhotos: 1 });
    expect(await stored(old)).toEqual([]);
    expect(s.t.app.services.content.storage.size(oldPhoto?.storage_key ?? '')).toBeNull();
    expect((await call('GET', `/api/cxy/v2/photo-scan/jobs/${old}`, cookie)).code).toBe(ResultCode.photoJobNotFound);
    // A job with a recent upload, and a submitted one, stay.
    expect(await stored(fresh)).toHaveLength(1);
    expect(await stored(done)).toHaveLength(1);
    expect((await deleteAbandonedJobs(s.t.db, s.t.app.services.content.storage, 24 * HOUR)).abandonedJobs).toBe(0);
  });
});
