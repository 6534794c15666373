// Memory under a long mixed load: SOAK_MINUTES (default 10) of anonymous and signed-in pages, API
// reads, draws and analytics posts at once on one product server (SQLite), its RSS sampled every
// few seconds. Goals: at most 250 MB at the end, and at most 5 % growth between the middle and the
// end (a structure without a bound, or a leak, keeps growing; caches and V8's heap settle).
//
// Two heap snapshots, at the middle and shortly before the end (both under the same load; each
// is preceded by a full GC, so they hold live objects only), are compared by constructor: what
// grew between them is printed (SOAK_HEAP_SNAPSHOTS=0 skips them). Writing a snapshot raises the
// server's RSS by itself, so judge the RSS goals on a run without them.
//
// `node bench/soak.mjs` runs it on the existing build/ (it builds nothing); `npm run bench` does not
// include it (ten minutes), so run it on its own on a quiet machine.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createCampaign, createUsers, topUpChances } from './draws.mjs';
import { round, table } from './format.mjs';
import { compare, snapshotArgs, summarise, takeSnapshot } from './heap.mjs';
import { rssKB, startProduct, stopServer } from './servers.mjs';
import { runStandalone } from './standalone.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const SAMPLE_S = 5;
export const SOAK_RSS_MB = 250;
export const SOAK_GROWTH = 0.05;
const H = { appId: '__cxy_app_id_', token: '__cxy_token_' };

// Enough chances that nobody runs out in the run (the draws are a share of the whole load).
const CHANCES = 1_000_000;
const SNAPSHOTS = process.env.SOAK_HEAP_SNAPSHOTS !== '0';
/** The second snapshot is taken this long before the load ends, so both are taken under load. */
const LAST_SNAPSHOT_BEFORE_END_S = 20;

/** One analytics batch as the SDK posts it (fresh ids: never a duplicate). */
function analyticsBody(n) {
  const who = `soak-${n}`;
  const records = Array.from({ length: 6 }, (_, i) => ({
    type: 'track',
    event: 'SoakView',
    distinct_id: who,
    time: Date.now() - i,
    _track_id: Math.floor(Math.random() * 1e9),
    properties: { $url: `https://example.com/model/${n % 50}`, channel: 'soak', n: i },
  }));
  return `data_list=${encodeURIComponent(Buffer.from(JSON.stringify(records)).toString('base64'))}`;
}

/** The mixed load: a request list per connection group, all groups at once for `seconds`. */
function mixedLoad(url, users, campaignId, seconds) {
  const token = (i) => users[i % users.length].token;
  const page = (p, signedIn) => ({
    method: 'GET',
    path: p,
    headers: {
      'accept-language': ['en', 'fr', 'zh-CN'][Math.floor(Math.random() * 3)],
      'accept-encoding': 'br',
      ...(signedIn ? { cookie: `token=${token(Math.floor(Math.random() * 100))}` } : {}),
    },
  });
  let n = 0;
  const groups = [
    // Visitors: share pages, anonymous and signed in; shared links carry a channel query, so cache keys churn.
    {
      connections: 20,
      requests: [{ setupRequest: (r) => ({ ...r, ...page(`/creality-cloud/model-details/${1 + (n % 5)}?c=${n++ % 500}`, n % 2 === 0) }) }],
    },
    { connections: 5, requests: [{ setupRequest: (r) => ({ ...r, ...page(`/?v=${n++ % 1000}`, n % 3 === 0) }) }] },
    // API reads.
    { connections: 10, requests: [{ method: 'GET', path: '/api/cxy/v2/content/comments?kind=1&targetId=2' }] },
    // Draws, signed in (a fresh request id each: the server makes one).
    {
      connections: 10,
      requests: [
        {
          setupRequest: (r) => ({
            ...r,
            method: 'GET',
            path: `/api/rest/lottery/tLottery/lottery?lotteryId=${campaignId}`,
            headers: { [H.appId]: 'creality_model', [H.token]: token(n++) },
          }),
        },
      ],
    },
    // Analytics batches.
    {
      connections: 5,
      requests: [
        {
          setupRequest: (r) => ({
            ...r,
            method: 'POST',
            path: '/api/analytics/collect',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: analyticsBody(n++),
          }),
        },
      ],
    },
  ];
  return Promise.all(groups.map((g) => autocannon({ url, duration: seconds, connections: g.connections, requests: g.requests })));
}

