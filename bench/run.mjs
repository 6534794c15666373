// `npm run bench`: a fresh start's time to ready; throughput and memory of the product server against a bare Fastify baseline; raffle
// draws, gift codes, check-ins and the referral job under load; JavaScript weight per route; and
// Lighthouse scores. A measurement, not a test: missed targets print FAIL but exit 0; only a
// benchmark that could not run exits non-zero.
import { execFileSync, execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { sourceStamp } from '../scripts/source-stamp.mjs';
import { campaignFamilies } from './campaigns.mjs';
import { DRAW_CONNECTIONS, DRAWS_TITLE, raffleDraws } from './draws.mjs';
import { kb, round, section, table, verdict } from './format.mjs';
import { freshStart } from './fresh-start.mjs';
import { GCODE_TARGETS, gcodeParsing, printGcode } from './gcode.mjs';
import { analyticsIngest } from './ingest.mjs';
import { jsPerRoute, lazyExtra } from './js-size.mjs';
import { audit, CATEGORIES } from './lighthouse.mjs';
import { CONNECTIONS, DURATION_S, measure, WARMUP_S } from './load.mjs';
import { freePort, rssKB, startServer, stopServer } from './servers.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BENCH_ACCOUNT = { account: 'bench@example.com', password: 'bench2026x' };

/** One sign-in to get a session token for the authenticated target. */
async function benchToken(base) {
  const res = await fetch(`${base}/api/cxy/account/v2/loginV2`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', __cxy_app_id_: 'creality_model' },
    body: JSON.stringify({ ...BENCH_ACCOUNT, type: 0 }),
  });
  const body = await res.json();
  if (body.code !== 0) throw new Error(`bench sign-in failed: ${JSON.stringify(body)}`);
  return body.result.token;
}

/** Milliseconds per argon2id hash with the product's parameters, in this process. */
function argon2Cost() {
  const out = execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      "import { hashPassword } from './src/server/accounts/password.ts'; await hashPassword('warm-up1'); const n = 10; const t = performance.now(); for (let i = 0; i < n; i++) await hashPassword('bench-pass' + i); console.log((performance.now() - t) / n);",
    ],
    { cwd: ROOT, encoding: 'utf8' },
  );
  return Number(out.trim());
}

const LANDING_BUDGET_KB = 120;
const LH_TARGETS = { performance: 95, accessibility: 95 };
const LH_PAGES = [
  '/',
  '/privacy-policy',
  '/creality-cloud/model-details/2',
  '/creality-cloud/slices-details/2',
  '/creality-cloud/share-content/2',
  '/activitys?activeId=1',
  '/wechat-pay/mall',
  '/wechat-pay/mall/product/1',
];
/** First-load JS of the share pages, 3D chunk excluded. */
const CONTENT_ROUTES = [
  'model-details',
  'slice-details',
  'post-details',
  'personal-center',
  'circle-details',
  'topic',
  'timelapse',
  'activitys',
];
/** The raffle's personal pages (fetching with the API client on load) and their budget. */
const RAFFLE_PERSONAL_ROUTES = ['my-prize', 'confirmation-prize', 'address', 'new-address', 'invitation-record', 'activitys-admin'];
const PERSONAL_BUDGET_KB = 130;
/** Campaign pages whose member part is an island fetching with the API client. */
const CAMPAIGN_ROUTES = [
  'check-in',
  'collection',
  'invite-friends',
  'invite-politely',
  'invite-politely-gift',
  'dragon-activities',
  'univer-register',
];
const CAMPAIGN_BUDGET_KB = 130;
/** Venue pages (one id per spec venue), the stall, scanning and the makers tools. */
const VENUE_ROUTES = [
  ...['cd16', 'tct', 'sz12', 'hx08'].flatMap((v) => [`venue-${v}`, `venue-${v}-wechat-dev`]),
  ...['cd16', 'tct', 'sz12'].flatMap((v) => [`venue-${v}-laboratory`, `venue-${v}-admin`]),
  'offline-stall',
  'scan-code',
  'scan-code-guide',
  'makers-tools',
];
const VENUE_BUDGET_KB = 130;
/** The WeChat mall's pages (the main base; the others load the same modules), with the campaigns' budget. */
const MALL_ROUTES = [...['list', 'product', 'cart', 'checkout', 'orders', 'order'].map((p) => `mall-${p}`), 'mall2-dev-list'];

