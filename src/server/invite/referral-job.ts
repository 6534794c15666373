import type { Db } from '../db/database';
import type { Job } from '../jobs';
import { advanceReferrals } from './referrals';

/** How often the invite-friends coins are moved along (release by level, expiry). */
export const REFERRAL_JOB_MS = 60_000;

/** Moves the invite-friends coins along every minute (safe on several instances at once: see jobs.ts). */
export function referralJob(db: Db, everyMs = REFERRAL_JOB_MS): Job {
  return { name: 'referral coins', everyMs, run: async () => ({ ...(await advanceReferrals(db)) }) };
}