async function soak() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cxy-soak-'));
  const databaseUrl = `file:${dir}/soak.sqlite`;
  try {
    const users = createUsers(databaseUrl);
    const campaign = createCampaign(databaseUrl, dir, 'soak');
    topUpChances(databaseUrl, [campaign.id], users, CHANCES);
    // With the demo content, so share pages render models, posts and comments (ids past them are 404 pages).
    const product = await startProduct({
      name: 'product (soak)',
      cwd: ROOT,
      root: ROOT,
      databaseUrl,
      // SOAK_PRODUCT_ENV (JSON) adds variables to the product's environment, to compare settings.
      env: { SEED_DEMO_DATA: 'true', ...JSON.parse(process.env.SOAK_PRODUCT_ENV || '{}') },
      nodeArgs: SNAPSHOTS ? snapshotArgs(dir) : [],
    });
    const samples = [{ s: 0, rssMB: rssKB(product.pid) / 1024 }];
    const started = Date.now();
    const elapsed = () => Math.round((Date.now() - started) / 1000);
    const sample = () => samples.push({ s: elapsed(), rssMB: rssKB(product.pid) / 1024 });
    const snapshotAt = SNAPSHOTS ? [(MINUTES * 60) / 2, MINUTES * 60 - LAST_SNAPSHOT_BEFORE_END_S] : [];
    const snapshots = [];
    let loadDone = false;
    const load = mixedLoad(product.url, users, campaign.id, MINUTES * 60).finally(() => {
      loadDone = true;
    });
    while (!loadDone) {
      await sleep(SAMPLE_S * 1000);
      if (product.exit) throw new Error(`product exited during the soak: ${JSON.stringify(product.exit)}`);
      sample();
      if (snapshots.length < snapshotAt.length && elapsed() >= snapshotAt[snapshots.length]) {
        const t0 = Date.now();
        const file = await takeSnapshot(product, dir, `${product.url}/healthz`);
        snapshots.push({ s: samples.at(-1).s, rssMB: samples.at(-1).rssMB, file, ms: Date.now() - t0 });
      }
    }
    const results = await load;
    const end = samples.at(-1);
    const middle = samples.reduce((best, x) => (Math.abs(x.s - end.s / 2) < Math.abs(best.s - end.s / 2) ? x : best));
    const shutdown = await stopServer(product, 10_000);
    const heap =
      snapshots.length === 2
        ? {
            at: snapshots.map(({ s, rssMB, ms }) => ({ s, rssMB, ms })),
            ...compare(summarise(snapshots[0].file), summarise(snapshots[1].file)),
          }
        : null;
    return {
      minutes: MINUTES,
      heap,
      samples,
      requests: results.map((r) => ({ rps: Math.round(r.requests.mean), non2xx: r.non2xx, errors: r.errors, codes: r.statusCodeStats })),
      startMB: samples[0].rssMB,
      middleMB: middle.rssMB,
      endMB: end.rssMB,
      peakMB: Math.max(...samples.map((x) => x.rssMB)),
      growth: end.rssMB / middle.rssMB - 1,
      shutdown,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await runStandalone(import.meta.url, {
  title: `Memory soak (${MINUTES} min of mixed load, RSS every ${SAMPLE_S} s)`,
  name: 'soak',
  passed: 'memory goals met',
  measure: async () => {
    const r = await soak();
    console.log(
      table([
        ['load', 'req/s', 'non-2xx', 'errors'],
        ...['pages (model)', 'pages (landing)', 'API reads', 'draws', 'analytics'].map((name, i) => [
          name,
          r.requests[i].rps,
          r.requests[i].non2xx,
          r.requests[i].errors,
        ]),
      ]),
    );
    console.log(
      table([
        ['RSS', 'MB'],
        ['after start', round(r.startMB)],
        ['middle', round(r.middleMB)],
        ['end', round(r.endMB)],
        ['peak', round(r.peakMB)],
        ['growth middle → end', `${round(100 * r.growth)} %`],
      ]),
    );
    if (r.heap) {
      const mb = (b) => round(b / 1048576, 2);
      console.log(
        `heap snapshots at ${r.heap.at.map((x) => `${x.s} s (RSS ${round(x.rssMB)} MB, written in ${x.ms} ms)`).join(' and ')}: ` +
          `live heap ${mb(r.heap.totalA)} → ${mb(r.heap.totalB)} MB, ${r.heap.nodesA} → ${r.heap.nodesB} objects`,
      );
      console.log(
        table([
          ['grew most (type constructor)', 'count', 'count after', 'MB', 'MB after', 'Δ KB'],
          ...r.heap.growers.map((g) => [g.label.slice(0, 60), g.countA, g.countB, mb(g.sizeA), mb(g.sizeB), round(g.delta / 1024)]),
        ]),
      );
      console.log(
        table([
          ['largest at the end (type constructor)', 'count', 'MB'],
          ...r.heap.largest.map((g) => [g.label.slice(0, 60), g.countB, mb(g.sizeB)]),
        ]),
      );
    }
    const failures = [];
    if (r.endMB > SOAK_RSS_MB) failures.push(`RSS at the end ${round(r.endMB)} MB > ${SOAK_RSS_MB} MB`);
    if (r.growth > SOAK_GROWTH)
      failures.push(`RSS grew ${round(100 * r.growth)} % between the middle and the end (> ${100 * SOAK_GROWTH} %)`);
    return { ...r, failures };
  },
});
