// HTTP load with autocannon's programmatic API. One target at a time: on a 2-core machine two
// concurrent runs would measure the contention, not the server.
import autocannon from 'autocannon';

export const CONNECTIONS = 50;
export const WARMUP_S = 2;
export const DURATION_S = 10;

/**
 * A warm-up run (JIT, caches, lazy SSR handler) whose figures are thrown away, then the measured run.
 * `connections` defaults to CONNECTIONS (the raffle draw bench compares at 100).
 */
export async function measure({ url, headers = {}, method = 'GET', body, connections = CONNECTIONS }) {
  const opts = { url, headers, method, ...(body ? { body } : {}), connections };
  await autocannon({ ...opts, duration: WARMUP_S });
  const r = await autocannon({ ...opts, duration: DURATION_S });
  return {
    url,
    rps: r.requests.mean,
    latencyP50: r.latency.p50,
    latencyP99: r.latency.p99,
    latencyMax: r.latency.max,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    total: r.requests.total,
    bytesPerSec: r.throughput.mean,
    statusCodes: r.statusCodeStats,
  };
}
