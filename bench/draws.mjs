// Raffle draws under load: draws/s and p99 at 100 connections, on SQLite and on
// PostgreSQL, as ratios to a Fastify hello-world measured in the same run, and zero oversell
// checked in the database afterwards. Targets: on SQLite ≥ 30% of hello-world's requests/s; on
// PostgreSQL ≥ 80% of the TPC-B-like tps pgbench reaches on the same server (pgbench.mjs).
//
// This machine's speed moves by up to 2× within a minute (a shared host), so a hello-world run
// taken before and after a long draw run compared different machines. The measured phase
// interleaves them instead: hello-world, draws, hello-world, draws … in slices of a few seconds;
// each draw slice is compared with the faster of the hello-world slices either side of it, and
// the ratio judged is the median over the slices (docs/decisions/0005-change-stamps-and-api-headers.md).
//
// `npm run bench` runs it as its "Raffle draws" section; `node bench/draws.mjs` runs it alone on
// the existing build/ (it builds nothing). PostgreSQL is measured when BENCH_PG_URL is set or a
// server answers at 127.0.0.1:5432 (user postgres): a fresh database `cxy_bench_<timestamp>` is
// created for the run and dropped afterwards (BENCH_PG_URL=none skips PostgreSQL).
//
// Each engine gets its own database and product server; PostgreSQL gets PG_INSTANCES product
// servers on the one database (BENCH_PG_INSTANCES, default 2), the connections split evenly between
// them, as a deployment scales out. Each engine gets 100 users, each with a session (made by the
// product's own session code, no password sign-in: argon2 would cost ~100 ms a user), a warm-up
// campaign and a measured one (created with `npm run lottery:admin -- create`), so the measured run
// starts with full stock, and 4,000 more chances a user. Every autocannon connection is one user
// and sends no request id: the server gives each draw a fresh one (a repeated id would replay the
// earlier draw instead of drawing). The client does nothing per request, as for hello-world: what
// each answer was is read from the database (sessionLoad, tallyDraws).
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { round, table, verdict } from './format.mjs';
import { WARMUP_S } from './load.mjs';
import { tpcbLike } from './pgbench.mjs';
import { startHello, startProduct, stopServer } from './servers.mjs';
import { runStandalone } from './standalone.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export const DRAW_CONNECTIONS = 100;
/** Draws/s on SQLite as a share of hello-world's requests/s. */
export const SQLITE_TARGET = 0.3;
/** Draws/s on PostgreSQL as a share of pgbench's TPC-B-like tps on the same server and run. */
export const POSTGRES_TARGET = 0.8;
/** The measured phase: this many draw slices, each between two hello-world slices, of SLICE_S seconds. */
export const SLICES = 7;
export const SLICE_S = 3;
export const DRAWS_TITLE = `Raffle draws (autocannon, ${DRAW_CONNECTIONS} connections, ${WARMUP_S} s warm-up, then ${SLICES} × ${SLICE_S} s of draws between ${SLICE_S} s of hello-world)`;

// Header names of src/shared/context.ts; the draw is a GET that changes state, so the app id is required (csrf.ts).
const H = { appId: '__cxy_app_id_', token: '__cxy_token_', requestId: '__cxy_requestid_' };
const APP_ID = 'creality_model';
const DRAW_PATH = '/api/rest/lottery/tLottery/lottery';
/** The envelope's success code (src/shared/errors.ts). */
const CODE_OK = 0;

const USERS = DRAW_CONNECTIONS;
/** Product servers sharing the PostgreSQL database. */
export const PG_INSTANCES = Number(process.env.BENCH_PG_INSTANCES || 2);
/** The engines measured (BENCH_DRAW_ENGINES=postgres measures PostgreSQL alone). */
const ENGINES = (process.env.BENCH_DRAW_ENGINES || 'sqlite,postgres').split(',');
/**
 * The hot-row campaign: one prize every draw wins (no no-win weight), with stock for far more draws
 * than the run makes, so every draw takes a unit of the same row — the contention a popular
 * big-stock prize brings.
 */
