// Child-process servers: started on a free loopback port, considered up when a health URL
// answers 200, stopped with SIGTERM like a process manager would.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** Asks the OS for a free port (listen on 0), then releases it for the child to take. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** VmRSS of a live process in KB (what the kernel really holds, not what V8 thinks it uses). */
export function rssKB(pid) {
  if (!fs.existsSync(`/proc/${pid}/status`)) throw new Error(`process ${pid} is gone (exited or killed)`);
  const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(m[1]);
}

/**
 * Spawns `node <script>` with exactly the env given (plus PATH/HOME) so stray variables from the
 * caller's shell (REDIS_URL, EDITION…) cannot change what is measured. Output is kept, not shown:
 * it is printed only if the server fails to start, and its line count is reported.
 */
export async function startServer({ name, script, cwd, env, healthPath, timeoutMs = 30_000, nodeArgs = [] }) {
  const child = spawn(process.execPath, [...nodeArgs, script], {
    cwd,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server = { name, child, pid: child.pid, url: `http://${env.HOST}:${env.PORT}`, output: [], exit: null };
  const keep = (chunk) => {
    server.output.push(...chunk.toString().split('\n').filter(Boolean));
    if (server.output.length > 500) server.output.splice(0, server.output.length - 500);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  server.exited = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      server.exit = { code, signal };
      resolve(server.exit);
    });
  });

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exit) break;
    try {
      const res = await fetch(server.url + healthPath, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return server;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(
    `${name} did not answer 200 on ${healthPath} within ${timeoutMs} ms` +
      (server.exit ? ` (exited with ${JSON.stringify(server.exit)})` : '') +
      `\n--- ${name} output ---\n${server.output.slice(-40).join('\n')}`,
  );
}

/** SIGTERM, then waits up to graceMs for the exit; SIGKILL afterwards so nothing is left behind. */
export async function stopServer(server, graceMs = 10_000) {
  if (server.exit) return { ...server.exit, ms: 0, graceful: false, alreadyExited: true };
  const t0 = Date.now();
  server.child.kill('SIGTERM');
  const exit = await Promise.race([server.exited, sleep(graceMs).then(() => null)]);
  const ms = Date.now() - t0;
  if (!exit) {
    server.child.kill('SIGKILL');
    await server.exited;
    return { code: null, signal: 'SIGKILL', ms, graceful: false, timedOut: true };
  }
  return { ...exit, ms, graceful: exit.code === 0 };
}

/**
 * The product on its own database for a load section (draws, analytics ingestion): production
 * mode, no demo rows (unless `env` says otherwise), the load's address (127.0.0.1) past the
 * per-address limits.
 */
export async function startProduct({ name, cwd, root, databaseUrl, nodeArgs = [], env = {}, timeoutMs }) {
  return startServer({
    name,
    script: 'build/app/main.js',
    cwd,
    env: {
      NODE_ENV: 'production',
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      CXY_PROJECT_DIR: root,
      RATE_LIMIT_ALLOWLIST: '127.0.0.1',
      SEED_DEMO_DATA: 'false',
      ...env,
    },
    nodeArgs,
    healthPath: '/healthz',
    ...(timeoutMs ? { timeoutMs } : {}),
  });
}

/** The Fastify hello-world every throughput figure is compared with. */
export async function startHello(root) {
  return startServer({
    name: 'hello-world',
    script: 'bench/hello-world.mjs',
    cwd: root,
    env: { PORT: String(await freePort()), HOST: '127.0.0.1' },
    healthPath: '/',
  });
}
