import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

// int8 (count(*), bigint ids and epoch-ms columns) as JS numbers: all our values stay below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export interface PostgresOptions {
  poolSize?: number;
  /** Told of every connection-level error (the query that was running fails on its own). */
  onConnectionError?: (err: Error) => void;
}

/**
 * A pool whose clients never take the process down. node-postgres emits 'error' on a client
 * whose connection breaks; the pool listens only while a client is idle, so a connection killed
 * under a running query (a restart, a failover, `pg_terminate_backend`) emitted an unhandled
 * 'error' and ended the process. Every client gets a listener of its own when it connects; the
 * failed query rejects as usual and the pool discards the broken client when it is released.
 */
export function openPostgres(url: string, opts: PostgresOptions = {}) {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolSize ?? 10,
    // A request waits at most this long for a connection while the database is unreachable.
    connectionTimeoutMillis: 3_000,
    idleTimeoutMillis: 30_000,
    // A dead peer (a host gone without closing the socket) is noticed by TCP keep-alive.
    keepAlive: true,
  });
  const report = (err: Error) => opts.onConnectionError?.(err);
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { kysely, pool };
}