const HOT_PRIZES = [{ source: 3, kind: 3, stock: 10_000_000, weight: 1, value: 1 }];

/** Once-only chances per user (settings.campaignChances, at most 1000), plus 1 daily. */
const CAMPAIGN_CHANCES = 1000;
/**
 * Small stocks with weights high enough that every prize runs out within the first thousand or
 * so draws of the measured run (stock ÷ probability), after which every draw is a no-win:
 * both the contended stock updates and the steady state are measured.
 */
const NO_WIN_WEIGHT = 1000;
const PRIZES = [
  { source: 0, kind: 1, stock: 5, weight: 10, perUserCap: 1 }, // entity, one per user
  { source: 3, kind: 3, stock: 20, weight: 20, value: 10 }, // beans, credited in the draw
  { source: 5, kind: 5, stock: 50, weight: 50, value: 1 }, // cloud space, credited in the draw
];

/** `node --import tsx …` in the repository (operator commands and the product's own modules). */
export function tsx(args, databaseUrl, extraEnv = {}) {
  return execFileSync(process.execPath, ['--import', 'tsx', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', ...extraEnv },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 16 * 1024 * 1024,
  });
}

// Users, identities and sessions with the product's store and session code (the migrations run
// first, as for every operator command). Prints [{ userId, token }].
const USERS_SCRIPT = `
import { openCliDatabase } from './scripts/cli-database.ts';
import * as store from './src/server/accounts/store.ts';
import { createSessions } from './src/server/accounts/sessions.ts';
const n = Number(process.env.BENCH_USERS);
const { db } = await openCliDatabase();
const sessions = createSessions(db, { days: 1 });
const now = Date.now();
const out = [];
for (let i = 0; i < n; i++) {
  const email = 'draw-bench-' + i + '@example.com';
  const userId = await store.createUser(db.kysely, { nickname: 'Draw bench ' + i, locale: 'en' }, now);
  await store.addIdentity(db.kysely, userId, 'email', email, now);
  const s = await sessions.create(userId, { userAgent: 'bench/draws', ip: '127.0.0.1' });
  out.push({ userId, token: s.token });
}
await db.close();
console.log(JSON.stringify(out));
`;

export function createUsers(databaseUrl, n = USERS) {
  const out = tsx(['--input-type=module', '-e', USERS_SCRIPT], databaseUrl, { BENCH_USERS: String(n) });
  const users = JSON.parse(out.trim().split('\n').pop());
  if (users.length !== n) throw new Error(`expected ${n} bench users, got ${users.length}`);
  return users;
}

/** A campaign through the operator command; returns it as stored (ids, prizes). */
export function createCampaign(databaseUrl, dir, label, { prizes = PRIZES, noWinWeight = NO_WIN_WEIGHT } = {}) {
  const example = JSON.parse(fs.readFileSync(path.join(ROOT, 'docs/examples/raffle.json'), 'utf8'));
  const now = Date.now();
  const input = {
    channel: 1,
    title: Object.fromEntries(Object.keys(example.title).map((l) => [l, `Draw bench (${label})`])),
    rules: example.rules,
    startsAt: now - 60_000,
    endsAt: now + 86_400_000,
    noWinWeight,
    settings: { dailyChances: 1, campaignChances: CAMPAIGN_CHANCES, premiumDailyChances: 1, timeZone: 'UTC' },
    prizes: prizes.map(({ source, ...p }) => ({ ...p, name: example.prizes[source].name })),
  };
  const file = path.join(dir, `campaign-${label}.json`);
  fs.writeFileSync(file, JSON.stringify(input));
  try {
    return JSON.parse(tsx(['scripts/lottery-admin.ts', 'create', file], databaseUrl));
  } catch (err) {
    throw new Error(`lottery:admin create refused the bench campaign: ${err.stderr || err.message}`);
  }
}

