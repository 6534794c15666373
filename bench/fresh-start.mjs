// A first start on a fresh checkout: new SQLite file and files directory, migrations and demo
// seeding, until /healthz answers 200. Run alone (`node bench/fresh-start.mjs`, after
// `npm run build`) or as part of `npm run bench`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProduct, stopServer } from './servers.mjs';

export const FRESH_START_TARGET_MS = 3_000;
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TICKS_PER_S = 100;

/** CPU time (user + system) a live process has used, in ms: the part of a start other load cannot stretch. */
function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S;
}

/**
 * Milliseconds from spawn to the first 200 on /healthz, for each of `runs` fresh starts (the
 * median decides), and the CPU the server used to get there.
 */
export async function freshStart({ cwd = ROOT, runs = 3 } = {}) {
  const times = [];
  const cpu = [];
  for (let i = 0; i < runs; i++) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cxy-fresh-'));
    try {
      const t0 = performance.now();
      const server = await startProduct({
        name: 'fresh start',
        cwd,
        root: ROOT,
        databaseUrl: `file:${dir}/fresh.sqlite`,
        env: { SEED_DEMO_DATA: 'true', FILES_DIR: path.join(dir, 'files') },
        timeoutMs: 60_000,
      });
      times.push(Math.round(performance.now() - t0));
      cpu.push(Math.round(cpuMs(server.pid)));
      await stopServer(server);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  const medianMs = median(times);
  return { times, medianMs, cpuMs: cpu, medianCpuMs: median(cpu), targetMs: FRESH_START_TARGET_MS, pass: medianMs < FRESH_START_TARGET_MS };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // Optional arguments: runs, and the directory holding build/ (another checkout's, to compare).
  const r = await freshStart({ runs: Number(process.argv[2] ?? 3), cwd: process.argv[3] ?? ROOT });
  console.log(
    `${r.pass ? 'PASS' : 'FAIL'}  fresh start to /healthz 200: median ${r.medianMs} ms (runs ${r.times.join(', ')} ms; target < ${r.targetMs} ms); CPU used: median ${r.medianCpuMs} ms (${r.cpuMs.join(', ')})`,
  );
}
