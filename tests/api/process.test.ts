import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { HEADER } from '../../src/shared/context';
import { createTestDb } from '../helpers/app';

/** The real server process: start-up refusal, and SIGTERM finishing what is in flight. */
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

async function waitFor(cond: () => boolean | Promise<boolean>, ms = 20_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await cond()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out');
}

describe('server process', () => {
  it('refuses to start with a wrong setting, naming the variable', async () => {
    const s = startServer({ PORT: 'eighty', DATABASE_URL: 'mysql://nope' });
    expect(await s.exited).toBe(1);
    expect(s.output()).toContain('PORT');
    expect(s.output()).toContain('DATABASE_URL');
  });

  it('finishes an in-flight request on SIGTERM, then exits cleanly', async () => {
    const port = await freePort();
    const s = startServer({ PORT: String(port) });
    await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.ok === true);

    // A request whose body is still arriving when the signal comes.
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    const body = JSON.stringify({ message: 'in flight' });
    socket.write(
      `POST /api/cxy/v2/system/ping HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\ncontent-type: application/json\r\n${HEADER.appId}: creality_model\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n${body.slice(0, 5)}`,
    );
    let response = '';
    socket.on('data', (d) => (response += d));
    await new Promise((r) => setTimeout(r, 200));
    s.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 200));
    socket.write(body.slice(5));
    await new Promise((r) => socket.once('close', r));

    expect(response).toMatch(/^HTTP\/1.1 200/);
    expect(response).toContain('"echo":"in flight"');
    expect(await s.exited).toBe(0);
    expect(s.output()).toContain('shutting down');
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
