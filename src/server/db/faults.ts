/**
 * Database faults that pass: the connection was lost (a restart, a failover, a killed backend, a
 * network blip), the database refused new connections for a moment, or PostgreSQL chose this
 * transaction as the loser of a serialization conflict or a deadlock; on SQLite, another process
 * held the write lock past the busy timeout. Retrying later can succeed; nothing else is.
 */
export function isTransientFault(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (TRANSIENT_SQLSTATES.has(code) || code.startsWith('08')) return true;
    if (NODE_NETWORK_CODES.has(code)) return true;
    if (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_') || code === 'SQLITE_LOCKED') return true;
  }
  // node-postgres says these in words, with no code.
  return PG_CONNECTION_MESSAGES.test(err.message);
}

const TRANSIENT_SQLSTATES = new Set([
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '57P01', // admin_shutdown (pg_terminate_backend, a fast shutdown)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, recovering)
  '53300', // too_many_connections
]);
const NODE_NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
const PG_CONNECTION_MESSAGES =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|Client was closed|connection (?:error|is closed)/i;

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  /** Back-off before the second attempt; doubled each time, with jitter. */
  firstDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 4, firstDelayMs: 25 };

/**
 * Runs `work` again after a transient fault, with exponential back-off and full jitter (so the
 * instances that all lost their connections at once do not come back in step). Only for work
 * whose effect is keyed: an attempt whose commit was acknowledged by the database but not heard
 * by us is found by its key on the next attempt, never made twice.
 */
export async function withRetries<T>(work: () => Promise<T>, policy: RetryPolicy = DEFAULT_RETRY): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= policy.attempts || !isTransientFault(err)) throw err;
      const ceiling = policy.firstDelayMs * 2 ** (attempt - 1);
      await new Promise((resolve) => setTimeout(resolve, ceiling / 2 + Math.random() * ceiling));
    }
  }
}
