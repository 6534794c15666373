import type { FastifyInstance } from 'fastify';

/**
 * Runs a background job on this instance every `everyMs`. Every instance may run the same job:
 * the jobs' moves are guarded updates, so two runners never apply one change twice. A run still
 * going when the next is due is not doubled here; failures are logged and the next run retries.
 * `run` answers counts of what it moved; a run that moved something is logged with them.
 * `runAtStart` also runs it once now (clean-ups that should not wait a whole interval).
 */
export function startJob(
  app: FastifyInstance,
  job: { name: string; everyMs: number; run: () => Promise<Record<string, number>>; runAtStart?: boolean },
) {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const moved = await job.run();
      if (Object.values(moved).some((n) => n > 0)) app.log.info(moved, `${job.name}: moved`);
    } catch (err) {
      app.log.warn({ err }, `${job.name} failed; next run retries`);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, job.everyMs);
  timer.unref();
  if (job.runAtStart) void tick();
  app.addHook('onClose', async () => clearInterval(timer));
}
