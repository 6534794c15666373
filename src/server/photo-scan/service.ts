import crypto from 'node:crypto';
import type { PhotoScanJob } from '../../shared/api/photo-scan';
import { ResultCode } from '../../shared/errors';
import {
  type Band,
  checkPhotoSet,
  countBands,
  type Gear,
  gearShortfall,
  MAX_PHOTO_BYTES,
  MAX_PHOTO_PIXELS,
  MAX_PHOTO_SIDE,
  maxPhotos,
  type ObjectSize,
  type PhotoMode,
  type PhotoRule,
} from '../../shared/photo-scan-rules';
import type { FileStorage } from '../content/storage';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { AppError } from '../http/app-error';
import { inspectPhoto } from './image-check';
import { checkQuota, memberLock, type PhotoScanLimits } from './limits';

type JobRow = Omit<Database['photo_scan_jobs'], 'id'> & { id: number };

const notFound = () => new AppError(ResultCode.photoJobNotFound, { httpStatus: 404 });
const ruleOf = (j: Pick<JobRow, 'mode' | 'object_size' | 'gear'>): PhotoRule => ({
  mode: j.mode as PhotoMode,
  objectSize: j.object_size as ObjectSize,
  gear: j.gear as Gear,
});

/** A path id or index: digits only, else the job (or photo) does not exist. */
export function pathNumber(v: unknown, max = Number.MAX_SAFE_INTEGER): number | null {
  if (typeof v !== 'string' || !/^\d{1,15}$/.test(v)) return null;
  const n = Number(v);
  return n <= max ? n : null;
}

/** The photo itself (what follows its end is dropped, see image-check), or the refusal: 3703, 3702, 3708. */
function checkedPhoto(bytes: Buffer) {
  if (bytes.length > MAX_PHOTO_BYTES) throw new AppError(ResultCode.photoTooLarge, { httpStatus: 413 });
  const photo = inspectPhoto(bytes);
  if (photo.ok) return photo;
  if (photo.problem === 'notImage') throw new AppError(ResultCode.photoNotImage, { httpStatus: 415, result: { reason: photo.reason } });
  throw new AppError(ResultCode.photoDimensions, {
    httpStatus: 415,
    params: { maxSide: MAX_PHOTO_SIDE, maxMegapixels: MAX_PHOTO_PIXELS / 1_000_000 },
    result: { reason: photo.reason },
  });
}

