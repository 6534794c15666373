// Campaign benchmarks: gift-code redemption and daily check-in throughput at 100 connections, on
// SQLite and PostgreSQL, as ratios to a Fastify hello-world measured in the same run, each checked
// in the database afterwards (no code given twice, no day paid twice); and the referral job's run
// time over 100,000 pending invite coins.
//
// `npm run bench` runs it as its "Campaign families" section; `node bench/campaigns.mjs` runs it
// alone on the existing build/ (PostgreSQL as for bench/draws.mjs: BENCH_PG_URL, or 127.0.0.1:5432).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createUsers, DRAW_CONNECTIONS, envelopeLoad, openCheck, startBenchProduct, tsx, withFreshPostgres } from './draws.mjs';
import { round, table, verdict } from './format.mjs';
import { DURATION_S, WARMUP_S } from './load.mjs';
import { stopServer } from './servers.mjs';
import { measureHello, runStandalone } from './standalone.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const USERS = DRAW_CONNECTIONS;
/**
 * Each paying check-in needs its own (campaign, member, day): connection i checks member i in to
 * campaign 1, 2, 3… in turn, so CHECKIN_CAMPAIGNS × USERS check-ins can pay in one day.
 */
const CHECKIN_CAMPAIGNS = 500;
/** Codes for warm-up and measured run together (each request takes the next one). */
const GIFT_CODES = 80_000;
const PENDING_COINS = 100_000;

// The campaigns and codes, made with the product's own admin code in one process (an operator
// command per campaign would take minutes). Prints { checkins: [ids], codes: [..] }.
const SETUP_SCRIPT = `
import { openCliDatabase } from './scripts/cli-database.ts';
import { ZCampaignInput } from './src/shared/api/lottery-admin.ts';
import { insertCampaign } from './src/server/campaigns/admin.ts';
import { generateCodes } from './src/server/giftpack/service.ts';
const { db } = await openCliDatabase();
const now = Date.now();
const t = (s) => ({ en: s, 'zh-CN': s, 'zh-TW': s, fr: s });
const base = { title: t('Bench'), rules: t('Bench'), startsAt: now - 60_000, endsAt: now + 86_400_000 };
const checkins = [];
await db.kysely.transaction().execute(async (trx) => {
  for (let i = 0; i < Number(process.env.BENCH_CHECKINS); i++)
    checkins.push(await insertCampaign(trx, ZCampaignInput.parse({ ...base, kind: 'checkin' }), now));
});
const gift = await db.kysely.transaction().execute((trx) =>
  insertCampaign(trx, ZCampaignInput.parse({ ...base, kind: 'giftcode', prizes: [{ kind: 3, name: t('10 Cuvacoins'), stock: 0, weight: 1, value: 10 }] }), now),
);
const prize = await db.kysely.selectFrom('lottery_prizes').select('id').where('campaign_id', '=', gift).executeTakeFirstOrThrow();
const codes = [];
for (let left = Number(process.env.BENCH_CODES); left > 0; left -= 10_000) {
  const batch = await generateCodes(db, { campaignId: gift, prizeId: prize.id, count: Math.min(left, 10_000), expiresAt: now + 86_400_000 });
  codes.push(...batch.codes);
}
await db.close();
console.log(JSON.stringify({ checkins, gift, codes }));
`;

