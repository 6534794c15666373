import { afterAll, beforeAll } from 'vitest';
import type { Dialect } from '../../src/server/db/database';
import { CLIENT_HEADERS, createTestApp, type TestApp } from './app';
import { contentRows } from './content';

/**
 * A describe block's app on one engine and its row helpers, started before its tests and closed
 * after: `s.t` (the app) and `s.rows` (users, sessions) are set once the block's tests run.
 */
export function appSuite(engine: Dialect) {
  const s = {} as { t: TestApp; rows: ReturnType<typeof contentRows> };
  beforeAll(async () => {
    s.t = await createTestApp(engine);
    s.rows = contentRows(s.t.db);
  });
  afterAll(() => s.t.close());
  return s;
}

/** A client address of its own per call (one of 16 million), so per-address limits never spill between calls. */
export const randomIp = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

/**
 * A suite's envelope call: method, URL, the cookie of a signed-in browser (or none) and a JSON body
 * (a string is sent as it is, for malformed bodies); answers the parsed envelope.
 */
export const envelopeCall = (s: { t: TestApp }) => async (method: 'GET' | 'POST', url: string, cookie?: string, body?: unknown) =>
  (
    await s.t.app.inject({
      method,
      url,
      headers: { ...CLIENT_HEADERS, ...(cookie ? { cookie } : {}) },
      remoteAddress: randomIp(),
      ...(body !== undefined ? { payload: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    })
  ).json();
