import { afterAll, beforeAll } from 'vitest';
import type { Dialect } from '../../src/server/db/database';
import { createTestApp, type TestApp } from './app';
import { contentRows } from './content';

/**
 * A describe block's app on one engine and its row helpers, started before its tests and closed
 * after: `s.t` (the app) and `s.rows` (users, sessions) are set once the block's tests run.
 */
export function appSuite(engine: Dialect) {
  const s = {} as { t: TestApp; rows: ReturnType<typeof contentRows> };
  beforeAll(async () => {
    s.t = await createTestApp(engine);
    s.rows = contentRows(s.t.db.kysely);
  });
  afterAll(() => s.t.close());
  return s;
}
