import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { type Db, type Dialect, openDatabase } from '../../src/server/db/database';
import { withDatabase } from '../setup/template-db';
import { type AnswerMismatch, checkAnswers } from './answer-check';

/** The engines this run tests: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const ENGINES: Dialect[] = inject('pgTemplate') ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDb {
  db: Db;
  url: string;
  drop(): Promise<void>;
}

/** A fresh database copied from the migrated template. */
export async function createTestDb(engine: Dialect): Promise<TestDb> {
  const id = crypto.randomBytes(5).toString('hex');
  if (engine === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cxy-test-'));
    const file = path.join(dir, 'test.sqlite');
    fs.copyFileSync(inject('sqliteTemplate'), file);
    const db = openDatabase({ dialect: 'sqlite', file });
    return {
      db,
      url: `file:${file}`,
      drop: async () => {
        await db.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const template = inject('pgTemplate');
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!template || !adminUrl) throw new Error('PostgreSQL is not configured for this run');
  const name = `${template}_${id}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  const url = withDatabase(adminUrl, name);
  const db = openDatabase({ dialect: 'postgres', url }, { poolSize: 5 });
  return {
    db,
    url,
    drop: async () => {
      await db.close();
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

// Template copies must not overlap: PostgreSQL refuses CREATE DATABASE … TEMPLATE while another
// session is connected to the template, which a parallel CREATE from the same template is.
let chain: Promise<unknown> = Promise.resolve();
async function adminQuery(url: string, sql: string): Promise<void> {
  const run = async () => {
    for (let attempt = 0; ; attempt++) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(sql);
        return;
      } catch (err) {
        // Another test file (another worker) may be copying the template right now.
        if (attempt < 50 && /being accessed by other users/.test(String(err))) {
          await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
          continue;
        }
        throw err;
      } finally {
        await client.end();
      }
    }
  };
  const next = chain.then(run, run);
  chain = next.catch(() => {});
  return next;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** The database's URL, for a second "instance" (another pool) in concurrency tests. */
  url: string;
  close(): Promise<void>;
}

/**
 * The real app (API only: pages are tested in the browser suite) on a fresh database. Every
 * successful answer is checked against its contract's result schema; closing fails when one
 * did not match, even if the test never looked at that answer.
 */
export async function createTestApp(
  engine: Dialect,
  env: Record<string, string> = {},
  setup?: (app: FastifyInstance) => void,
): Promise<TestApp> {
  const testDb = await createTestDb(engine);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: testDb.url, ...env });
  const mismatches: AnswerMismatch[] = [];
  const app = await buildApp(config, { db: testDb.db, instrument: (a) => checkAnswers(a, mismatches) });
  setup?.(app);
  await app.ready();
  return {
    app,
    db: testDb.db,
    url: testDb.url,
    close: async () => {
      await app.close();
      await testDb.drop();
      if (mismatches.length) throw new Error(`answers that do not match their contracts: ${JSON.stringify(mismatches)}`);
    },
  };
}

/** Headers a well-behaved client sends on a state-changing call (the CSRF rule's app id). */
export const CLIENT_HEADERS = { __cxy_app_id_: 'creality_model', 'content-type': 'application/json' } as const;
