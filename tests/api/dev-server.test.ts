import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { createDevVite } from '../../src/server/dev-vite';
import { createTestDb, type TestDb } from '../helpers/app';

/**
 * The development server (`npm run dev`: the app with Vite's middlewares) serves the browser
 * its modules and nothing else of the project directory: not the database beside it, not `.env`,
 * not the server's code. Probe files stand in for the real ones (which may not exist here).
 */
const ROOT = process.cwd();
const MARK = `probe-${crypto.randomBytes(6).toString('hex')}`;
/** What the probe files hold (their names show in Vite's refusal page). */
const CONTENT = `secret-${crypto.randomBytes(6).toString('hex')}`;
const probes = {
  database: path.join(ROOT, 'data', `${MARK}.sqlite`),
  env: path.join(ROOT, `.env.${MARK}`),
};

describe('the development server', () => {
  let testDb: TestDb;
  let app: FastifyInstance;
  beforeAll(async () => {
    fs.mkdirSync(path.dirname(probes.database), { recursive: true });
    for (const file of Object.values(probes)) fs.writeFileSync(file, `${CONTENT}\n`);
    testDb = await createTestDb('sqlite');
    const config = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent', DATABASE_URL: testDb.url, SEED_DEMO_DATA: 'false' });
    // No hot reload socket: nothing listens.
    const vite = await createDevVite(config, { server: { hmr: false }, logLevel: 'silent' });
    app = await buildApp(config, { db: testDb.db, viteMiddlewares: vite.middlewares, ssrBuild: vite.ssrBuild });
    app.addHook('onClose', () => vite.close());
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await testDb?.drop();
    for (const file of Object.values(probes)) fs.rmSync(file, { force: true });
  });

  const get = (url: string) => app.inject({ url, headers: { host: 'localhost:3000' } });

  it('refuses the database, .env files and the server code, however they are asked for', async () => {
    const db = `/data/${MARK}.sqlite`;
    for (const url of [
      db,
      `${db}?raw`,
      `${db}?import&raw`,
      `/@fs${probes.database}`,
      `/@fs${probes.database}?raw`,
      `/.env.${MARK}`,
      `/@fs${probes.env}`,
      '/src/server/config.ts',
      '/src/server/config.ts?raw',
      `/@fs${path.join(ROOT, 'src/server/config.ts')}`,
      '/package.json',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.body, url).not.toContain(CONTENT);
      expect(res.body, url).not.toContain('AUTH_SECRET');
    }
  });

  it('still serves the client modules a page needs', async () => {
    for (const url of ['/@vite/client', '/src/web/entry.client.tsx', '/src/web/root.tsx', '/src/shared/errors.ts']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/javascript/);
    }
  });
});