// The referral job over PENDING_COINS invites whose friends all reached the level: rows written
// in bulk, then advanceReferrals timed (every coin released), then a second run (nothing to move).
const JOB_SCRIPT = `
import { openCliDatabase } from './scripts/cli-database.ts';
import { ZCampaignInput } from './src/shared/api/lottery-admin.ts';
import { insertCampaign } from './src/server/campaigns/admin.ts';
import { advanceReferrals } from './src/server/invite/referrals.ts';
const n = Number(process.env.BENCH_PENDING);
const { db } = await openCliDatabase();
const k = db.kysely;
const now = Date.now();
const t = (s) => ({ en: s, 'zh-CN': s, 'zh-TW': s, fr: s });
const setupStart = performance.now();
const campaign = await k.transaction().execute((trx) =>
  insertCampaign(trx, ZCampaignInput.parse({ kind: 'invite', title: t('Job bench'), rules: t('Job bench'), startsAt: now - 60_000, endsAt: now + 86_400_000, settings: { releaseLevel: 2 } }), now),
);
const referrer = (await k.insertInto('users').values({ nickname: 'Referrer', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
await k.transaction().execute(async (trx) => {
  for (let i = 0; i < n; i += 500) {
    const size = Math.min(500, n - i);
    const friends = await trx.insertInto('users')
      .values(Array.from({ length: size }, (_, j) => ({ nickname: 'Friend ' + (i + j), level: 2, created_at: now, updated_at: now })))
      .returning('id').execute();
    const invites = await trx.insertInto('lottery_invites')
      .values(friends.map((f, j) => ({ campaign_id: campaign, inviter_id: referrer, invitee_id: f.id, device_id: 'bench-' + (i + j), chances_granted: 0, coin_state: 'pending', coins: 100, created_at: now })))
      .returning('id').execute();
    await trx.insertInto('referral_events').values(invites.map((v) => ({ invite_id: v.id, state: 'pending', created_at: now }))).execute();
  }
});
const setupMs = performance.now() - setupStart;
let start = performance.now();
const first = await advanceReferrals(db);
const firstMs = performance.now() - start;
start = performance.now();
const second = await advanceReferrals(db);
const secondMs = performance.now() - start;
const released = await k.selectFrom('referral_events').select((eb) => eb.fn.countAll().as('n')).where('state', '=', 'released').executeTakeFirstOrThrow();
const pending = await k.selectFrom('lottery_invites').select((eb) => eb.fn.countAll().as('n')).where('coin_state', '=', 'pending').executeTakeFirstOrThrow();
await db.close();
console.log(JSON.stringify({ setupMs, first, firstMs, second, secondMs, releasedEvents: Number(released.n), stillPending: Number(pending.n) }));
`;

const lastJson = (out) => JSON.parse(out.trim().split('\n').pop());

/** Codes given once each: redeemed codes = wins of the gift campaign = coins credited for them. */
async function verifyCodes(engine, databaseUrl, giftId) {
  const db = await openCheck(engine, databaseUrl);
  try {
    const [c] = await db.all(`select count(*) as n from gift_codes where campaign_id = ${giftId} and redeemed_by is not null`);
    const [w] = await db.all(`select count(*) as n from lottery_wins where campaign_id = ${giftId}`);
    const [d] = await db.all(`select count(distinct win_id) as n from gift_codes where campaign_id = ${giftId} and win_id is not null`);
    const [p] = await db.all(`select stock from lottery_prizes where campaign_id = ${giftId}`);
    const redeemed = Number(c.n);
    const problems = [
      ...(Number(w.n) !== redeemed ? [`${redeemed} codes redeemed but ${w.n} wins`] : []),
      ...(Number(d.n) !== redeemed ? [`${redeemed} codes redeemed but ${d.n} distinct wins`] : []),
      ...(Number(p.stock) !== GIFT_CODES - redeemed ? [`prize stock ${p.stock} ≠ ${GIFT_CODES} − ${redeemed}`] : []),
    ];
    return { redeemed, problems };
  } finally {
    await db.close();
  }
}

/** Days paid once each: check-in rows = their coin ledger rows, and no member has two rows for a day. */
async function verifyCheckins(engine, databaseUrl) {
  const db = await openCheck(engine, databaseUrl);
  try {
    const [rows] = await db.all('select count(*) as n from checkins');
    const [paid] = await db.all("select count(*) as n from coin_ledger where reason = 'checkin'");
    const [dups] = await db.all(
      'select count(*) as n from (select campaign_id, user_id, day from checkins group by campaign_id, user_id, day having count(*) > 1) d',
    );
    const problems = [
      ...(Number(paid.n) !== Number(rows.n) ? [`${rows.n} check-ins but ${paid.n} coin credits`] : []),
      ...(Number(dups.n) ? [`${dups.n} days checked in twice`] : []),
    ];
    return { checkins: Number(rows.n), problems };
  } finally {
    await db.close();
  }
}

