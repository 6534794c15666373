// What the bench sections that also run alone (`node bench/draws.mjs`, `node bench/campaigns.mjs`)
// share: the hello-world baseline when `npm run bench` gave none, and the stand-alone run itself.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { section } from './format.mjs';
import { measure } from './load.mjs';
import { startHello, stopServer } from './servers.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Hello-world's requests/s at `connections`, measured on the running baseline `hello`, or on one
 * started (and stopped) for the section when `npm run bench` gave none.
 */
export async function measureHello(hello, connections, log) {
  const started = hello ? null : await startHello(ROOT);
  try {
    log(`  hello-world GET / at ${connections} connections …`);
    const h = await measure({ url: `${(hello ?? started).url}/`, connections });
    log(`  hello-world: ${Math.round(h.rps)} req/s, p99 ${h.latencyP99} ms`);
    return h;
  } finally {
    if (started && !started.exit) await stopServer(started);
  }
}

/**
 * Runs a section when its file is the script node was started with: prints `title`, runs
 * `measure()`, prints its failures (or `passed`) and keeps the figures in bench/results/<name>-<time>.json.
 * A measurement: missed targets print FAIL and exit 0; exit 1 only when it could not run.
 */
export async function runStandalone(metaUrl, { title, name, measure, passed }) {
  if (!process.argv[1] || metaUrl !== pathToFileURL(path.resolve(process.argv[1])).href) return;
  section(title);
  try {
    const startedAt = new Date();
    const out = await measure();
    console.log(out.failures.length ? out.failures.map((f) => `FAIL  ${f}`).join('\n') : passed);
    const dir = path.join(ROOT, 'bench/results');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${name}-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
    fs.writeFileSync(file, JSON.stringify({ startedAt: startedAt.toISOString(), ...out }, null, 2));
    console.log(`results: ${path.relative(ROOT, file)}`);
  } catch (err) {
    console.error(`\n${name} benchmark could not run: ${err?.stack ?? err}`);
    process.exitCode = 1;
  }
}
