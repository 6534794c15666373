import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database';

describe('the SQLite file', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });

  it('is readable by its owner only, with its WAL and a folder it creates', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cxy-perm-'));
    dirs.push(root);
    const file = path.join(root, 'data', 'cxy.sqlite');
    const db = openDatabase({ dialect: 'sqlite', file });
    await db.kysely.schema.createTable('t').addColumn('x', 'integer').execute();
    const mode = (p: string) => fs.statSync(p).mode & 0o777;
    expect(mode(file)).toBe(0o600);
    expect(mode(`${file}-wal`)).toBe(0o600);
    expect(mode(path.dirname(file))).toBe(0o700);
    await db.close();
  });
});
