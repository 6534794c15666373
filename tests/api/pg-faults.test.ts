import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tokenHash } from '../../src/server/accounts/sessions';
import { PrizeKind } from '../../src/shared/enums';
import { ResultCode } from '../../src/shared/errors';
import { createTestDb, ENGINES, type TestDb } from '../helpers/app';
import { makeCampaign } from '../helpers/lottery';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy';

/**
 * Fault injection on PostgreSQL with real server processes: two instances of the server share one
 * database through a TCP proxy while signed-in participants draw and buy chances on both.
 *  a. The product's backends are killed (pg_terminate_backend) several times under load: no
 *     instance exits, answers after recovery are normal, and the ledgers are exact.
 *  b. The database becomes unreachable (the proxy cuts every connection and refuses new ones):
 *     /healthz says 503, API calls answer quickly with the network-error envelope (2002) or 503;
 *     once it is back, /healthz is 200 within two seconds and calls succeed again.
 */

const L = '/api/rest/lottery/tLottery';
/** The client gives up on an answer after this long: a call that takes longer is a hang. */
const CLIENT_TIMEOUT_MS = 8_000;
const USERS = 48;
const CHANCES = 500;
const COINS = 100_000;
const EXCHANGE_COST = 10;
const PRIZES = [
  { kind: PrizeKind.entity, stock: 15, weight: 1 },
  { kind: PrizeKind.bean, stock: 300, weight: 3, value: 5 },
  { kind: PrizeKind.virtual, stock: 40, weight: 1, perUserCap: 2 },
];
/** Answers a healthy server may give a participant here: done, no chance left, too few coins. */
const NORMAL = [ResultCode.success, ResultCode.noDraws, ResultCode.insufficientCoins] as number[];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** PG_FAULTS_VERBOSE=1 prints what each scenario saw (answers by phase, timings), also when it passes. */
const verbose = (what: string) => {
  if (process.env.PG_FAULTS_VERBOSE) console.log(what);
};

interface Server {
  name: string;
  base: string;
  child: ChildProcess;
  alive(): boolean;
  output(): string;
}

interface Answer {
  kind: 'draw' | 'exchange';
  server: string;
  userId: number;
  requestId: string;
  phase: string;
  status: number;
  code: number | null;
  result: unknown;
  ms: number;
  /** Transport failure (refused, reset, client timeout): no HTTP answer at all. */
  error: string | null;
}

interface Participant {
  id: number;
  cookie: string;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });

const describePg = describe.skipIf(!ENGINES.includes('postgres'));

