import type { SelectQueryBuilder } from 'kysely';
import { ResultCode } from '../../shared/errors';
import type { Config } from '../config';
import type { FileStorage } from '../content/storage';
import type { Db, Tx } from '../db/database';
import type { Database } from '../db/schema';
import { AppError } from '../http/app-error';
import type { Job } from '../jobs';

const MB = 1024 * 1024;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What members may store. A member's quota counts the photos of their open jobs and everything
 * they uploaded in the last day: submitted sets stay on disk (they wait for the reconstruction
 * service), so counting open jobs only would let a member fill the disk by submitting.
 */
export interface PhotoScanLimits {
  jobMaxBytes: number;
  memberMaxBytes: number;
  /** An open job with no upload for this long is abandoned: deleted with its files. */
  abandonMs: number;
}

export const limitsOf = (config: Config): PhotoScanLimits => ({
  jobMaxBytes: config.PHOTO_SCAN_JOB_MAX_MB * MB,
  memberMaxBytes: config.PHOTO_SCAN_MEMBER_MAX_MB * MB,
  abandonMs: config.PHOTO_SCAN_ABANDON_HOURS * 60 * 60 * 1000,
});

/** Uploads and clean-ups of one member's jobs take this lock, so a quota is never overshot by racing uploads. */
export const memberLock = (userId: number) => `photo-scan:${userId}`;

/** Refuses a photo of `adding` bytes that would take the job (3709) or the member (3710) over their limit. */
export async function checkQuota(q: Tx, limits: PhotoScanLimits, job: { id: number; userId: number }, adding: number, now: number) {
  const inJob = await q
    .selectFrom('photo_scan_photos')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('bytes'), eb.lit(0)).as('n'))
    .where('job_id', '=', job.id)
    .executeTakeFirst();
  if (Number(inJob?.n ?? 0) + adding > limits.jobMaxBytes)
    throw new AppError(ResultCode.photoJobFull, { httpStatus: 413, params: { maxMb: Math.floor(limits.jobMaxBytes / MB) } });
  const held = await q
    .selectFrom('photo_scan_photos as p')
    .innerJoin('photo_scan_jobs as j', 'j.id', 'p.job_id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('p.bytes'), eb.lit(0)).as('n'))
    .where('j.user_id', '=', job.userId)
    .where((eb) => eb.or([eb('j.submitted_at', 'is', null), eb('p.created_at', '>', now - DAY_MS)]))
    .executeTakeFirst();
  if (Number(held?.n ?? 0) + adding > limits.memberMaxBytes)
    throw new AppError(ResultCode.photoQuotaReached, { httpStatus: 413, params: { maxMb: Math.floor(limits.memberMaxBytes / MB) } });
}

type JobQuery<O> = SelectQueryBuilder<Database, 'photo_scan_jobs', O>;

/** Open jobs created before `cutoff` with no photo uploaded since. */
const abandoned = <O>(q: JobQuery<O>, cutoff: number) =>
  q
    .where('photo_scan_jobs.submitted_at', 'is', null)
    .where('photo_scan_jobs.created_at', '<', cutoff)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('photo_scan_photos as p')
            .select('p.idx')
            .whereRef('p.job_id', '=', 'photo_scan_jobs.id')
            .where('p.created_at', '>=', cutoff),
        ),
      ),
    );

/**
 * Deletes abandoned jobs (up to `batch` a run), their rows first, then their files: a crash in
 * between leaves a stray file, never a row naming a missing one.
 */
export async function deleteAbandonedJobs(db: Db, storage: FileStorage, abandonMs: number, now = Date.now(), batch = 200) {
  const cutoff = now - abandonMs;
  const jobs = await abandoned(db.kysely.selectFrom('photo_scan_jobs').select(['id', 'user_id']), cutoff)
    .limit(batch)
    .execute();
  let deleted = 0;
  let files = 0;
  for (const job of jobs) {
    const id = Number(job.id);
    const keys = await db.transaction(async (trx) => {
      await db.lock(trx, memberLock(Number(job.user_id)));
      // An upload may have landed since the list was read.
      if (!(await abandoned(trx.selectFrom('photo_scan_jobs').select('id').where('id', '=', id), cutoff).executeTakeFirst())) return null;
      const photos = await trx.selectFrom('photo_scan_photos').select('storage_key').where('job_id', '=', id).execute();
      await trx.deleteFrom('photo_scan_photos').where('job_id', '=', id).execute();
      await trx.deleteFrom('photo_scan_jobs').where('id', '=', id).execute();
      return photos.map((p) => p.storage_key);
    });
    if (!keys) continue;
    deleted += 1;
    for (const key of keys) await storage.remove(key);
    files += keys.length;
  }
  return { abandonedJobs: deleted, abandonedPhotos: files };
}

/** Deletes abandoned jobs every quarter of an hour (safe on several instances: each deletion re-checks under the lock). */
export function abandonedJobsCleanup(db: Db, storage: FileStorage, config: Config): Job {
  const { abandonMs } = limitsOf(config);
  return { name: 'photo scan cleanup', everyMs: 15 * 60_000, run: () => deleteAbandonedJobs(db, storage, abandonMs) };
}
