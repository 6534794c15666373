import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { advanceReferrals } from './referrals';

/** How often the invite-friends coins are moved along (release by level, expiry). */
export const REFERRAL_JOB_MS = 60_000;

/**
 * Runs `advanceReferrals` every minute on this instance. Every instance may run it: its moves are
 * guarded updates. A run still going when the next is due is not doubled here; failures are logged
 * and the next run tries again.
 */
export function startReferralJob(app: FastifyInstance, db: Db, everyMs = REFERRAL_JOB_MS) {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      const moved = await advanceReferrals(db.kysely);
      if (moved.released || moved.expired) app.log.info(moved, 'referral coins moved');
    } catch (err) {
      app.log.warn({ err }, 'referral job failed; next run retries');
    } finally {
      running = false;
    }
  }, everyMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
