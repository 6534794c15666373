import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';

/**
 * A background job: `run` answers counts of what it moved (a run that moved something is logged
 * with them). Every instance may run the same job: the jobs' moves are guarded updates, so two
 * runners never apply one change twice.
 */
export interface Job {
  name: string;
  everyMs: number;
  run: () => Promise<Record<string, number>>;
  /** Also run once when the registry starts (clean-ups that should not wait a whole interval). */
  runAtStart?: boolean;
}

/**
 * The one place background jobs live. Domains add their jobs while the app is built; the
 * process that serves (main.ts) starts them, so tests and tools that build an app run none.
 * A run still going when the next is due is skipped, not doubled; a failure is logged and the
 * next run retries; closing the app stops every timer first and waits for runs in flight, so
 * none writes to a database that is closing.
 */
export class JobRegistry {
  readonly #jobs = new Map<string, Job>();
  readonly #timers = new Map<string, NodeJS.Timeout>();
  readonly #running = new Map<string, Promise<void>>();
  #started = false;
  #stopped = false;

  constructor(private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn'>) {}

  add(job: Job): void {
    if (this.#jobs.has(job.name)) throw new Error(`job "${job.name}" is already registered`);
    if (!(job.everyMs > 0)) throw new Error(`job "${job.name}" needs a positive interval`);
    this.#jobs.set(job.name, job);
    if (this.#started && !this.#stopped) this.#schedule(job);
  }

  names(): string[] {
    return [...this.#jobs.keys()];
  }

  start(): void {
    if (this.#started || this.#stopped) return;
    this.#started = true;
    for (const job of this.#jobs.values()) this.#schedule(job);
    this.log.info({ jobs: this.names() }, 'background jobs started');
  }

  /** Runs a job now unless its previous run is still going; answers whether it ran. */
  async runNow(name: string): Promise<boolean> {
    const job = this.#jobs.get(name);
    if (!job) throw new Error(`no job "${name}"`);
    if (this.#running.has(name) || this.#stopped) return false;
    const run = this.#runOnce(job).finally(() => this.#running.delete(name));
    this.#running.set(name, run);
    await run;
    return true;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    for (const timer of this.#timers.values()) clearInterval(timer);
    this.#timers.clear();
    await Promise.all(this.#running.values());
  }

  #schedule(job: Job) {
    const timer = setInterval(() => void this.runNow(job.name), job.everyMs);
    timer.unref();
    this.#timers.set(job.name, timer);
    if (job.runAtStart) void this.runNow(job.name);
  }

  async #runOnce(job: Job) {
    try {
      const moved = await job.run();
      if (Object.values(moved).some((n) => n > 0)) this.log.info(moved, `${job.name}: moved`);
    } catch (err) {
      this.log.warn({ err }, `${job.name} failed; next run retries`);
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRegistry;
  }
}

/** Decorates `app.jobs`; domain plugins that own a job depend on it and add theirs. */
export const jobsPlugin = fp(
  async (app) => {
    const jobs = new JobRegistry(app.log);
    app.decorate('jobs', jobs);
    // Before anything else closes: a run in flight finishes while the database is still open.
    app.addHook('preClose', () => jobs.stop());
  },
  { name: 'jobs', fastify: '5.x' },
);
