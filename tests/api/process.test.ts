import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { HEADER } from '../../src/shared/context';
import { createTestDb } from '../helpers/app';

/** The real server process: start-up refusal, draining on SIGTERM, and finishing what is in flight. */
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});

function startServer(env: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cxy-proc-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', HOST: '127.0.0.1', DATABASE_URL: `file:${dir}/db.sqlite`, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => out };
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

const PING = '/api/cxy/v2/system/ping';

/** One request on a connection of its own (fetch would reuse a kept-alive one). */
function send(port: number, method: 'GET' | 'POST', url: string, body?: string) {
  const headers = body ? { 'content-type': 'application/json', [HEADER.appId]: 'creality_model' } : {};
  return new Promise<{ status: number; body: string; connection?: string }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: url, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, connection: res.headers.connection }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Whether a new connection is refused (the server no longer listens). */
const refused = (port: number) =>
  send(port, 'GET', '/healthz').then(
    () => false,
    (err: NodeJS.ErrnoException) => err.code === 'ECONNREFUSED',
  );

/** A request whose body is still arriving: it stays in flight until `finish()`. */
async function slowPing(port: number, message: string, connection: 'close' | 'keep-alive') {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  // A reset shows as an incomplete answer (and the close below), not as an uncaught error.
  socket.on('error', () => {});
  const body = JSON.stringify({ message });
  socket.write(
    `POST ${PING} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\ncontent-type: application/json\r\n${HEADER.appId}: creality_model\r\ncontent-length: ${body.length}\r\nconnection: ${connection}\r\n\r\n${body.slice(0, 5)}`,
  );
  let response = '';
  socket.on('data', (d) => (response += d));
  const closed = new Promise((r) => socket.once('close', r));
  return {
    /** Sends the rest of the body; resolves with the whole answer once the server closed the connection. */
    finish: async () => {
      socket.write(body.slice(5));
      await closed;
      return response;
    },
  };
}

async function waitFor(cond: () => boolean | Promise<boolean>, ms = 20_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await cond()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out');
}

/** Until /healthz answers 200: start-up (migrations, demo seeds) takes long on a busy machine. */
const started = (port: number) => waitFor(async () => (await send(port, 'GET', '/healthz').catch(() => null))?.status === 200, 45_000);

describe('server process', () => {
  it('refuses to start with a wrong setting, naming the variable', async () => {
    const s = startServer({ PORT: 'eighty', DATABASE_URL: 'mysql://nope' });
    expect(await s.exited).toBe(1);
    expect(s.output()).toContain('PORT');
    expect(s.output()).toContain('DATABASE_URL');
  });

  it('finishes an in-flight request on SIGTERM, then exits cleanly', { timeout: 60_000 }, async () => {
    const port = await freePort();
    const s = startServer({ PORT: String(port), DRAIN_SECONDS: '0' });
    await started(port);

    // A request whose body is still arriving when the signal comes.
    const slow = await slowPing(port, 'in flight', 'close');
    await new Promise((r) => setTimeout(r, 200));
    s.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 200));
    const response = await slow.finish();

    expect(response).toMatch(/^HTTP\/1.1 200/);
    expect(response).toContain('"echo":"in flight"');
    expect(await s.exited).toBe(0);
    expect(s.output()).toContain('shutting down');
    // The serving process runs the domains' jobs, and they do not hold up the exit.
    expect(s.output()).toMatch(/"jobs":\[[^\]]*"referral coins"[^\]]*\],"msg":"background jobs started"/);
  });

  it('drains on SIGTERM: /healthz 503 while new connections are still served, then refuses them and exits 0', {
    timeout: 60_000,
  }, async () => {
    const port = await freePort();
    const s = startServer({ PORT: String(port), DRAIN_SECONDS: '2' });
    await started(port);

    const signalled = Date.now();
    s.child.kill('SIGTERM');
    await waitFor(async () => (await send(port, 'GET', '/healthz').catch(() => null))?.status !== 200);
    const health = await send(port, 'GET', '/healthz');
    expect(health.status).toBe(503);
    expect(JSON.parse(health.body)).toMatchObject({ status: 'draining', database: 'ok' });
    // Everything else is served as usual, each answer closing its connection (clients reconnect elsewhere).
    const ping = await send(port, 'POST', PING, JSON.stringify({ message: 'still here' }));
    expect(ping.status).toBe(200);
    expect(ping.body).toContain('"echo":"still here"');
    expect(ping.connection).toBe('close');

    // After the drain period the server stops listening, then exits cleanly.
    await waitFor(() => refused(port));
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(1900);
    expect(await s.exited).toBe(0);
    expect(s.output()).toContain('draining');
  });

  it('finishes a slow request started during the drain, after it stopped listening', { timeout: 60_000 }, async () => {
    const port = await freePort();
    const s = startServer({ PORT: String(port), DRAIN_SECONDS: '2' });
    await started(port);

    s.child.kill('SIGTERM');
    await waitFor(async () => (await send(port, 'GET', '/healthz').catch(() => null))?.status === 503);
    // Asks to keep its connection: the server must close it anyway, or it could not finish closing.
    const slow = await slowPing(port, 'started while draining', 'keep-alive');
    await waitFor(() => refused(port));
    expect(s.child.exitCode).toBeNull();

    const response = await slow.finish();
    expect(response).toMatch(/^HTTP\/1.1 200/);
    expect(response).toContain('"echo":"started while draining"');
    expect(await s.exited).toBe(0);
  });
});

describe('request log', () => {
  it('writes one line per request with the request id of the header context, and no secrets', async () => {
    const lines: string[] = [];
    const t = await createTestDb('sqlite');
    const app = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', DATABASE_URL: t.url }), {
      db: t.db,
      logStream: { write: (l) => void lines.push(l) },
    });
    const id = '9d5b7a3e-1f2c-4d6e-8a9b-0c1d2e3f4a5b';
    await app.inject({
      method: 'GET',
      url: '/api/cxy/v2/system/context',
      headers: { [HEADER.requestId]: id, [HEADER.token]: 'SECRET_TOKEN_VALUE', cookie: 'token=SECRET_COOKIE' },
    });
    await app.close();
    await t.drop();
    const entries = lines.map((l) => JSON.parse(l)).filter((e) => e.requestId === id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ method: 'GET', url: '/api/cxy/v2/system/context', status: 200, msg: 'request' });
    expect(lines.join('\n')).not.toContain('SECRET');
  });

  it('logs a client that left mid-answer as info, and real errors as errors', async () => {
    const lines: string[] = [];
    const t = await createTestDb('sqlite');
    const app = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', DATABASE_URL: t.url }), {
      db: t.db,
      logStream: { write: (l) => void lines.push(l) },
    });
    app.log.error(new Error('premature close'));
    app.log.error(new Error('disk on fire'));
    await app.close();
    await t.drop();
    const entries = lines.map((l) => JSON.parse(l));
    expect(entries.find((e) => e.err?.message === 'premature close')?.level).toBe(30);
    expect(entries.find((e) => e.err?.message === 'disk on fire')?.level).toBe(50);
  });
});
