import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';

/**
 * Migrates a template database once per run; each test file then copies it (a file copy on
 * SQLite, CREATE DATABASE … TEMPLATE on PostgreSQL), so files start clean and run in parallel.
 */
export const SQLITE_TEMPLATE = path.resolve('build/test/template.sqlite');

declare module 'vitest' {
  export interface ProvidedContext {
    sqliteTemplate: string;
    pgTemplate: string | null;
  }
}

export default async function setup(project: TestProject) {
  fs.mkdirSync(path.dirname(SQLITE_TEMPLATE), { recursive: true });
  for (const f of [SQLITE_TEMPLATE, `${SQLITE_TEMPLATE}-wal`, `${SQLITE_TEMPLATE}-shm`]) fs.rmSync(f, { force: true });
  const sqlite = openDatabase({ dialect: 'sqlite', file: SQLITE_TEMPLATE });
  await migrateToLatest(sqlite.kysely);
  await sqlite.close();
  project.provide('sqliteTemplate', SQLITE_TEMPLATE);

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    if (process.env.REQUIRE_POSTGRES === '1') throw new Error('TEST_DATABASE_URL is required (REQUIRE_POSTGRES=1)');
    project.provide('pgTemplate', null);
    return;
  }
  const template = `cxy_tpl_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const db = openDatabase({ dialect: 'postgres', url: withDatabase(adminUrl, template) }, { poolSize: 2 });
  await migrateToLatest(db.kysely);
  await db.close();
  project.provide('pgTemplate', template);

  return async () => {
    // Drop the template and every per-file copy made from it.
    const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`${template}%`]);
    for (const { datname } of rows.sort((a, b) => b.datname.length - a.datname.length)) {
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
    await admin.end();
  };
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
