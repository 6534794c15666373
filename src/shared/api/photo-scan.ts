import { z } from 'zod';
import {
  BANDS,
  type Band,
  GEARS,
  type Gear,
  MODES,
  OBJECT_SIZES,
  type ObjectSize,
  type PhotoMode,
  type Shortfall,
} from '../photo-scan-rules';
import { API } from './all-routes';
import { PHOTO_SCAN_JOB_API } from './routes-programmes';

/**
 * Photo modelling scan jobs (`/webview/photo-modelling`): the signed-in member opens a
 * job, uploads each photo raw to `PHOTO_SCAN_PHOTO_PATH` (idempotent per index), reads the job
 * back to resume an interrupted upload, and submits it; the rules are `shared/photo-scan-rules.ts`.
 */
export interface PhotoScanPhoto {
  index: number;
  band: Band;
  bytes: number;
  sha256: string;
}

export interface PhotoScanJob {
  id: number;
  mode: PhotoMode;
  objectSize: ObjectSize;
  gear: Gear;
  /** When it was submitted (ms), or null while photos are being added. */
  submittedAt: number | null;
  /** The stored photos, by index: an interrupted upload sends only the others. */
  photos: PhotoScanPhoto[];
}

/** The refusal of a submit (code 3706) carries every shortfall. */
export interface PhotoRulesUnmet {
  shortfalls: Shortfall[];
}

export const ZBand = z.enum(BANDS);

export const create = {
  ...API.photoScan.create,
  input: z.object({ mode: z.enum(MODES), objectSize: z.enum(OBJECT_SIZES), gear: z.enum(GEARS) }),
  result: z.custom<PhotoScanJob>(),
};

/** The caller's job (others' jobs answer 3701). */
export const job = { ...PHOTO_SCAN_JOB_API.job, result: z.custom<PhotoScanJob>() };

/** Checks the stored photos against the rules and marks the job submitted (3706 with the shortfalls otherwise). */
export const submit = { ...PHOTO_SCAN_JOB_API.submit, result: z.custom<PhotoScanJob>() };

/** The query of a photo upload. */
export const ZPhotoQuery = z.object({ band: ZBand });
