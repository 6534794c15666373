// Instructions per request, counted by valgrind's callgrind: on a shared machine wall-clock
// ratios move with the neighbours' load, instruction counts do not (docs/decisions/0006). The
// product (SQLite) and the Fastify hello-world each run under callgrind with instrumentation off;
// after a warm-up (the JIT settles), instrumentation is switched on for exactly COUNT requests sent by
// autocannon from outside valgrind, and the total is divided by COUNT.
//
// Both loads use 10 connections (valgrind is slow): a SQLite group commit then holds fewer draws
// than at the draw bench's 100, so a draw's share of commit work is larger here.
//
// `node bench/instructions.mjs` on the existing build/ (needs valgrind; minutes, not seconds).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createCampaign, createUsers, topUpChances } from './draws.mjs';
import { freePort } from './servers.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WARM = Number(process.env.INSTR_WARM || 3000);
const COUNT = Number(process.env.INSTR_COUNT || 2000);
const H = { appId: '__cxy_app_id_', token: '__cxy_token_' };

async function underCallgrind({ script, env, out, health }) {
  const port = await freePort();
  const child = spawn(
    'valgrind',
    ['--tool=callgrind', '--instr-atstart=no', `--callgrind-out-file=${out}`, '--smc-check=all-non-file', process.execPath, script],
    { cwd: ROOT, env: { PATH: process.env.PATH, HOME: process.env.HOME, HOST: '127.0.0.1', PORT: String(port), ...env }, stdio: 'ignore' },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(url + health, { signal: AbortSignal.timeout(5000) })).status === 200) return { child, url };
    } catch {}
    await sleep(500);
  }
  child.kill('SIGKILL');
  throw new Error(`${script} did not start under valgrind`);
}

// valgrind names its control pipe after $USER and $HOST; the server's HOST is its listen address,
// so callgrind_control is given the same.
const control = (args) => execFileSync('callgrind_control', args, { env: { ...process.env, HOST: '127.0.0.1' } });

async function count(name, server, load, out) {
  await load(WARM);
  control(['-i', 'on', String(server.child.pid)]);
  await load(COUNT);
  control(['-i', 'off', String(server.child.pid)]);
  control(['-d', String(server.child.pid)]);
  await sleep(2000);
  const files = fs.readdirSync(path.dirname(out)).filter((f) => f.startsWith(path.basename(out)));
  let total = 0;
  for (const f of files) {
    // A dump's `totals:` line holds what was counted since instrumentation was switched on.
    const m = /^totals:\s+(\d+)/m.exec(fs.readFileSync(path.join(path.dirname(out), f), 'utf8'));
    if (m) total += Number(m[1]);
  }
  server.child.kill('SIGKILL');
  console.log(`${name}: ${COUNT} requests, ${total} instructions, ${Math.round(total / COUNT)} per request`);
  return total / COUNT;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cxy-instr-'));
try {
  const databaseUrl = `file:${dir}/instr.sqlite`;
  const users = createUsers(databaseUrl);
  const campaign = createCampaign(databaseUrl, dir, 'instructions');
  topUpChances(databaseUrl, [campaign.id], users, 20_000);
  const load = (url, signed) => async (amount) => {
    let next = 0;
    await autocannon({
      url,
      connections: 10,
      amount,
      ...(signed
        ? {
            headers: { [H.appId]: 'creality_model' },
            setupClient: (c) => c.setHeaders({ [H.appId]: 'creality_model', [H.token]: users[next++ % users.length].token }),
          }
        : {}),
    });
  };
  const hello = await underCallgrind({ script: 'bench/hello-world.mjs', env: {}, out: `${dir}/hello.cg`, health: '/' });
  const perHello = await count('hello-world GET /', hello, load(`${hello.url}/`, false), `${dir}/hello.cg`);
  const product = await underCallgrind({
    script: 'build/app/main.js',
    env: {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      CXY_PROJECT_DIR: ROOT,
      RATE_LIMIT_ALLOWLIST: '127.0.0.1',
      SEED_DEMO_DATA: 'false',
    },
    out: `${dir}/product.cg`,
    health: '/healthz',
  });
  const perDraw = await count(
    'draw (SQLite)',
    product,
    load(`${product.url}/api/rest/lottery/tLottery/lottery?lotteryId=${campaign.id}`, true),
    `${dir}/product.cg`,
  );
  console.log(
    `instructions per draw ÷ per hello-world request: ${(perDraw / perHello).toFixed(2)} (the inverse, ${(perHello / perDraw).toFixed(3)}, is the ratio of rates on a CPU-bound core)`,
  );
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
