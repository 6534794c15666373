import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { EventRecord, ProfileRecord, Reason } from './records';
import { writeBatch } from './store';

interface Log {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * The collector's write buffer: requests only append in memory and answer at once; records reach
 * the database in one transaction per flush, every `flushMs` or as soon as `maxRecords` wait,
 * and on close (graceful shutdown) — so nothing accepted is lost when the process stops
 * normally. A failed write keeps its records for the next flush, up to `maxBuffered`; past that
 * the oldest are dropped and logged (a database down for long must not exhaust memory).
 */
export class AnalyticsWriter {
  private events: EventRecord[] = [];
  private profiles: ProfileRecord[] = [];
  private rejections = new Map<string, number>();
  private running: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly opts: { flushMs: number; maxRecords: number; maxBuffered?: number; log: Log },
  ) {
    this.timer = setInterval(() => void this.flush(), opts.flushMs);
    // The timer alone never keeps the process alive; close() flushes what is left.
    this.timer.unref();
  }

  get pending(): number {
    return this.events.length + this.profiles.length;
  }

  add(records: (EventRecord | ProfileRecord)[], rejected: Reason[], now: number): void {
    for (const r of records) {
      if (r.kind === 'event') this.events.push(r);
      else this.profiles.push(r);
    }
    const day = new Date(now).toISOString().slice(0, 10);
    for (const reason of rejected) this.rejections.set(`${day} ${reason}`, (this.rejections.get(`${day} ${reason}`) ?? 0) + 1);
    if (this.pending >= this.opts.maxRecords) void this.flush();
  }

  /** Writes what is buffered now; flushes run one after the other, never two at once. */
  flush(): Promise<void> {
    this.running = this.running.then(() => this.writeOnce());
    return this.running;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    await this.flush();
  }

  private async writeOnce(): Promise<void> {
    if (!this.pending && !this.rejections.size) return;
    const batch = { events: this.events, profiles: this.profiles, rejections: this.rejections };
    this.events = [];
    this.profiles = [];
    this.rejections = new Map();
    try {
      await writeBatch(this.db, batch, Date.now());
    } catch (err) {
      this.opts.log.error(
        { err, events: batch.events.length, profiles: batch.profiles.length },
        'analytics write failed; kept for the next flush',
      );
      this.events = [...batch.events, ...this.events];
      this.profiles = [...batch.profiles, ...this.profiles];
      for (const [k, n] of batch.rejections) this.rejections.set(k, (this.rejections.get(k) ?? 0) + n);
      const max = this.opts.maxBuffered ?? 100_000;
      if (this.events.length > max) {
        const dropped = this.events.length - max;
        this.events = this.events.slice(dropped);
        this.opts.log.warn({ dropped }, 'analytics buffer full: oldest events dropped');
      }
    }
  }
}
