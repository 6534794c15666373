import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { startJob } from '../jobs';
import { advanceReferrals } from './referrals';

/** How often the invite-friends coins are moved along (release by level, expiry). */
export const REFERRAL_JOB_MS = 60_000;

/** Runs `advanceReferrals` every minute on this instance (see startJob: safe on several at once). */
export function startReferralJob(app: FastifyInstance, db: Db, everyMs = REFERRAL_JOB_MS) {
  startJob(app, { name: 'referral coins', everyMs, run: async () => ({ ...(await advanceReferrals(db)) }) });
}