/**
 * 100 connections, each request with a fresh request id. Signed in per connection (connection i is
 * user i), or, with `each(seq)`, per request: the `seq`-th request of the run (0, 1, 2… over every
 * connection) is sent by `users[each(seq).user]` with the JSON body `each(seq).body`. Every answer's
 * envelope code is tallied (the body starts with `{"code":N`).
 */
export async function envelopeLoad({ url, users, duration, method = 'GET', each }) {
  let seq = 0;
  const codes = {};
  const statuses = {};
  let next = 0;
  const r = await autocannon({
    url,
    method,
    connections: DRAW_CONNECTIONS,
    duration,
    headers: { [H.appId]: APP_ID, ...(each ? { 'content-type': 'application/json' } : {}) },
    setupClient: (client) => {
      if (!each) client.setHeaders({ [H.appId]: APP_ID, [H.token]: users[next++ % users.length].token });
    },
    requests: [
      {
        setupRequest: (req) => {
          const headers = { ...req.headers, [H.requestId]: randomUUID() };
          if (!each) return { ...req, headers };
          const r = each(seq++);
          return { ...req, headers: { ...headers, [H.token]: users[r.user].token }, body: JSON.stringify(r.body) };
        },
        onResponse: (status, responseBody) => {
          statuses[status] = (statuses[status] ?? 0) + 1;
          const m = /^\{"code":(-?\d+)/.exec(String(responseBody));
          const code = m ? m[1] : 'unparsed';
          codes[code] = (codes[code] ?? 0) + 1;
        },
      },
    ],
  });
  const answered = Object.values(codes).reduce((a, b) => a + b, 0);
  const ok = codes[CODE_OK] ?? 0;
  return {
    ...loadFigures(r),
    // Requests/s counts every answer; okPerSec only the successful ones among them.
    okPerSec: answered ? (r.requests.mean * ok) / answered : 0,
    statuses,
    codes,
    answered,
    okAnswers: ok,
    status5xx: Object.entries(statuses).reduce((n, [s, c]) => n + (Number(s) >= 500 ? c : 0), 0),
  };
}

/**
 * 100 connections, connection i signed in as user i, the same request on each connection and
 * nothing done per request on the client's side: no request id (the server gives each request a
 * fresh one, so every request is a new draw), no reading of answers. Per-request callbacks
 * (a fresh id, the envelope's code) cost autocannon, on the same two cores, more CPU than a draw
 * costs the server: they capped the client near 11k requests/s, and hello-world is measured
 * without them. What each answer was is read from the database afterwards instead.
 */
export async function sessionLoad({ url, users, duration }) {
  let next = 0;
  // No users: hello-world's load, the same but with no headers at all.
  const r = await autocannon({
    url,
    connections: DRAW_CONNECTIONS,
    duration,
    ...(users.length
      ? {
          headers: { [H.appId]: APP_ID },
          setupClient: (client) => client.setHeaders({ [H.appId]: APP_ID, [H.token]: users[next++ % users.length].token }),
        }
      : {}),
  });
  return { ...loadFigures(r), status5xx: r['5xx'] ?? 0 };
}

/** What every load reports of an autocannon run. */
function loadFigures(r) {
  return {
    rps: r.requests.mean,
    latencyP50: r.latency.p50,
    latencyP99: r.latency.p99,
    latencyMax: r.latency.max,
    total: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
}

/**
 * The draws of a run as the database has them: every 2xx answer of the run must be a draw
 * recorded (an answer that was a refusal, "no chances left" or any other, records none), and at
 * most one draw per connection may be recorded without its answer counted (in flight when
 * autocannon stopped). Draws/s are the run's answers/s that were draws.
 */
function tallyDraws(load, recorded) {
  const answered = load.total - load.non2xx;
  const notDraws = Math.max(0, answered - recorded);
  return {
    ...load,
    answered,
    drawsRecorded: recorded,
    notDraws,
    inFlight: recorded - answered,
    drawsPerSec: answered ? (load.rps * (answered - notDraws)) / answered : 0,
  };
}

// Chances on top of the campaign's own (at most 1001 a user), through the product's ledger (a
// grant row with a business key, the balance raised): at the rates measured, 100 users could
// otherwise run dry within the 10 s.
const TOP_UP_SCRIPT = `
import { openCliDatabase } from './scripts/cli-database.ts';
import { grantChances } from './src/server/campaigns/ledger.ts';
const { db } = await openCliDatabase();
const now = Date.now();
for (const campaignId of JSON.parse(process.env.BENCH_CAMPAIGNS))
  for (const userId of JSON.parse(process.env.BENCH_USER_IDS))
    await grantChances(db.kysely, { campaignId, userId, amount: Number(process.env.BENCH_TOP_UP), reason: 'admin', key: 'bench-top-up' }, now);
await db.close();
`;
const TOP_UP = 4000;

/** Grants `amount` chances to each user in each campaign, through the product's ledger. */
export function topUpChances(databaseUrl, campaignIds, users, amount = TOP_UP) {
  tsx(['--input-type=module', '-e', TOP_UP_SCRIPT], databaseUrl, {
    BENCH_CAMPAIGNS: JSON.stringify(campaignIds.map(Number)),
    BENCH_USER_IDS: JSON.stringify(users.map((u) => u.userId)),
    BENCH_TOP_UP: String(amount),
  });
}

/** A query runner over the engine's database, opened by the bench itself (not through the server). */
export async function openCheck(engine, databaseUrl) {
  if (engine === 'sqlite') {
    const db = new SQLite(databaseUrl.slice('file:'.length));
    return { all: async (q) => db.prepare(q).all(), close: async () => db.close() };
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return { all: async (q) => (await client.query(q)).rows, close: () => client.end() };
}

/**
 * Zero oversell and a consistent ledger, read from the database: per prize, wins ≤ initial stock
 * and stock left = initial − wins (never negative); draws = chances spent (grants − balances);
 * wins = draws that won; no balance below zero.
 */
async function verify(engine, databaseUrl, campaign) {
  const db = await openCheck(engine, databaseUrl);
  const id = Number(campaign.id);
  const n = (v) => Number(v ?? 0);
  try {
    const stock = new Map(
      (await db.all(`select id, stock from lottery_prizes where campaign_id = ${id}`)).map((r) => [n(r.id), n(r.stock)]),
    );
    const wins = new Map(
      (await db.all(`select prize_id, count(*) as n from lottery_wins where campaign_id = ${id} group by prize_id`)).map((r) => [
        n(r.prize_id),
        n(r.n),
      ]),
    );
    const [d] = await db.all(
      `select count(*) as n, sum(case when prize_id is null then 0 else 1 end) as won from lottery_draws where campaign_id = ${id}`,
    );
    const [g] = await db.all(`select sum(amount) as n from lottery_chance_grants where campaign_id = ${id}`);
    const [b] = await db.all(`select sum(remaining) as n, min(remaining) as low from lottery_chance_balances where campaign_id = ${id}`);
    const prizes = campaign.prizes.map((p) => {
      const w = wins.get(Number(p.id)) ?? 0;
      const left = stock.get(Number(p.id));
      return { id: Number(p.id), kind: p.kind, stock: p.stock, wins: w, left, ok: w <= p.stock && left === p.stock - w && left >= 0 };
    });
    const totalWins = prizes.reduce((s, p) => s + p.wins, 0);
    const spent = n(g.n) - n(b.n);
    const ledger = {
      draws: n(d.n),
      drawsWon: n(d.won),
      wins: totalWins,
      granted: n(g.n),
      balances: n(b.n),
      spent,
      lowestBalance: n(b.low),
    };
    const problems = [
      ...prizes
        .filter((p) => !p.ok)
        .map((p) => `prize ${p.id}: ${p.wins} wins, ${p.left} left of ${p.stock} (oversold or stock out of step)`),
      ...(spent !== ledger.draws ? [`${ledger.draws} draws recorded but ${spent} chances spent`] : []),
      ...(ledger.drawsWon !== totalWins ? [`${ledger.drawsWon} winning draws but ${totalWins} wins`] : []),
      ...(ledger.lowestBalance < 0 ? [`a chance balance is negative (${ledger.lowestBalance})`] : []),
    ];
    return { prizes, ledger, problems, oversold: prizes.some((p) => p.wins > p.stock || p.left < 0) };
  } finally {
    await db.close();
  }
}

/** Waits until the campaign's draw count is the same on three reads 200 ms apart (at most 10 s); returns the wait. */
async function settle(engine, databaseUrl, campaignId) {
  const db = await openCheck(engine, databaseUrl);
  const t0 = Date.now();
  try {
    let last = -1;
    let same = 0;
    while (same < 2 && Date.now() - t0 < 10_000) {
      const [r] = await db.all(`select count(*) as n from lottery_draws where campaign_id = ${Number(campaignId)}`);
      same = Number(r.n) === last ? same + 1 : 0;
      last = Number(r.n);
      await sleep(200);
    }
    return Date.now() - t0;
  } finally {
    await db.close();
  }
}

/** The maintenance connection for PostgreSQL, or a note saying why PostgreSQL is skipped. */
async function postgresAdmin() {
  if (process.env.BENCH_PG_URL === 'none') return { note: 'PostgreSQL skipped: BENCH_PG_URL=none' };
  const url = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  client.on('error', () => {});
  try {
    await client.connect();
    return { client, url };
  } catch (err) {
    const where = process.env.BENCH_PG_URL ? 'BENCH_PG_URL' : '127.0.0.1:5432 (user postgres; set BENCH_PG_URL otherwise)';
    await client.end().catch(() => {});
    return { note: `PostgreSQL skipped: no server usable at ${where}: ${err.message}` };
  }
}

/**
 * Runs `run(databaseUrl)` on a fresh PostgreSQL database (`cxy_bench_<timestamp>`), dropped
 * afterwards; `{ engine: 'postgres', skipped }` when no server is usable.
 */
export async function withFreshPostgres(log, run) {
  const admin = await postgresAdmin();
  if (admin.note) {
    log(`  note: ${admin.note}`);
    return { engine: 'postgres', skipped: admin.note };
  }
  const name = `cxy_bench_${Date.now()}`;
  const url = new URL(admin.url);
  url.pathname = `/${name}`;
  await admin.client.query(`create database "${name}"`);
  try {
    return { ...(await run(url.toString())), database: name };
  } finally {
    await admin.client
      .query(`drop database if exists "${name}" with (force)`)
      .catch((err) => log(`  note: could not drop ${name}: ${err.message}`));
    await admin.client.end();
  }
}

/** The product on a bench database (servers.mjs startProduct), with a CPU profile when BENCH_CPU_PROF=<dir>. */
export function startBenchProduct({ engine, databaseUrl, cwd }) {
  return startProduct({
    name: `product (${engine})`,
    cwd,
    root: ROOT,
    databaseUrl,
    // To see where a request's time goes.
    nodeArgs: process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [],
  });
}

/**
 * The measured phase: hello-world and draws in turns, SLICE_S seconds each, starting and ending
 * with hello-world. Each draw slice's ratio is to the faster hello-world slice beside it (the
 * stricter baseline). Returns the slices, the draws' totals over all of them, and the median ratio.
 */
async function interleaved({ helloUrl, drawUrl, users }) {
  const hello = [await sessionLoad({ url: helloUrl, users: [], duration: SLICE_S })];
  const draws = [];
  for (let i = 0; i < SLICES; i++) {
    draws.push(await sessionLoad({ url: drawUrl, users, duration: SLICE_S }));
    hello.push(await sessionLoad({ url: helloUrl, users: [], duration: SLICE_S }));
  }
  const ratios = draws.map((d, i) => d.rps / Math.max(hello[i].rps, hello[i + 1].rps));
  const sum = (k, runs) => runs.reduce((a, r) => a + r[k], 0);
  const mean = (runs) => sum('rps', runs) / runs.length;
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const load = {
    rps: mean(draws),
    latencyP50: median(draws.map((d) => d.latencyP50)),
    // The worst slice's: what a participant may wait.
    latencyP99: Math.max(...draws.map((d) => d.latencyP99)),
    latencyMax: Math.max(...draws.map((d) => d.latencyMax)),
    total: sum('total', draws),
    non2xx: sum('non2xx', draws),
    errors: sum('errors', draws),
    timeouts: sum('timeouts', draws),
    status5xx: sum('status5xx', draws),
  };
  return {
    load,
    hello: {
      rps: mean(hello),
      runs: hello.map((h) => Math.round(h.rps)),
      latencyP50: median(hello.map((h) => h.latencyP50)),
      latencyP99: Math.max(...hello.map((h) => h.latencyP99)),
      non2xx: sum('non2xx', hello),
    },
    slices: draws.map((d, i) => ({
      drawsPerSec: Math.round(d.rps),
      helloBefore: Math.round(hello[i].rps),
      helloAfter: Math.round(hello[i + 1].rps),
      ratio: ratios[i],
    })),
    ratio: median(ratios),
  };
}

/** One engine: its database, users and campaigns, its product server, warm-up, measured phase, checks. */
async function runEngine({ engine, databaseUrl, cwd, dir, log, helloUrl }) {
  const t0 = Date.now();
  const users = createUsers(databaseUrl);
  const warm = createCampaign(databaseUrl, dir, `${engine} warm-up`);
  const measured = createCampaign(databaseUrl, dir, `${engine} measured`);
  const hot = createCampaign(databaseUrl, dir, `${engine} hot row`, { prizes: HOT_PRIZES, noWinWeight: 0 });
  topUpChances(databaseUrl, [warm.id, measured.id, hot.id], users);
  log(
    `  ${engine}: ${users.length} users with sessions, campaigns ${warm.id} (warm-up), ${measured.id} (measured) and ${hot.id} (hot row) in ${Date.now() - t0} ms`,
  );
  const instances = engine === 'postgres' ? PG_INSTANCES : 1;
  const products = [];
  for (let i = 0; i < instances; i++) products.push(await startBenchProduct({ engine, databaseUrl, cwd }));
  const urls = (campaign) => products.map((p) => `${p.url}${DRAW_PATH}?lotteryId=${campaign.id}`);
  const alive = (when) => {
    const dead = products.find((p) => p.exit);
    if (dead) throw new Error(`product (${engine}, pid ${dead.pid}) exited during the ${when}: ${JSON.stringify(dead.exit)}`);
  };
  let shutdown;
  try {
    log(`  ${engine}: ${products.map((p) => `product ${p.url} (pid ${p.pid})`).join(', ')}`);
    const warmLoad = await sessionLoad({ url: urls(warm), users, duration: WARMUP_S });
    alive('warm-up');
    await settle(engine, databaseUrl, warm.id);
    const phase = await interleaved({ helloUrl, drawUrl: urls(measured), users });
    alive('run');
    log(
      `  ${engine}: slices (draws/s ÷ faster hello-world beside it) ${phase.slices.map((x) => `${x.drawsPerSec} ÷ ${Math.max(x.helloBefore, x.helloAfter)} = ${round(x.ratio, 3).toFixed(3)}`).join(', ')}`,
    );
    // autocannon closes its sockets with draws still running: let them finish (the draw count stops
    // moving) before the stop, which would otherwise close the database under them.
    const settledMs = await settle(engine, databaseUrl, measured.id);
    // Every draw wins the one prize: as many draws as the run takes, each taking stock of one row.
    const hotRun = await sessionLoad({ url: urls(hot), users, duration: SLICE_S * 2 });
    alive('hot-row run');
    await settle(engine, databaseUrl, hot.id);
    shutdown = await Promise.all(products.map((p) => stopServer(p, 10_000)));
    const checks = {
      warmUp: await verify(engine, databaseUrl, warm),
      measured: await verify(engine, databaseUrl, measured),
      hotRow: await verify(engine, databaseUrl, hot),
    };
    // The server's own ceiling for a small write transaction, with the product stopped.
    const ceiling = engine === 'postgres' ? await tpcbLike({ url: databaseUrl, clients: DRAW_CONNECTIONS, seconds: SLICE_S * 2 }) : null;
    const warmUp = tallyDraws(warmLoad, checks.warmUp.ledger.draws);
    const load = tallyDraws(phase.load, checks.measured.ledger.draws);
    const hotRow = tallyDraws(hotRun, checks.hotRow.ledger.draws);
    return {
      engine,
      instances,
      users: users.length,
      campaigns: { warmUp: warm.id, measured: measured.id, hotRow: hot.id },
      warmUp,
      load,
      hotRow,
      hello: phase.hello,
      slices: phase.slices,
      ratioToHello: phase.ratio * (load.drawsPerSec / (load.rps || 1)),
      ceiling,
      ratioToCeiling: ceiling ? load.drawsPerSec / ceiling.tps : null,
      checks,
      settledMs,
      shutdown,
      logLines: products.reduce((n, p) => n + p.output.length, 0),
      logTail: products.flatMap((p) => p.output.slice(-10)),
    };
  } finally {
    await Promise.all(products.filter((p) => !p.exit).map((p) => stopServer(p, 10_000)));
  }
}

/** What each engine's run must show; returns the failures (empty: PASS). */
function judge(r) {
  const out = [];
  const name = `raffle draws (${r.engine})`;
  for (const [phase, run, slices] of [
    ['warm-up', r.warmUp, 1],
    ['measured', r.load, SLICES],
    ['hot-row', r.hotRow, 1],
  ]) {
    if (run.non2xx || run.errors || run.timeouts)
      out.push(`${name} ${phase}: ${run.non2xx} non-2xx (${run.status5xx} of them 5xx), ${run.errors} errors, ${run.timeouts} timeouts`);
    if (run.notDraws) out.push(`${name} ${phase}: ${run.notDraws} answers were not draws (refusals: chances ran out, or an error code)`);
    // Each load stops with at most one draw per connection in flight.
    if (run.inFlight > DRAW_CONNECTIONS * slices) out.push(`${name} ${phase}: ${run.inFlight} draws recorded without their answer counted`);
  }
  for (const [phase, c] of Object.entries(r.checks)) {
    if (c.oversold) out.push(`${name} ${phase}: OVERSOLD ${c.prizes.map((p) => `${p.wins}/${p.stock}`).join(', ')}`);
    for (const p of c.problems) out.push(`${name} ${phase}: ${p}`);
  }
  if (r.ceiling && r.ratioToCeiling < POSTGRES_TARGET)
    out.push(
      `${name}: draws/s = ${round(100 * r.ratioToCeiling)}% of ${r.ceiling.tool} TPC-B-like tps (${Math.round(r.ceiling.tps)} at ${r.ceiling.clients} clients) < ${100 * POSTGRES_TARGET}%`,
    );
  if (r.engine === 'sqlite' && r.ratioToHello < SQLITE_TARGET)
    out.push(`${name}: draws/s = ${round(100 * r.ratioToHello)}% of hello-world (median of ${SLICES} slices) < ${100 * SQLITE_TARGET}%`);
  return out;
}

/**
 * The whole measurement. `cwd` holds the build/ to run (run.mjs passes its snapshot); `hello` is a
 * running hello-world server ({ url }) or, when absent, one is started and stopped here.
 * Returns the figures and `failures` (empty when every target is met).
 */
export async function raffleDraws({ cwd = ROOT, hello, log = console.log } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cxy-draws-'));
  const started = hello ? null : await startHello(ROOT);
  const helloUrl = `${(hello ?? started).url}/`;
  const out = {
    connections: DRAW_CONNECTIONS,
    warmUpS: WARMUP_S,
    slices: SLICES,
    sliceS: SLICE_S,
    target: { sqliteRatio: SQLITE_TARGET, postgresToTpcb: POSTGRES_TARGET },
    engines: [],
    failures: [],
  };
  try {
    // hello-world's own warm-up (JIT), its figures thrown away.
    await sessionLoad({ url: helloUrl, users: [], duration: WARMUP_S });
    // SQLite: a file in a temp dir.
    if (ENGINES.includes('sqlite'))
      out.engines.push(await runEngine({ engine: 'sqlite', databaseUrl: `file:${dir}/draws.sqlite`, cwd, dir, log, helloUrl }));
    // PostgreSQL: a fresh database, dropped afterwards.
    if (ENGINES.includes('postgres'))
      out.engines.push(
        await withFreshPostgres(log, (databaseUrl) => runEngine({ engine: 'postgres', databaseUrl, cwd, dir, log, helloUrl })),
      );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    if (started && !started.exit) await stopServer(started);
  }

  for (const r of out.engines) {
    if (r.skipped) continue;
    r.failures = judge(r);
    out.failures.push(...r.failures);
  }
  const ran = out.engines.filter((r) => !r.skipped);
  log(
    table([
      [
        'engine',
        'instances',
        'draws/s',
        'p50 ms',
        'p99 ms',
        'hello-world req/s',
        'vs hello (median)',
        'vs TPC-B-like',
        'draws in DB',
        'non-2xx',
        'not draws',
        'oversold',
        'verdict',
      ],
      ...ran.map((r) => [
        r.engine,
        r.instances,
        Math.round(r.load.drawsPerSec),
        r.load.latencyP50,
        r.load.latencyP99,
        Math.round(r.hello.rps),
        `${round(r.ratioToHello, 3).toFixed(3)}${r.engine === 'sqlite' ? ` (≥ ${SQLITE_TARGET})` : ''}`,
        r.ceiling ? `${round(r.ratioToCeiling, 2).toFixed(2)} of ${Math.round(r.ceiling.tps)} tps (≥ ${POSTGRES_TARGET})` : '',
        r.checks.measured.ledger.draws,
        r.load.non2xx,
        r.load.notDraws,
        r.checks.measured.oversold || r.checks.warmUp.oversold ? 'YES' : 'no',
        verdict(r.failures.length === 0),
      ]),
    ]),
  );
  for (const r of ran) {
    const c = r.checks.measured;
    log(
      `  ${r.engine}: wins per prize vs stock ${c.prizes.map((p) => `${p.wins}/${p.stock} (left ${p.left})`).join(', ')}; ` +
        `${c.ledger.draws} draws = ${c.ledger.spent} chances spent (${c.ledger.granted} granted − ${c.ledger.balances} left); ` +
        `warm-up ${r.checks.warmUp.prizes.map((p) => `${p.wins}/${p.stock}`).join(', ')}`,
    );
    log(
      `  ${r.engine}: hot row (every draw wins one prize): ${Math.round(r.hotRow.drawsPerSec)} draws/s, p50 ${r.hotRow.latencyP50} ms, p99 ${r.hotRow.latencyP99} ms ` +
        `(${round(r.hotRow.drawsPerSec / r.load.drawsPerSec, 2)} of the measured run's); ${r.checks.hotRow.prizes.map((p) => `${p.wins} wins, ${p.left} left of ${p.stock}`).join(', ')}`,
    );
    if (r.logLines) log(`  ${r.engine}: ${r.logLines} product log lines at LOG_LEVEL=warn, last: ${r.logTail.at(-1)?.slice(0, 200)}`);
  }
  for (const r of out.engines) if (r.skipped) log(`  ${r.engine}: ${r.skipped}`);
  return out;
}

// Alone: `node bench/draws.mjs` on the existing build/.
await runStandalone(import.meta.url, {
  title: DRAWS_TITLE,
  name: 'draws',
  measure: raffleDraws,
  passed: 'all draw targets met',
});
