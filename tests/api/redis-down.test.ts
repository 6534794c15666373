import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_HEADERS, createTestApp, type TestApp } from '../helpers/app';

/**
 * Rate limits with REDIS_URL pointing at a Redis that is down: they neither let everything
 * through nor refuse everyone. Each instance counts in its own memory until Redis is back.
 */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('rate limits while Redis is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { REDIS_URL: `redis://127.0.0.1:${await closedPort()}` });
  });
  afterAll(() => t.close());

  it('still count per instance: calls within the limit are served, the next is refused with 429', async () => {
    const call = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/cxy/v2/system/ping',
        headers: CLIENT_HEADERS,
        remoteAddress: ip,
        payload: '{"message":"x"}',
      });
    // The ping's limit: 60 a minute per address.
    for (let i = 0; i < 60; i++) expect((await call('10.1.2.3')).statusCode).toBe(200);
    const refused = await call('10.1.2.3');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().result).toMatchObject({ retryAfterSeconds: expect.any(Number) });
    // Another address has its own budget.
    expect((await call('10.1.2.4')).statusCode).toBe(200);
  });
});
