import type { Db } from '../db/database';
import type { EventRecord, ProfileRecord, Reason } from './records';
import { writeBatch } from './store';

interface Log {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * The collector's write buffer: requests only append in memory and answer at once; records reach
 * the database every `flushMs` or as soon as `maxRecords` wait, and on close (graceful shutdown),
 * in transactions of at most TX_RECORDS each, so a long backlog commits as it goes (a stop that
 * runs out of time loses none of what was already written). A failed write keeps its records for
 * the next flush. Past `maxBuffered` waiting records the collector is `full` and refuses new ones
 * (the route answers 503 with Retry-After): accepted records are never dropped, and a database
 * that is slow or down cannot exhaust memory.
 */
const TX_RECORDS = 2_000;

export class AnalyticsWriter {
  private events: EventRecord[] = [];
  private profiles: ProfileRecord[] = [];
  private rejections = new Map<string, number>();
  private running: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly db: Db,
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

  /** Whether the backlog is at its cap: the collector refuses records until it drains. */
  get full(): boolean {
    return this.pending >= (this.opts.maxBuffered ?? 100_000);
  }

  private async writeOnce(): Promise<void> {
    while (this.pending || this.rejections.size) {
      const batch = {
        events: this.events.splice(0, TX_RECORDS),
        profiles: this.profiles.splice(0, TX_RECORDS),
        rejections: this.rejections,
      };
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
        return;
      }
    }
  }
}