/** One engine: setup, its product server, redemption then check-in load, checks, the job. */
async function runEngine({ engine, databaseUrl, cwd, log }) {
  const t0 = Date.now();
  const users = createUsers(databaseUrl, USERS);
  const setup = lastJson(
    tsx(['--input-type=module', '-e', SETUP_SCRIPT], databaseUrl, {
      BENCH_CHECKINS: String(CHECKIN_CAMPAIGNS),
      BENCH_CODES: String(GIFT_CODES),
    }),
  );
  log(
    `  ${engine}: ${users.length} users, ${setup.checkins.length} check-in campaigns, ${setup.codes.length} gift codes in ${Date.now() - t0} ms`,
  );
  const product = await startBenchProduct({ engine, databaseUrl, cwd });
  const out = { engine };
  try {
    let nextCode = 0;
    const redeem = (duration) =>
      envelopeLoad({
        url: `${product.url}/api/cxy/v2/giftpack/redeem`,
        users,
        duration,
        method: 'POST',
        each: (seq) => ({ user: seq % users.length, body: { code: setup.codes[nextCode++ % setup.codes.length] } }),
      });
    // Every request a new (member, campaign) pair, so every check-in can pay: request n checks
    // member n mod 100 in to campaign n div 100 (the warm-up's pairs are not used again).
    let nextPair = 0;
    const checkin = (duration) =>
      envelopeLoad({
        url: `${product.url}/api/cxy/v2/checkin/checkIn`,
        users,
        duration,
        method: 'POST',
        each: () => {
          const pair = nextPair++;
          return {
            user: pair % users.length,
            body: { activityId: setup.checkins[Math.floor(pair / users.length) % setup.checkins.length], timeZone: 'UTC' },
          };
        },
      });
    await redeem(WARMUP_S);
    out.redeem = await redeem(DURATION_S);
    await checkin(WARMUP_S);
    out.checkin = await checkin(DURATION_S);
    if (product.exit) throw new Error(`product (${engine}) exited during the run: ${JSON.stringify(product.exit)}`);
  } finally {
    out.shutdown = await stopServer(product, 10_000);
  }
  out.codesUsedOfSupply = `${Math.min(GIFT_CODES, out.redeem.total)} of ${GIFT_CODES}`;
  out.checks = { codes: await verifyCodes(engine, databaseUrl, setup.gift), checkins: await verifyCheckins(engine, databaseUrl) };
  out.job = lastJson(tsx(['--input-type=module', '-e', JOB_SCRIPT], databaseUrl, { BENCH_PENDING: String(PENDING_COINS) }));
  return out;
}

/** What each engine's run must show; returns the failures (empty: PASS). */
function judge(r) {
  const out = [];
  for (const [what, run] of [
    ['code redemption', r.redeem],
    ['check-in', r.checkin],
  ]) {
    if (run.non2xx || run.errors || run.timeouts || run.status5xx)
      out.push(
        `${what} (${r.engine}): ${run.non2xx} non-2xx (${JSON.stringify(run.statuses)}), ${run.errors} errors, ${run.timeouts} timeouts`,
      );
    const other = run.answered - run.okAnswers;
    if (other) out.push(`${what} (${r.engine}): ${other} answers other than code 0: ${JSON.stringify(run.codes)}`);
  }
  for (const p of [...r.checks.codes.problems, ...r.checks.checkins.problems]) out.push(`${r.engine}: ${p}`);
  // Both runs should have paid on every answer: fewer rows means the pairs or codes ran out.
  if (r.checks.checkins.checkins < r.checkin.okAnswers)
    out.push(
      `check-in (${r.engine}): ${r.checkin.okAnswers} answers but only ${r.checks.checkins.checkins} paid days: raise CHECKIN_CAMPAIGNS`,
    );
  if (r.checks.codes.redeemed < r.redeem.okAnswers)
    out.push(
      `code redemption (${r.engine}): ${r.redeem.okAnswers} answers but only ${r.checks.codes.redeemed} codes used: raise GIFT_CODES`,
    );
  if (r.job.first.released !== PENDING_COINS || r.job.stillPending !== 0 || r.job.releasedEvents !== PENDING_COINS)
    out.push(`referral job (${r.engine}): released ${r.job.first.released} of ${PENDING_COINS}, ${r.job.stillPending} still pending`);
  if (r.job.second.released !== 0) out.push(`referral job (${r.engine}): a second run moved ${r.job.second.released} again`);
  return out;
}

