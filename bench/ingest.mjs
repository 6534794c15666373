// Analytics ingestion under load: the collector taking the SDK's batch posts (6 records
// each, `data_list`, as the SDK's batch_send builds them) on SQLite and on PostgreSQL, as requests/s
// and events/s and as a ratio to a Fastify hello-world measured in the same run. Afterwards the
// stored rows are counted: every accepted record must be in the database (written in batches by
// the collector's buffer, the rest flushed on the graceful stop).
//
// `npm run bench` runs it as its "Analytics ingestion" section; `node bench/ingest.mjs` runs it alone
// on the existing build/. PostgreSQL as in draws.mjs (BENCH_PG_URL, or 127.0.0.1:5432; `none` skips).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { withFreshPostgres } from './draws.mjs';
import { round, table } from './format.mjs';
import { CONNECTIONS, DURATION_S, WARMUP_S } from './load.mjs';
import { startProduct, stopServer } from './servers.mjs';
import { measureHello, runStandalone } from './standalone.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const COLLECT = '/api/analytics/collect';
const PER_REQUEST = 6;

/** One batch as the SDK posts it: six fresh records (new track ids, so none is a duplicate). */
function batchBody(event) {
  const now = Date.now();
  const who = randomUUID();
  const records = Array.from({ length: PER_REQUEST }, (_, i) => ({
    type: 'track',
    event,
    distinct_id: who,
    time: now - i,
    _track_id: Math.floor(Math.random() * 1e9),
    lib: { $lib: 'js', $lib_method: 'code', $lib_version: '1.15.18' },
    properties: { $url: 'https://example.com/activitys?activeId=1', $title: 'Lucky draw', activeId: '1', channel: 'bench', n: i },
  }));
  return `data_list=${encodeURIComponent(Buffer.from(JSON.stringify(records)).toString('base64'))}`;
}

async function ingestLoad(url, event, duration) {
  const r = await autocannon({
    url,
    method: 'POST',
    connections: CONNECTIONS,
    duration,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    requests: [{ setupRequest: (req) => ({ ...req, body: batchBody(event) }) }],
  });
  return {
    rps: r.requests.mean,
    latencyP50: r.latency.p50,
    latencyP99: r.latency.p99,
    total: r.requests.total,
    non2xx: r.non2xx,
    // 503: the collector's backlog was full and it asked the sender to retry (nothing accepted, nothing lost).
    busy: r.statusCodeStats?.['503']?.count ?? 0,
    errors: r.errors,
  };
}

async function storedCount(engine, databaseUrl, event) {
  if (engine === 'sqlite') {
    const db = new SQLite(databaseUrl.slice('file:'.length), { readonly: true });
    try {
      return db.prepare('select count(*) as n from analytics_events where event = ?').get(event).n;
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return Number((await client.query('select count(*) as n from analytics_events where event = $1', [event])).rows[0].n);
  } finally {
    await client.end();
  }
}

async function runEngine({ engine, databaseUrl, cwd }) {
  const product = await startProduct({
    name: `product (${engine}, analytics)`,
    cwd,
    root: ROOT,
    databaseUrl,
    // BENCH_CPU_PROF=<dir>: a CPU profile of the server, to see what a batch post costs.
    nodeArgs: process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [],
  });
  try {
    await ingestLoad(`${product.url}${COLLECT}`, 'BenchWarm', WARMUP_S);
    const load = await ingestLoad(`${product.url}${COLLECT}`, 'BenchEvent', DURATION_S);
    if (product.exit)
      throw new Error(
        `product (${engine}) exited during the run: ${JSON.stringify(product.exit)}\n${product.output.slice(-10).join('\n')}`,
      );
    // The graceful stop flushes what the buffer still holds; then every accepted record is stored.
    const shutdown = await stopServer(product, 10_000);
    const stored = await storedCount(engine, databaseUrl, 'BenchEvent');
    return {
      engine,
      load,
      eventsPerSec: load.rps * PER_REQUEST,
      stored,
      accepted: (load.total - load.non2xx) * PER_REQUEST,
      shutdown,
      logTail: product.output.slice(-10),
    };
  } finally {
    if (!product.exit) await stopServer(product, 10_000);
  }
}

/** The whole measurement; `hello` is a running hello-world ({ url }). Returns figures and failures. */
export async function analyticsIngest({ cwd = ROOT, hello, log = console.log }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cxy-ingest-'));
  const out = { perRequest: PER_REQUEST, connections: CONNECTIONS, durationS: DURATION_S, engines: [], failures: [] };
  try {
    out.hello = await measureHello(hello, CONNECTIONS, log);
    out.engines.push(await runEngine({ engine: 'sqlite', databaseUrl: `file:${dir}/ingest.sqlite`, cwd }));
    out.engines.push(await withFreshPostgres(log, (databaseUrl) => runEngine({ engine: 'postgres', databaseUrl, cwd })));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const base = out.hello.rps;
  const ran = out.engines.filter((r) => !r.skipped);
  for (const r of ran) {
    r.ratioToHello = r.load.rps / base;
    if (r.load.non2xx - r.load.busy || r.load.errors)
      out.failures.push(`analytics ingest (${r.engine}): ${r.load.non2xx - r.load.busy} non-2xx other than 503, ${r.load.errors} errors`);
    if (r.load.busy) log(`  ${r.engine}: ${r.load.busy} posts refused with 503 while the backlog was full (the SDK sends them again)`);
    // Requests cut off when the run stopped may have been accepted without being counted.
    if (r.stored < r.accepted)
      out.failures.push(
        `analytics ingest (${r.engine}): ${r.accepted} records accepted but ${r.stored} stored; shutdown ${JSON.stringify(r.shutdown)}; log: ${r.logTail.join(' | ').slice(0, 1500)}`,
      );
  }
  log(
    table([
      ['target', 'req/s', 'events/s', 'vs hello (req/s)', 'p50 ms', 'p99 ms', 'stored / accepted'],
      ['hello-world GET /', Math.round(base), '', '1.00 (base)', out.hello.latencyP50, out.hello.latencyP99, ''],
      ...ran.map((r) => [
        `collector POST data_list ×${PER_REQUEST} (${r.engine})`,
        Math.round(r.load.rps),
        Math.round(r.eventsPerSec),
        round(r.ratioToHello, 3).toFixed(3),
        r.load.latencyP50,
        r.load.latencyP99,
        `${r.stored} / ${r.accepted}`,
      ]),
    ]),
  );
  for (const r of out.engines) if (r.skipped) log(`  ${r.engine}: ${r.skipped}`);
  return out;
}

// Alone: `node bench/ingest.mjs` on the existing build/.
await runStandalone(import.meta.url, {
  title: `Analytics ingestion (autocannon, ${CONNECTIONS} connections, batch posts of 6 records, ${DURATION_S} s)`,
  name: 'ingest',
  measure: () => analyticsIngest({ hello: null }),
  passed: 'all ingestion checks met',
});