describePg('PostgreSQL faults never take an instance down', () => {
  let t: TestDb;
  let proxy: TcpProxy;
  let admin: pg.Client;
  let dbName: string;
  let proxiedUrl: string;
  const servers: Server[] = [];

  beforeAll(async () => {
    t = await createTestDb('postgres');
    const u = new URL(t.url);
    dbName = decodeURIComponent(u.pathname.slice(1));
    if (!['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname)) throw new Error(`PostgreSQL must be on loopback, not ${u.hostname}`);
    proxy = await startTcpProxy({
      host: u.hostname === 'localhost' ? '127.0.0.1' : u.hostname.replace(/^\[|\]$/g, ''),
      port: Number(u.port || 5432),
    });
    const p = new URL(t.url);
    p.hostname = '127.0.0.1';
    p.port = String(proxy.port);
    proxiedUrl = p.toString();
    // The fault injector connects straight to PostgreSQL (the admin database), never through the proxy.
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    admin.on('error', () => {});
    await admin.connect();
  });

  afterEach(() => {
    proxy?.restore();
  });

  afterAll(async () => {
    await Promise.all(servers.splice(0).map(stopServer));
    await admin?.end().catch(() => {});
    await proxy?.close();
    await t?.drop();
  });

  async function startServer(name: string): Promise<Server> {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: proxiedUrl,
        DATABASE_POOL_SIZE: '10',
        LOG_LEVEL: 'warn',
        DRAIN_SECONDS: '0',
        SHUTDOWN_TIMEOUT_MS: '1000',
        SEED_DEMO_DATA: '0',
        // Every call of the load comes from 127.0.0.1: per-address limits would refuse most of them.
        RATE_LIMIT_ALLOWLIST: '127.0.0.1',
        // Both instances sign with the same key without racing to create one.
        AUTH_SECRET: 'pg-faults-test-secret-0123456789abcdef',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const keep = (d: Buffer) => {
      out = (out + d.toString()).slice(-20_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const s: Server = {
      name,
      base: `http://127.0.0.1:${port}`,
      child,
      alive: () => child.exitCode === null && child.signalCode === null,
      output: () => out,
    };
    servers.push(s);
    return s;
  }

  async function stopServer(s: Server) {
    if (!s.alive()) return;
    const exited = new Promise((r) => s.child.once('exit', r));
    s.child.kill('SIGKILL');
    await Promise.race([exited, sleep(3_000)]);
  }

  async function health(s: Server, timeoutMs = 3_000): Promise<number> {
    try {
      const res = await fetch(`${s.base}/healthz`, { signal: AbortSignal.timeout(timeoutMs) });
      await res.arrayBuffer();
      return res.status;
    } catch {
      return 0;
    }
  }

  /** Polls /healthz every 100 ms until it answers `status`; the time it took, or null. */
  async function untilHealth(s: Server, status: number, withinMs: number, from = performance.now()): Promise<number | null> {
    while (performance.now() - from < withinMs) {
      if ((await health(s, 1_000)) === status) return performance.now() - from;
      if (!s.alive()) return null;
      await sleep(100);
    }
    return null;
  }

  /**
   * The two instances, started once for the file (a start takes seconds): a scenario reuses them
   * when they are alive, and starts a new one in place of one that died in an earlier scenario.
   */
  const instances: Server[] = [];
  async function ensurePair(): Promise<Server[]> {
    for (const [i, name] of ['A', 'B'].entries()) {
      const s = instances[i];
      if (!s?.alive()) instances[i] = await startServer(s ? `${name} (restarted)` : name);
    }
    const started = await Promise.all(instances.map((s) => untilHealth(s, 200, 30_000)));
    for (const [i, s] of instances.entries()) expect(started[i], `instance ${s.name} did not start:\n${s.output()}`).not.toBeNull();
    return [...instances];
  }

  /** Participants with sessions, chances of the campaign and coins, written straight to the database. */
  async function seed(label: string) {
    const k = t.db.kysely;
    const { campaignId, prizeIds } = await makeCampaign(k, {
      noWinWeight: 4,
      settings: { dailyChances: 0, premiumDailyChances: 0, campaignChances: 0, exchangeCost: EXCHANGE_COST },
      prizes: PRIZES,
    });
    const now = Date.now();
    // Users and their sessions (the token's SHA-256 is what the database keeps), as a sign-in leaves them.
    const users = await k
      .insertInto('users')
      .values(Array.from({ length: USERS }, (_, i) => ({ nickname: `${label} ${i}`, created_at: now, updated_at: now })))
      .returning('id')
      .execute();
    const ids = users.map((u) => u.id);
    const tokens = ids.map(() => crypto.randomBytes(32).toString('base64url'));
    await k
      .insertInto('sessions')
      .values(
        ids.map((id, i) => ({
          user_id: id,
          token_hash: tokenHash(tokens[i] as string),
          created_at: now,
          expires_at: now + 86_400_000,
          last_used_at: now,
          user_agent: 'pg-faults test',
          ip: '127.0.0.1',
        })),
      )
      .execute();
    const people: Participant[] = ids.map((id, i) => ({ id, cookie: `token=${tokens[i]}; userId=${id}` }));
    await k
      .insertInto('lottery_chance_grants')
      .values(
        ids.map((id) => ({
          campaign_id: campaignId,
          user_id: id,
          amount: CHANCES,
          reason: 'admin',
          business_key: 'seed',
          created_at: now,
        })),
      )
      .execute();
    await k
      .insertInto('lottery_chance_balances')
      .values(ids.map((id) => ({ campaign_id: campaignId, user_id: id, remaining: CHANCES })))
      .execute();
    await k
      .insertInto('coin_ledger')
      .values(ids.map((id) => ({ user_id: id, delta: COINS, reason: 'admin', business_key: `seed:${label}:${id}`, created_at: now })))
      .execute();
    await k
      .insertInto('coin_balances')
      .values(ids.map((id) => ({ user_id: id, balance: COINS })))
      .execute();
    return { campaignId, prizeIds, people };
  }

  async function call(
    s: Server,
    kind: Answer['kind'],
    p: Participant,
    campaignId: number,
    phase: string,
    timeoutMs = CLIENT_TIMEOUT_MS,
  ): Promise<Answer> {
    const requestId = crypto.randomUUID();
    const path = kind === 'draw' ? 'lottery' : 'exchangeLotteryTimes';
    const started = performance.now();
    const a: Answer = { kind, server: s.name, userId: p.id, requestId, phase, status: 0, code: null, result: null, ms: 0, error: null };
    try {
      const res = await fetch(`${s.base}${L}/${path}?lotteryId=${campaignId}`, {
        headers: { __cxy_app_id_: 'creality_model', __cxy_requestid_: requestId, cookie: p.cookie },
        signal: AbortSignal.timeout(timeoutMs),
      });
      a.status = res.status;
      const text = await res.text();
      try {
        const body = JSON.parse(text) as { code?: number; result?: unknown };
        a.code = typeof body.code === 'number' ? body.code : null;
        a.result = body.result ?? null;
      } catch {
        a.result = text.slice(0, 200);
      }
    } catch (err) {
      const e = err as Error & { cause?: { code?: string; message?: string } };
      a.error = e.name === 'TimeoutError' ? 'client timeout' : (e.cause?.code ?? e.cause?.message ?? e.message);
    }
    a.ms = performance.now() - started;
    return a;
  }

  /*
   * A participant never has a draw and an exchange in flight together: a draw that wins coins
   * locks the chance balance, then the coin balance; an exchange locks them the other way round,
   * so the two deadlock (40P01) with no fault injected. Deadlocks are not what these tests are
   * about: the load and the rounds avoid them (the same participant's draws, or exchanges, wait
   * for each other on one row instead).
   */

  /** Concurrent participants on both instances, 4 draws for each exchange, until stopped (bounded in count). */
  function startLoad(pair: Server[], people: Participant[], campaignId: number, workers: number, log: Answer[], phase: { now: string }) {
    let stopping = false;
    // Each worker has participants of its own, one call at a time: one call in flight per participant.
    const worker = async (w: number) => {
      const mine = people.filter((_, i) => i % workers === w);
      for (let i = 0; !stopping && mine.length > 0 && i < 3_000; i++) {
        const p = mine[i % mine.length] as Participant;
        const s = pair[(w + i) % pair.length] as Server;
        const a = await call(s, i % 5 === 4 ? 'exchange' : 'draw', p, campaignId, phase.now);
        log.push(a);
        // A crashed instance refuses at once: do not spin.
        if (a.error) await sleep(50);
      }
    };
    const done = Promise.all(Array.from({ length: workers }, (_, w) => worker(w)));
    return async () => {
      stopping = true;
      await done;
    };
  }

  /** A round of calls, every participant at once on both instances: half of them draw twice, half buy two chances. */
  async function round(pair: Server[], people: Participant[], campaignId: number, phase: string): Promise<Answer[]> {
    return Promise.all(people.flatMap((p, i) => pair.map((s) => call(s, i % 2 === 0 ? 'draw' : 'exchange', p, campaignId, phase))));
  }

  const summary = (answers: Answer[]) => {
    const by = new Map<string, number>();
    for (const a of answers) {
      const key = a.error
        ? `${a.phase} ${a.kind} ${a.server}: ${a.error}`
        : `${a.phase} ${a.kind} ${a.server}: HTTP ${a.status} code ${a.code}`;
      by.set(key, (by.get(key) ?? 0) + 1);
    }
    return [...by.entries()]
      .sort()
      .map(([k, n]) => `${n} × ${k}`)
      .join('\n');
  };

  const exitReport = (pair: Server[]) =>
    pair
      .map(
        (s) =>
          `instance ${s.name}: ${s.alive() ? 'alive' : `exited (code ${s.child.exitCode}, signal ${s.child.signalCode})`}\n${s.output().slice(-4_000)}`,
      )
      .join('\n---\n');

  /**
   * Answers during a fault: a normal one, the network-error envelope (2002) or 503; never a
   * crash, a reset connection, a hang or another server error.
   */
  const unavailable = (a: Answer) => a.error === null && (a.code === ResultCode.networkError || a.status === 503);
  const faultTolerable = (a: Answer) =>
    unavailable(a) || (a.error === null && a.status === 200 && a.code !== null && NORMAL.includes(a.code));

  /** What was acknowledged is in the database, and the ledgers add up exactly. */
  async function checkLedgers(campaignId: number, prizeIds: number[], people: Participant[], answers: Answer[]) {
    const k = t.db.kysely;
    const ids = people.map((p) => p.id);
    const grants = await k
      .selectFrom('lottery_chance_grants')
      .select(['user_id', 'reason', 'business_key', 'amount'])
      .where('campaign_id', '=', campaignId)
      .execute();
    const balances = await k
      .selectFrom('lottery_chance_balances')
      .select(['user_id', 'remaining', 'draws'])
      .where('campaign_id', '=', campaignId)
      .execute();
    const draws = await k
      .selectFrom('lottery_draws')
      .select(['id', 'user_id', 'request_id', 'prize_id'])
      .where('campaign_id', '=', campaignId)
      .execute();
    const wins = await k.selectFrom('lottery_wins').select(['draw_id', 'prize_id']).where('campaign_id', '=', campaignId).execute();
    const prizes = await k.selectFrom('lottery_prizes').select(['id', 'stock']).where('campaign_id', '=', campaignId).execute();
    const ledger = await k.selectFrom('coin_ledger').select(['user_id', 'delta', 'business_key']).where('user_id', 'in', ids).execute();
    const coins = await k.selectFrom('coin_balances').select(['user_id', 'balance']).where('user_id', 'in', ids).execute();

    // Chances: every chance spent is exactly one recorded draw; none below zero.
    const problems: string[] = [];
    for (const id of ids) {
      const granted = grants.filter((g) => g.user_id === id).reduce((n, g) => n + g.amount, 0);
      const b = balances.find((x) => x.user_id === id);
      const made = draws.filter((d) => d.user_id === id).length;
      if (!b) problems.push(`user ${id}: no balance`);
      else {
        if (b.remaining < 0) problems.push(`user ${id}: ${b.remaining} chances`);
        if (granted - b.remaining !== made) problems.push(`user ${id}: granted ${granted} − remaining ${b.remaining} ≠ ${made} draws`);
        if (b.draws !== made) problems.push(`user ${id}: balance counts ${b.draws} draws, ${made} recorded`);
      }
      // An exchange debits coins and grants a chance together.
      const paid = ledger.filter((l) => l.user_id === id && l.business_key.startsWith('exchange:'));
      const bought = grants.filter((g) => g.user_id === id && g.reason === 'exchange');
      if (paid.length !== bought.length) problems.push(`user ${id}: ${paid.length} exchanges paid, ${bought.length} chances bought`);
      if (paid.some((l) => l.delta !== -EXCHANGE_COST)) problems.push(`user ${id}: an exchange did not cost ${EXCHANGE_COST}`);
      // Coins: the balance is the sum of the ledger, never negative.
      const sum = ledger.filter((l) => l.user_id === id).reduce((n, l) => n + l.delta, 0);
      const balance = coins.find((c) => c.user_id === id)?.balance ?? 0;
      if (balance !== sum) problems.push(`user ${id}: coin balance ${balance} ≠ ledger sum ${sum}`);
      if (balance < 0) problems.push(`user ${id}: coin balance ${balance}`);
    }
    // One request, at most one draw.
    const seen = new Set<string>();
    for (const d of draws) {
      const key = `${d.user_id}:${d.request_id}`;
      if (seen.has(key)) problems.push(`request ${d.request_id} of user ${d.user_id} drew twice`);
      seen.add(key);
    }
    // Acknowledged means committed.
    for (const a of answers.filter((x) => x.status === 200 && x.code === ResultCode.success)) {
      if (a.kind === 'draw' && !seen.has(`${a.userId}:${a.requestId}`))
        problems.push(`draw ${a.requestId} (${a.phase}, instance ${a.server}) was answered 0 but is not in lottery_draws`);
      if (a.kind === 'exchange' && !ledger.some((l) => l.user_id === a.userId && l.business_key === `exchange:${a.userId}:${a.requestId}`))
        problems.push(`exchange ${a.requestId} (${a.phase}, instance ${a.server}) was answered 0 but is not in coin_ledger`);
    }
    // Prizes: stock never negative, never more wins than there was stock, each unit taken is one win.
    for (const [i, id] of prizeIds.entries()) {
      const initial = (PRIZES[i] as { stock: number }).stock;
      const stock = prizes.find((p) => p.id === id)?.stock ?? Number.NaN;
      const won = wins.filter((w) => w.prize_id === id).length;
      if (stock < 0) problems.push(`prize ${id}: stock ${stock}`);
      if (won > initial) problems.push(`prize ${id}: ${won} wins of a stock of ${initial}`);
      if (stock + won !== initial) problems.push(`prize ${id}: stock ${stock} + ${won} wins ≠ ${initial}`);
    }
    const winningDraws = draws.filter((d) => d.prize_id !== null).length;
    if (wins.length !== winningDraws) problems.push(`${wins.length} wins for ${winningDraws} winning draws`);
    expect(problems.slice(0, 30), `ledger problems (${problems.length})`).toEqual([]);
    return { draws: draws.length, wins: wins.length, exchanges: ledger.filter((l) => l.business_key.startsWith('exchange:')).length };
  }

  it('a. two instances under load survive pg_terminate_backend; ledgers stay exact', { timeout: 40_000 }, async () => {
    const { campaignId, prizeIds, people } = await seed('Terminate');
    const pair = await ensurePair();
    const answers: Answer[] = [];
    const phase = { now: 'before' };
    const stopLoad = startLoad(pair, people, campaignId, 24, answers, phase);
    await sleep(1_000);

    // Kill the product's backends (both instances' pools, and this test's own idle ones) six times over 3 s.
    phase.now = 'faults';
    let terminated = 0;
    for (let i = 0; i < 6; i++) {
      const instancesBackends = proxy.upstreamPorts();
      const r = await admin.query<{ client_port: number | null; killed: boolean }>(
        'select client_port, pg_terminate_backend(pid) as killed from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [dbName],
      );
      terminated += r.rows.filter((x) => x.killed && x.client_port !== null && instancesBackends.has(x.client_port)).length;
      await sleep(500);
    }
    phase.now = 'after faults';
    await sleep(2_500);
    await stopLoad();

    expect(terminated, 'pg_terminate_backend found no backend of the instances (through the proxy) to kill').toBeGreaterThan(0);
    expect(
      pair.map((s) => s.alive()),
      `an instance died under pg_terminate_backend:\n${exitReport(pair)}\n\nanswers:\n${summary(answers)}`,
    ).toEqual([true, true]);
    const drawn = answers.filter((a) => a.kind === 'draw' && a.status === 200 && a.code === 0).length;
    expect(drawn, `the load drew nothing:\n${summary(answers)}`).toBeGreaterThan(0);
    // No hang, no reset connection, no 500 while the backends were being killed.
    expect(
      answers.filter((a) => !faultTolerable(a)).map((a) => `${a.phase} ${a.kind}: ${a.error ?? `HTTP ${a.status} code ${a.code}`}`),
    ).toEqual([]);

    // Recovery: both healthy, then a fresh round answers normally everywhere (no 5xx, no 2002).
    for (const s of pair) expect(await untilHealth(s, 200, 5_000), `instance ${s.name} did not recover`).not.toBeNull();
    const after = await round(pair, people, campaignId, 'recovered');
    answers.push(...after);
    expect(
      after.filter((a) => a.error !== null || a.status >= 500 || a.code === null || !NORMAL.includes(a.code)),
      `after recovery:\n${summary(after)}\n\n${exitReport(pair)}`,
    ).toEqual([]);
    expect(after.filter((a) => a.code === 0).length).toBeGreaterThan(after.length / 2);

    const totals = await checkLedgers(campaignId, prizeIds, people, answers);
    verbose(`a. ${terminated} backends of the instances terminated\n${summary(answers)}\nledgers: ${JSON.stringify(totals)}`);
    expect(totals.draws).toBeGreaterThan(0);
    expect(pair.every((s) => s.alive())).toBe(true);
  });

  it('b. a database outage: /healthz 503 and quick 2002/503 answers, then 200 within 2 s of its return', { timeout: 30_000 }, async () => {
    const { campaignId, prizeIds, people } = await seed('Outage');
    const pair = await ensurePair();
    const answers: Answer[] = [];
    const phase = { now: 'before' };
    const stopLoad = startLoad(pair, people, campaignId, 12, answers, phase);
    await sleep(1_000);

    // The database becomes unreachable under load: every connection cut, new ones closed at once.
    phase.now = 'cut';
    const cutAt = performance.now();
    proxy.cut();
    const down = await Promise.all(pair.map((s) => untilHealth(s, 503, 6_000, cutAt)));
    await stopLoad();
    expect(
      pair.map((s) => s.alive()),
      `an instance died when the database became unreachable:\n${exitReport(pair)}\n\nanswers:\n${summary(answers)}`,
    ).toEqual([true, true]);
    expect(
      down.map((ms) => ms !== null),
      `/healthz did not say 503 within 6 s (ms: ${down.join(', ')})`,
    ).toEqual([true, true]);

    // While it is down: every call answers, before the client's timeout, with 2002 or 503.
    const during = await round(pair, people.slice(0, 12), campaignId, 'outage');
    answers.push(...during);
    expect(
      pair.map((s) => s.alive()),
      exitReport(pair),
    ).toEqual([true, true]);
    expect(
      during.filter((a) => !unavailable(a)),
      `during the outage:\n${summary(during)}\n\n${exitReport(pair)}`,
    ).toEqual([]);
    expect(Math.max(...during.map((a) => a.ms))).toBeLessThan(CLIENT_TIMEOUT_MS);
    // Calls cut under load also answered, never hung or crashed.
    expect(
      answers.filter((a) => !faultTolerable(a)).map((a) => `${a.phase} ${a.kind}: ${a.error ?? `HTTP ${a.status} code ${a.code}`}`),
    ).toEqual([]);
    for (const s of pair) expect(await health(s)).toBe(503);

    // It comes back: /healthz is 200 within 2 s on both, then calls succeed again.
    const restoredAt = performance.now();
    proxy.restore();
    const up = await Promise.all(pair.map((s) => untilHealth(s, 200, 5_000, restoredAt)));
    expect(
      up.map((ms) => ms !== null && ms <= 2_000),
      `/healthz 200 after the database returned, ms: ${up.join(', ')}`,
    ).toEqual([true, true]);
    const after = await round(pair, people, campaignId, 'restored');
    answers.push(...after);
    expect(
      after.filter((a) => a.error !== null || a.status >= 500 || a.code === null || !NORMAL.includes(a.code)),
      `after the database returned:\n${summary(after)}\n\n${exitReport(pair)}`,
    ).toEqual([]);
    expect(after.filter((a) => a.code === 0).length).toBeGreaterThan(after.length / 2);

    const totals = await checkLedgers(campaignId, prizeIds, people, answers);
    verbose(
      `b. /healthz 503 after ${down.map((ms) => Math.round(ms ?? -1)).join(', ')} ms, 200 after ${up.map((ms) => Math.round(ms ?? -1)).join(', ')} ms; slowest call during the outage ${Math.round(Math.max(...during.map((a) => a.ms)))} ms\n${summary(answers)}\nledgers: ${JSON.stringify(totals)}`,
    );
    expect(pair.every((s) => s.alive())).toBe(true);
  });
});
