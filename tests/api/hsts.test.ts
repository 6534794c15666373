import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';

/** Strict-Transport-Security: sent when the public origin is https, never over a plain-http one. */
describe('HSTS', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  const URLS = ['/api/cxy/v2/system/ping', '/healthz', '/api/cxy/nothing-here'];
  const answers = (app: TestApp['app']) =>
    Promise.all(URLS.map(async (url) => ({ url, res: await app.inject({ url, headers: { host: 'cloud.example.com' } }) })));

  it('with an https PUBLIC_URL: on envelope answers and the others alike, for a year, not for subdomains', async () => {
    t = await createTestApp('sqlite', { PUBLIC_URL: 'https://cloud.example.com' });
    for (const { url, res } of await answers(t.app)) expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000');
  });

  it('with an http PUBLIC_URL, or none: not sent', async () => {
    for (const env of [{ PUBLIC_URL: 'http://cloud.example.com' }, {}] as Record<string, string>[]) {
      t = await createTestApp('sqlite', { ...env, ALLOWED_HOSTS: 'cloud.example.com' });
      for (const { url, res } of await answers(t.app)) expect(res.headers['strict-transport-security'], url).toBeUndefined();
      await t.close();
      t = undefined;
    }
  });
});