export function createPhotoScanService(database: Db, storage: FileStorage, limits: PhotoScanLimits) {
  const db = database.kysely;
  /** The caller's job row; another member's job is as unknown as a missing one. */
  async function owned(userId: number, id: number | null): Promise<JobRow> {
    if (id === null) throw notFound();
    const row = await db.selectFrom('photo_scan_jobs').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row || Number(row.user_id) !== userId) throw notFound();
    return { ...row, id: Number(row.id) };
  }

  async function view(row: JobRow): Promise<PhotoScanJob> {
    const photos = await db
      .selectFrom('photo_scan_photos')
      .select(['idx', 'band', 'bytes', 'sha256'])
      .where('job_id', '=', row.id)
      .orderBy('idx')
      .execute();
    return {
      id: row.id,
      ...ruleOf(row),
      submittedAt: row.submitted_at === null ? null : Number(row.submitted_at),
      photos: photos.map((p) => ({ index: Number(p.idx), band: p.band as Band, bytes: Number(p.bytes), sha256: p.sha256 })),
    };
  }

  return {
    /** Opens a job; a gear too low for the mode (see photo-scan-rules) is refused with 3707. */
    async create(userId: number, rule: PhotoRule, now = Date.now()): Promise<PhotoScanJob> {
      const gear = gearShortfall(rule);
      if (gear) throw new AppError(ResultCode.photoGearTooLow, { result: { shortfalls: [gear] } });
      const row = { user_id: userId, mode: rule.mode, object_size: rule.objectSize, gear: rule.gear, submitted_at: null, created_at: now };
      const { id } = await db.insertInto('photo_scan_jobs').values(row).returning('id').executeTakeFirstOrThrow();
      return view({ ...row, id: Number(id) });
    },

    job: async (userId: number, id: number | null) => view(await owned(userId, id)),

    /**
     * Stores one photo at `index`. The same photo sent again (a retry after a lost answer) stores
     * nothing and answers the same; another photo at a stored index is refused (3704). The job's
     * and the member's limits are checked under the member's lock, with the row's insert.
     */
    async putPhoto(userId: number, id: number | null, rawIndex: unknown, band: Band, bytes: Buffer, now = Date.now()) {
      const job = await owned(userId, id);
      const index = pathNumber(rawIndex, maxPhotos(ruleOf(job).gear) - 1);
      if (index === null)
        throw new AppError(ResultCode.parameter, {
          messageKey: 'parameterNamed',
          params: { field: 'index' },
          result: { issues: [{ field: 'index', message: `0 to ${maxPhotos(ruleOf(job).gear) - 1}` }] },
        });
      const photo = checkedPhoto(bytes);
      const sha256 = crypto.createHash('sha256').update(photo.image).digest('hex');
      const existing = async () =>
        db.selectFrom('photo_scan_photos').selectAll().where('job_id', '=', job.id).where('idx', '=', index).executeTakeFirst();
      const answer = (p: { band: string; bytes: number; sha256: string }) => {
        if (p.sha256 !== sha256) throw new AppError(ResultCode.photoIndexTaken);
        return { index, band: p.band as Band, bytes: Number(p.bytes), sha256: p.sha256 };
      };
      const stored = await existing();
      if (stored) return answer(stored);
      if (job.submitted_at !== null) throw new AppError(ResultCode.photoJobSubmitted);
      const owner = { id: job.id, userId };
      // Refused early when clearly over, before the file is written; decided under the lock below.
      await checkQuota(db, limits, owner, photo.image.length, now);
      const key = await storage.put(photo.image, photo.extension);
      const row = {
        job_id: job.id,
        idx: index,
        band,
        storage_key: key,
        mime: photo.mime,
        bytes: photo.image.length,
        sha256,
        created_at: now,
      };
      const inserted = await database
        .transaction(async (trx) => {
          await database.lock(trx, memberLock(userId));
          // The job may have been submitted, or cleaned up as abandoned, since it was read.
          const live = await trx.selectFrom('photo_scan_jobs').select('submitted_at').where('id', '=', job.id).executeTakeFirst();
          if (!live) throw notFound();
          if (live.submitted_at !== null) throw new AppError(ResultCode.photoJobSubmitted);
          await checkQuota(trx, limits, owner, photo.image.length, now);
          return trx
            .insertInto('photo_scan_photos')
            .values(row)
            .onConflict((oc) => oc.doNothing())
            .returning('idx')
            .executeTakeFirst();
        })
        .catch(async (err: unknown) => {
          await storage.remove(key);
          throw err;
        });
      if (inserted) return answer(row);
      // A simultaneous upload of the same index won: keep its file, answer as it did.
      await storage.remove(key);
      const winner = await existing();
      if (!winner) throw notFound();
      return answer(winner);
    },

    /** Checks the stored photos with the shared rules; refused with every shortfall (3706). */
    async submit(userId: number, id: number | null, now = Date.now()): Promise<PhotoScanJob> {
      const job = await owned(userId, id);
      if (job.submitted_at !== null) return view(job);
      const current = await view(job);
      const report = checkPhotoSet(ruleOf(job), countBands(current.photos.map((p) => p.band)));
      if (!report.ok) throw new AppError(ResultCode.photoRulesUnmet, { result: { shortfalls: report.shortfalls } });
      await db
        .updateTable('photo_scan_jobs')
        .set({ submitted_at: now })
        .where('id', '=', job.id)
        .where('submitted_at', 'is', null)
        .execute();
      return view(await owned(userId, id));
    },
  };
}
