import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROTLI_WINDOW_BITS, brotliWindowBits } from '../../src/server/http/compression';
import { createTestApp, type TestApp } from '../helpers/app';

// Each brotli encoder holds memory in proportion to its window; answers compressed as they are
// sent use the server's small window, not brotli's default of 4 MiB.
describe('answers compressed on the fly', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it("use brotli with the server's window", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliWindowBits(res.rawPayload)).toBe(BROTLI_WINDOW_BITS);
  });
});
