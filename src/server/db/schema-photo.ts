import type { Generated } from 'kysely';

/** Photo modelling scan jobs (migration 0017). */
export interface PhotoTables {
  photo_scan_jobs: {
    id: Generated<number>;
    user_id: number;
    mode: string;
    object_size: string;
    gear: string;
    submitted_at: number | null;
    created_at: number;
  };
  /** One photo per job and index: a retried upload of an index stores nothing new. */
  photo_scan_photos: {
    job_id: number;
    idx: number;
    band: string;
    storage_key: string;
    mime: string;
    bytes: number;
    sha256: string;
    created_at: number;
  };
}
