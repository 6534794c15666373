import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JobRegistry, jobsPlugin } from './jobs';

const quietLog = () => ({ info: vi.fn(), warn: vi.fn() });

/** A run that stays open until the test lets it finish. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe('job registry', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs nothing until started, then every interval', async () => {
    const jobs = new JobRegistry(quietLog());
    const run = vi.fn(async () => ({}));
    jobs.add({ name: 'sweep', everyMs: 1000, run });
    await vi.advanceTimersByTimeAsync(5000);
    expect(run).not.toHaveBeenCalled();
    jobs.start();
    await vi.advanceTimersByTimeAsync(3000);
    expect(run).toHaveBeenCalledTimes(3);
    await jobs.stop();
  });

  it('runs a runAtStart job at once', async () => {
    const jobs = new JobRegistry(quietLog());
    const run = vi.fn(async () => ({}));
    jobs.add({ name: 'purge', everyMs: 60_000, run, runAtStart: true });
    jobs.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
    await jobs.stop();
  });

  it('never runs one job twice at once: a tick while it runs is skipped', async () => {
    const jobs = new JobRegistry(quietLog());
    const g = gate();
    const run = vi.fn(async () => {
      await g.opened;
      return {};
    });
    jobs.add({ name: 'slow', everyMs: 1000, run });
    jobs.start();
    await vi.advanceTimersByTimeAsync(4500);
    expect(run).toHaveBeenCalledTimes(1);
    expect(await jobs.runNow('slow')).toBe(false);
    g.open();
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(2);
    await jobs.stop();
  });

  it('logs a failure and retries at the next interval', async () => {
    const log = quietLog();
    const jobs = new JobRegistry(log);
    const run = vi.fn().mockRejectedValueOnce(new Error('database down')).mockResolvedValue({ moved: 2 });
    jobs.add({ name: 'orders', everyMs: 1000, run });
    jobs.start();
    await vi.advanceTimersByTimeAsync(2000);
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), 'orders failed; next run retries');
    expect(log.info).toHaveBeenCalledWith({ moved: 2 }, 'orders: moved');
    await jobs.stop();
  });

  it('stops every timer on stop, after the run in flight finishes', async () => {
    const jobs = new JobRegistry(quietLog());
    const g = gate();
    let finished = false;
    const run = vi.fn(async () => {
      await g.opened;
      finished = true;
      return {};
    });
    jobs.add({ name: 'sweep', everyMs: 1000, run });
    jobs.start();
    await vi.advanceTimersByTimeAsync(1000);
    const stopped = jobs.stop();
    let done = false;
    void stopped.then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(false);
    g.open();
    await stopped;
    expect(finished).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run).toHaveBeenCalledTimes(1);
    expect(await jobs.runNow('sweep')).toBe(false);
  });

  it('refuses two jobs of one name and a job without an interval', () => {
    const jobs = new JobRegistry(quietLog());
    jobs.add({ name: 'a', everyMs: 1000, run: async () => ({}) });
    expect(() => jobs.add({ name: 'a', everyMs: 1000, run: async () => ({}) })).toThrow(/already registered/);
    expect(() => jobs.add({ name: 'b', everyMs: 0, run: async () => ({}) })).toThrow(/positive interval/);
    expect(jobs.names()).toEqual(['a']);
  });
});

describe('jobs plugin', () => {
  it('stops the jobs when the app closes, and lets a run in flight finish before any close hook', async () => {
    const app = Fastify({ logger: false });
    await app.register(jobsPlugin);
    const g = gate();
    let finished = false;
    const run = vi.fn(async () => {
      await g.opened;
      finished = true;
      return {};
    });
    let finishedWhenClosing = false;
    // Stands for the database closing: it must find no run still writing.
    app.addHook('onClose', async () => {
      finishedWhenClosing = finished;
    });
    app.jobs.add({ name: 'sweep', everyMs: 60_000, run, runAtStart: true });
    app.jobs.start();
    const closed = app.close();
    setTimeout(g.open, 30);
    await closed;
    expect(finishedWhenClosing).toBe(true);
    expect(run).toHaveBeenCalledTimes(1);
    expect(await app.jobs.runNow('sweep')).toBe(false);
  });
});