const startedAt = new Date();
const results = {
  startedAt: startedAt.toISOString(),
  machine: { node: process.version, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model },
  fails: [],
};
const servers = [];
let snapshot; // temp dir: copy of build/ + the product's SQLite database
/** A server that died under load invalidates everything after it: stop with its exit status. */
const assertAlive = (...list) => {
  for (const s of list) if (s.exit) throw new Error(`${s.name} exited during the run: ${JSON.stringify(s.exit)}`);
};
const fail = (what) => {
  results.fails.push(what);
  console.log(`FAIL  ${what}`);
};

// Never leave a server behind, whatever happens.
process.on('exit', () => {
  for (const s of servers) if (!s.exit) s.child.kill('SIGKILL');
});

try {
  // 1. Build only when the sources changed, the same rule as `npm start`.
  section('Build');
  const stampFile = path.join(ROOT, 'build/.stamp');
  const stamp = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8') : '';
  const needsBuild =
    stamp !== sourceStamp(ROOT) ||
    !fs.existsSync(path.join(ROOT, 'build/app/main.js')) ||
    !fs.existsSync(path.join(ROOT, 'build/server/index.js'));
  if (needsBuild) {
    console.log('sources changed since the last build: npm run build');
    execSync('npm run build', { cwd: ROOT, stdio: 'inherit' });
  } else {
    console.log('build is up to date (build/.stamp matches the sources)');
  }
  results.build = { rebuilt: needsBuild };

  // Measure a private copy of the build: `npm start` or `npm run build` in another terminal
  // rewrites build/ in place, and a running server whose hashed assets vanish answers 404s that
  // Lighthouse would blame on the product. The copy finds packages through a node_modules link;
  // CXY_PROJECT_DIR points the server at the repository's documents and catalogues.
  snapshot = fs.mkdtempSync(path.join(os.tmpdir(), 'cxy-bench-'));
  fs.cpSync(path.join(ROOT, 'build'), path.join(snapshot, 'build'), { recursive: true });
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(snapshot, 'node_modules'), 'dir');
  results.build.stamp = fs.readFileSync(path.join(snapshot, 'build/.stamp'), 'utf8');

  // 6 (static, so done first). JavaScript a first visit of each route downloads.
  section('JS per route (first load: entry + root + route, each file once, gzip -9)');
  const js = await jsPerRoute(snapshot);
  console.log(`source: ${js.source}`);
  // Routes sharing one module weigh the same; one row per distinct size keeps the table short.
  const groups = new Map();
  for (const r of js.routes) {
    const key = `${r.gzip}|${r.files.length}`;
    if (!groups.has(key)) groups.set(key, { ...r, ids: [] });
    groups.get(key).ids.push(r.id);
  }
  console.log(
    table([
      ['route id(s)', 'files', 'KB gzip'],
      ...[...groups.values()]
        .sort((a, b) => b.gzip - a.gzip)
        .map((g) => [
          g.ids.length > 3 ? `${g.ids.slice(0, 3).join(', ')} +${g.ids.length - 3} more` : g.ids.join(', '),
          g.files.length,
          kb(g.gzip),
        ]),
    ]),
  );
  const landing = js.routes.find((r) => r.id === 'landing');
  if (!landing) throw new Error('no route with id "landing" in the manifest');
  const landingOk = kb(landing.gzip) <= LANDING_BUDGET_KB;
  console.log(`${verdict(landingOk)}  landing: ${kb(landing.gzip)} KB gzip (budget ${LANDING_BUDGET_KB} KB)`);
  if (!landingOk) results.fails.push(`landing JS ${kb(landing.gzip)} KB > ${LANDING_BUDGET_KB} KB`);
  /** First-load JS of routes against a budget: a line each, a FAIL past it. */
  const budgeted = (ids, budgetKB, note = '') => {
    const out = {};
    for (const id of ids) {
      const r = js.routes.find((x) => x.id === id);
      if (!r) throw new Error(`no route with id "${id}" in the manifest`);
      const ok = kb(r.gzip) <= budgetKB;
      out[id] = { gzipKB: kb(r.gzip), pass: ok };
      console.log(`${verdict(ok)}  ${id}: ${kb(r.gzip)} KB gzip first load (budget ${budgetKB} KB${note})`);
      if (!ok) results.fails.push(`${id} JS ${kb(r.gzip)} KB > ${budgetKB} KB`);
    }
    return out;
  };
  const content = budgeted(CONTENT_ROUTES, LANDING_BUDGET_KB, ', 3D chunk excluded');
  content.rafflePersonal = budgeted(RAFFLE_PERSONAL_ROUTES, PERSONAL_BUDGET_KB);
  content.campaigns = budgeted(CAMPAIGN_ROUTES, CAMPAIGN_BUDGET_KB);
  content.venues = budgeted(VENUE_ROUTES, VENUE_BUDGET_KB);
  content.mall = budgeted(MALL_ROUTES, CAMPAIGN_BUDGET_KB);
  // What the raffle page fetches after the first load: the wheel island (with lucky-canvas).
  const raffle = js.routes.find((x) => x.id === 'activitys');
  const raffleLoaded = new Set(raffle.files);
  const wheel = lazyExtra(snapshot, 'wheel-', raffleLoaded);
  for (const f of wheel.files) raffleLoaded.add(`/assets/${f}`);
  const lucky = lazyExtra(snapshot, 'lucky-canvas-', raffleLoaded);
  console.log(`raffle page: ${kb(raffle.gzip)} KB first load + ${kb(wheel.gzip + lucky.gzip)} KB wheel after hydration`);
  content.rafflePage = { firstLoadKB: kb(raffle.gzip), wheelKB: kb(wheel.gzip + lucky.gzip) };

  // What the model page fetches after the first load: its interactive islands right after
  // hydration, and the 3D viewer (three.js) only when the visitor asks for it.
  const model = js.routes.find((x) => x.id === 'model-details');
  const loaded = new Set(model.files);
  const islands = ['reactions-', 'comments-'].map((p) => lazyExtra(snapshot, p, loaded));
  for (const i of islands) for (const f of i.files) loaded.add(`/assets/${f}`);
  const islandsKB = kb(islands.reduce((sum, i) => sum + i.gzip, 0));
  const viewer = lazyExtra(snapshot, 'model-viewer-', loaded);
  console.log(
    `model page: ${kb(model.gzip)} KB first load + ${islandsKB} KB islands after hydration + ${kb(viewer.gzip)} KB when 3D opens`,
  );
  content.modelPage = {
    firstLoadKB: kb(model.gzip),
    islandsKB,
    viewer3dKB: kb(viewer.gzip),
    afterOpening3dKB: kb(model.gzip + viewer.gzip) + islandsKB,
  };
  // The analytics SDK loads when the browser is idle after the first paint (never in the
  // first-load JS above); chart.js only on the staff dashboard, once its figures are there.
  const sdk = lazyExtra(snapshot, 'sdk-', new Set(landing.files));
  const dashboard = js.routes.find((x) => x.id === 'admin-analytics');
  const charts = lazyExtra(snapshot, 'charts-', new Set(dashboard.files));
  console.log(
    `analytics: SDK ${kb(sdk.gzip)} KB after first paint on every page; dashboard ${kb(dashboard.gzip)} KB + ${kb(charts.gzip)} KB charts`,
  );
  content.analytics = { sdkKB: kb(sdk.gzip), dashboardFirstLoadKB: kb(dashboard.gzip), chartsKB: kb(charts.gzip) };
  results.js = { ...js, content };
  for (const c of js.css) console.log(`CSS   ${c.file}: ${kb(c.gzip)} KB gzip (${kb(c.raw)} KB raw)`);
  for (const r of [landing, model, raffle]) console.log(`CSS   ${r.id} page links ${r.cssFiles.length} sheets, ${kb(r.cssGzip)} KB gzip`);
  content.css = Object.fromEntries([landing, model, raffle].map((r) => [r.id, { files: r.cssFiles, gzipKB: kb(r.cssGzip) }]));
  results.js = { ...results.js, landing: { gzipKB: kb(landing.gzip), budgetKB: LANDING_BUDGET_KB, pass: landingOk } };

  // 2a. A newcomer's first start: new database, migrations, demo seeding, until /healthz answers.
  section('Fresh start (new SQLite file, demo seeding, to /healthz 200; median of 3)');
  results.freshStart = await freshStart({ cwd: snapshot });
  console.log(
    `${verdict(results.freshStart.pass)}  fresh start: median ${results.freshStart.medianMs} ms (runs ${results.freshStart.times.join(', ')} ms; target < ${results.freshStart.targetMs} ms); CPU used: median ${results.freshStart.medianCpuMs} ms`,
  );
  if (!results.freshStart.pass)
    results.fails.push(`fresh start ${results.freshStart.medianMs} ms (target < ${results.freshStart.targetMs} ms)`);

  // 2–3. The product and the baseline, each on its own free port. A bench account with a password
  // is created first with the operator command (the product refuses codes in production).
  section('Servers');
  const benchDb = `file:${snapshot}/bench.sqlite`;
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/admin.ts', 'user:create', '--email', BENCH_ACCOUNT.account, '--password', BENCH_ACCOUNT.password],
    {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: benchDb, LOG_LEVEL: 'silent' },
      stdio: 'ignore',
    },
  );
  const product = await startServer({
    name: 'product',
    script: 'build/app/main.js',
    cwd: snapshot,
    env: {
      NODE_ENV: 'production',
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: benchDb,
      CXY_PROJECT_DIR: ROOT,
      // The load comes from one address: let it past the per-address sign-in limits.
      RATE_LIMIT_ALLOWLIST: '127.0.0.1',
    },
    healthPath: '/healthz',
  });
  servers.push(product);
  const rssStart = rssKB(product.pid);
  const hello = await startServer({
    name: 'hello-world',
    script: 'bench/hello-world.mjs',
    cwd: ROOT,
    env: { PORT: String(await freePort()), HOST: '127.0.0.1' },
    healthPath: '/',
  });
  servers.push(hello);
  console.log(`product      ${product.url} (pid ${product.pid}), RSS after start ${round(rssStart / 1024)} MB`);
  console.log(`hello-world  ${hello.url} (pid ${hello.pid})`);

  // 4. Load, one target after the other.
  section(`HTTP load (autocannon, ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s each)`);
  const targets = [
    { name: 'hello-world GET /', url: `${hello.url}/` },
    // Anonymous visitors: served from the short page cache (one render per few seconds), brotli as browsers ask.
    {
      name: 'product GET / (SSR landing, anonymous)',
      url: `${product.url}/`,
      headers: { 'accept-language': 'en', 'accept-encoding': 'br' },
    },
    // A signed-in visitor: the same shared copy (the page's personal parts are fetched by the browser).
    {
      name: 'product GET / (SSR landing, signed in)',
      url: `${product.url}/`,
      headers: { 'accept-language': 'en', 'accept-encoding': 'br', cookie: 'token=bench-visitor; userId=1' },
    },
    // A shared model page (seeded demo model): anonymous, signed in, and rendered each time (a fresh
    // query per request would be needed to miss the cache; the account page is personal instead).
    {
      name: 'product GET model page (anonymous)',
      url: `${product.url}/creality-cloud/model-details/2`,
      headers: { 'accept-language': 'en', 'accept-encoding': 'br' },
    },
    {
      name: 'product GET model page (signed in)',
      url: `${product.url}/creality-cloud/model-details/2`,
      headers: { 'accept-language': 'en', 'accept-encoding': 'br', cookie: 'token=bench-visitor; userId=1' },
    },
    // A personal page: rendered for the visitor on every request, the cost of React Router SSR itself.
    {
      name: 'product GET /account (personal, rendered each time)',
      url: `${product.url}/account`,
      headers: { 'accept-language': 'en', 'accept-encoding': 'br', cookie: 'token=bench-visitor; userId=1' },
    },
    { name: 'product GET /healthz', url: `${product.url}/healthz` },
    // Every password sign-in verifies an argon2id hash (19 MiB, 2 passes): bound by that on purpose.
    {
      name: 'product POST loginV2 (password sign-in)',
      url: `${product.url}/api/cxy/account/v2/loginV2`,
      method: 'POST',
      headers: { 'content-type': 'application/json', __cxy_app_id_: 'creality_model' },
      body: JSON.stringify({ ...BENCH_ACCOUNT, type: 0 }),
    },
    // A signed-in call: session lookup by token hash, then the user's profile, identities and roles.
    {
      name: 'product GET account/v2/me (token-authenticated)',
      url: `${product.url}/api/cxy/account/v2/me`,
      headers: { __cxy_token_: await benchToken(product.url) },
    },
    { name: 'product GET /api/cxy/v2/system/context', url: `${product.url}/api/cxy/v2/system/context` },
    // "Load more" of a model's comments: a page of comments with their first replies and like counts.
    { name: 'product GET content/comments (model 2, page 1)', url: `${product.url}/api/cxy/v2/content/comments?kind=1&targetId=2` },
  ];
  const load = [];
  for (const t of targets) {
    process.stdout.write(`  ${t.name} … `);
    const r = await measure(t);
    assertAlive(product, hello);
    // RSS after each product target shows which kind of request grows the memory.
    const rss = t.url.startsWith(product.url) ? rssKB(product.pid) : null;
    console.log(`${Math.round(r.rps)} req/s`);
    load.push({ name: t.name, ...r, productRssAfterKB: rss });
  }
  const base = load[0].rps;
  console.log(
    table([
      ['target', 'req/s', 'vs hello', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', 'RSS after MB'],
      ...load.map((r, i) => [
        r.name,
        Math.round(r.rps),
        i === 0 ? '1.00 (base)' : round(r.rps / base, 3).toFixed(3),
        r.latencyP50,
        r.latencyP99,
        r.non2xx,
        r.errors,
        r.productRssAfterKB === null ? '' : round(r.productRssAfterKB / 1024),
      ]),
    ]),
  );
  for (const r of load)
    if (r.non2xx || r.errors)
      console.log(`WARN  ${r.name}: ${r.non2xx} non-2xx, ${r.errors} errors (status codes ${JSON.stringify(r.statusCodes)})`);
  results.load = load.map((r) => ({ ...r, ratioToHello: r.rps / base }));
  // Signed-in visitors are most of a campaign's traffic: their share pages come from the cache too.
  const rpsOf = (name) => load.find((r) => r.name === name)?.rps ?? 0;
  const signedInRatio = rpsOf('product GET model page (signed in)') / rpsOf('product GET model page (anonymous)');
  console.log(`signed-in / anonymous model page: ${round(signedInRatio, 2)} (goal ≥ 0.5)`);
  if (!(signedInRatio >= 0.5)) fail(`signed-in model page at ${round(signedInRatio, 2)} of the anonymous rate (goal ≥ 0.5)`);

  // 5a. Memory right after the load, before anything else touches the server.
  const rssAfter = rssKB(product.pid);
  const rssHighest = Math.max(rssAfter, ...load.map((r) => r.productRssAfterKB ?? 0));
  section('Password hashing (argon2id, the product parameters)');
  const argon2Ms = argon2Cost();
  console.log(`argon2id: ${round(argon2Ms)} ms per hash (19 MiB, 2 passes, 1 lane), one core`);
  results.argon2MsPerHash = argon2Ms;

  section('G-code parsing (a generated file streamed through the worker, as a slice is made of it)');
  results.gcode = gcodeParsing();
  printGcode(results.gcode);
  if (results.gcode.loopMaxMs > GCODE_TARGETS.loopMs) fail(`G-code parse held the event loop ${results.gcode.loopMaxMs} ms`);
  if (results.gcode.memoryAboveBaselineMb > GCODE_TARGETS.memoryMb)
    fail(`G-code parse took ${results.gcode.memoryAboveBaselineMb} MB above the baseline`);
  if (results.gcode.mbPerS < GCODE_TARGETS.mbPerS) fail(`G-code parse at ${results.gcode.mbPerS} MB/s`);

  section('Product server memory (VmRSS)');
  console.log(
    table([
      ['when', 'MB'],
      ['after start', round(rssStart / 1024)],
      ['after load', round(rssAfter / 1024)],
      // RSS can fall between targets (V8 returns memory), so the highest reading is shown too.
      ['highest after a target', round(rssHighest / 1024)],
    ]),
  );
  results.rss = { startKB: rssStart, afterLoadKB: rssAfter, highestAfterTargetKB: rssHighest };

  // 5c. Raffle draws at 100 connections on SQLite and PostgreSQL, each on its own product server and
  // database, against hello-world at 100 connections in slices between the draws'; oversell checked in the DB.
  section(DRAWS_TITLE);
  results.draws = await raffleDraws({ cwd: snapshot, hello });
  assertAlive(product, hello);
  for (const f of results.draws.failures) fail(f);

  // 5d. Gift-code redemption and check-in at 100 connections, and the referral job over
  // 100k pending coins, on both engines.
  section(`Campaign families (autocannon, ${DRAW_CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s)`);
  results.campaigns = await campaignFamilies({ cwd: snapshot, hello });
  assertAlive(product, hello);
  for (const f of results.campaigns.failures) fail(f);

  // 5e. Analytics ingestion: the collector taking the SDK's batch posts, on both engines.
  section(`Analytics ingestion (autocannon, ${CONNECTIONS} connections, batch posts of 6 records, ${DURATION_S} s)`);
  results.analyticsIngest = await analyticsIngest({ cwd: snapshot, hello });
  assertAlive(product, hello);
  for (const f of results.analyticsIngest.failures) fail(f);

  // The baseline is done; stopping it gives Lighthouse the CPU.
  results.helloShutdown = await stopServer(hello);

  // 7. Lighthouse with no load running; a short pause lets the server's GC settle.
  await sleep(1000);
  section('Lighthouse (mobile, default config)');
  const reports = await audit(LH_PAGES.map((p) => product.url + p));
  console.log(
    table([
      ['page', ...CATEGORIES, 'FCP', 'LCP', 'TBT', 'CLS', 'observed FCP'],
      ...reports.map((r, i) => [
        LH_PAGES[i],
        ...CATEGORIES.map((c) => r.scores[c]),
        r.metrics['first-contentful-paint'],
        r.metrics['largest-contentful-paint'],
        r.metrics['total-blocking-time'],
        r.metrics['cumulative-layout-shift'],
        r.observed.fcpMs === undefined ? '' : `${Math.round(r.observed.fcpMs)} ms`,
      ]),
    ]),
  );
  console.log('(FCP/LCP/TBT are simulated on slow 4G + 4x CPU; "observed" is the real loopback load)');
  for (const [i, r] of reports.entries()) {
    if (r.retriedAfter) console.log(`note  ${LH_PAGES[i]}: Lighthouse run repeated after a tool error (${r.retriedAfter.slice(0, 160)})`);
    if (r.runtimeError) fail(`${LH_PAGES[i]}: Lighthouse runtime error ${r.runtimeError.code}: ${r.runtimeError.message}`);
    for (const [c, min] of Object.entries(LH_TARGETS)) {
      const ok = (r.scores[c] ?? 0) >= min;
      if (ok) console.log(`PASS  ${LH_PAGES[i]} ${c} ${r.scores[c]} ≥ ${min}`);
      else fail(`${LH_PAGES[i]} ${c} ${r.scores[c]} < ${min}`);
    }
  }
  for (const [i, r] of reports.entries()) {
    console.log(
      `\nLighthouse findings on ${LH_PAGES[i]}` +
        (r.lcpElement ? ` (LCP element: ${r.lcpElement.selector} "${r.lcpElement.label?.slice(0, 50)}")` : ''),
    );
    const costing = r.failed.filter((a) => a.weight > 0);
    const diagnostics = r.failed.filter((a) => !(a.weight > 0));
    for (const [title, list] of [
      ['costing points (weight > 0)', costing],
      ['diagnostics (weight 0, no direct score effect)', diagnostics],
    ]) {
      console.log(`  ${title}:${list.length ? '' : ' none'}`);
      for (const a of list) {
        console.log(
          `    [${a.category}] ${a.id} score ${round(a.score, 2)}${a.weight > 0 ? ` weight ${a.weight}` : ''}${a.displayValue ? ` — ${a.displayValue}` : ''}`,
        );
        for (const item of a.items) console.log(`        ${JSON.stringify(item).slice(0, 220)}`);
      }
    }
    for (const e of r.auditErrors) console.log(`  audit error: ${e.slice(0, 200)}`);
  }
  results.lighthouse = reports;

  // 5b. Graceful shutdown: SIGTERM must finish in-flight work and exit 0 within 10 s.
  section('Shutdown');
  const down = await stopServer(product, 10_000);
  results.productShutdown = down;
  const graceful = down.graceful;
  if (graceful) console.log(`PASS  product exited with code 0 in ${down.ms} ms after SIGTERM (graceful shutdown works)`);
  else fail(`product graceful shutdown: ${JSON.stringify(down)}`);
  console.log(`product log lines at LOG_LEVEL=warn during the run: ${product.output.length}`);
  if (product.output.length)
    console.log(
      product.output
        .slice(-5)
        .map((l) => `  ${l.slice(0, 240)}`)
        .join('\n'),
    );
  results.productLogTail = product.output.slice(-50);
} catch (err) {
  results.error = String(err?.stack ?? err);
  console.error(`\nbenchmark could not run: ${err?.stack ?? err}`);
  process.exitCode = 1;
  for (const s of servers) {
    if (!s.exit) continue;
    console.error(`${s.name} had exited: ${JSON.stringify(s.exit)}; its last output:\n${s.output.slice(-20).join('\n') || '(none)'}`);
  }
} finally {
  for (const s of servers) if (!s.exit) s.child.kill('SIGKILL');
  // rm does not follow the node_modules link: only the copy and the database go.
  if (snapshot) fs.rmSync(snapshot, { recursive: true, force: true });
  results.durationS = round((Date.now() - startedAt) / 1000);
  const dir = path.join(ROOT, 'bench/results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify(results, null, 2));
  section('Summary');
  if (results.error) console.log('INCOMPLETE  the benchmark did not run to the end (see the error above)');
  else console.log(results.fails.length ? results.fails.map((f) => `FAIL  ${f}`).join('\n') : 'all targets met');
  console.log(`results: ${path.relative(ROOT, file)} (${results.durationS} s)`);
}