/** The whole measurement; `hello` as for raffleDraws (a running hello-world, or one is started here). */
export async function campaignFamilies({ cwd = ROOT, hello, log = console.log } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cxy-campaigns-'));
  const out = { connections: DRAW_CONNECTIONS, durationS: DURATION_S, pendingCoins: PENDING_COINS, engines: [], failures: [] };
  try {
    out.hello = await measureHello(hello, DRAW_CONNECTIONS, log);
    out.engines.push(await runEngine({ engine: 'sqlite', databaseUrl: `file:${dir}/campaigns.sqlite`, cwd, log }));
    out.engines.push(await withFreshPostgres(log, (databaseUrl) => runEngine({ engine: 'postgres', databaseUrl, cwd, log })));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const base = out.hello.rps;
  const ran = out.engines.filter((r) => !r.skipped);
  for (const r of ran) {
    r.failures = judge(r);
    out.failures.push(...r.failures);
  }
  log(
    table([
      ['engine', 'call', 'ok/s', 'p50 ms', 'p99 ms', 'vs hello', 'checked in DB', 'verdict'],
      ['hello-world GET /', '', Math.round(base), out.hello.latencyP50, out.hello.latencyP99, '1.00 (base)', '', ''],
      ...ran.flatMap((r) => [
        [
          r.engine,
          'giftpack/redeem',
          Math.round(r.redeem.okPerSec),
          r.redeem.latencyP50,
          r.redeem.latencyP99,
          round(r.redeem.okPerSec / base, 3).toFixed(3),
          `${r.checks.codes.redeemed} codes, each once`,
          verdict(r.failures.length === 0),
        ],
        [
          r.engine,
          'checkin/checkIn',
          Math.round(r.checkin.okPerSec),
          r.checkin.latencyP50,
          r.checkin.latencyP99,
          round(r.checkin.okPerSec / base, 3).toFixed(3),
          `${r.checks.checkins.checkins} days, each paid once`,
          verdict(r.failures.length === 0),
        ],
      ]),
    ]),
  );
  log(
    table([
      ['engine', `referral job over ${PENDING_COINS} pending coins`, 'released', 'ms', 'second run ms', 'rows written in (setup) ms'],
      ...ran.map((r) => [
        r.engine,
        'advanceReferrals',
        r.job.first.released,
        Math.round(r.job.firstMs),
        Math.round(r.job.secondMs),
        Math.round(r.job.setupMs),
      ]),
    ]),
  );
  for (const r of out.engines) if (r.skipped) log(`  ${r.engine}: ${r.skipped}`);
  for (const r of ran) r.ratios = { redeem: r.redeem.okPerSec / base, checkin: r.checkin.okPerSec / base };
  return out;
}

// Alone: `node bench/campaigns.mjs` on the existing build/.
await runStandalone(import.meta.url, {
  title: `Campaign families (autocannon, ${DRAW_CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s)`,
  name: 'campaigns',
  measure: campaignFamilies,
  passed: 'all campaign checks met',
});
