import { expect, test } from './fixtures';
import { masked, signInByApi } from './session';

test.describe('delivery', () => {
  test('pages are compressed, hashed assets are cached for a year and served pre-compressed', async ({ request, page }) => {
    const html = await request.get('/', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(html.headers()['content-encoding']).toBe('br');
    expect(html.headers()['cache-control']).toBe('public, max-age=0, must-revalidate, s-maxage=30');
    const personal = await request.get('/download', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(personal.headers()['content-encoding']).toBe('br');
    expect(personal.headers()['cache-control']).toBe('private, no-cache');

    const assets: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/assets/') && r.url().endsWith('.js')) assets.push(r.url());
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(assets.length).toBeGreaterThan(2);
    const asset = await request.get(assets[0] ?? '', { headers: { 'accept-encoding': 'br' } });
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers()['content-encoding']).toBe('br');
  });

  test('a page whose code does not arrive shows a load error after 120 seconds', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The legal page's code never arrives (a dead connection).
    await page.route(/\/assets\/doc-page-[^/]+\.js$/, () => {});
    await page.getByRole('navigation', { name: 'Site links' }).getByRole('link', { name: 'Privacy Policy' }).click();
    await page.clock.fastForward(119_000);
    await expect(page.getByText('This page could not be loaded')).toHaveCount(0);
    await page.clock.fastForward(2_000);
    await expect(page.getByRole('alert')).toContainText('This page could not be loaded. Check your network and try again.');
    await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
  });

  test('page views share a short cache per language, signed in or not', async ({ request }) => {
    const path = `/webview/rule?v=${Date.now()}`;
    const first = await request.get(path, { headers: { 'accept-language': 'fr' } });
    const second = await request.get(path, { headers: { 'accept-language': 'fr', 'accept-encoding': 'br' } });
    expect(first.headers()['x-page-cache']).toBe('miss');
    expect(second.headers()['x-page-cache']).toBe('hit');
    expect(second.headers()['content-encoding']).toBe('br');
    // The nonce in the cached HTML is the one its CSP header allows.
    const nonce = /'nonce-([^']+)'/.exec(second.headers()['content-security-policy'] ?? '')?.[1];
    expect(await second.text()).toContain(`nonce="${nonce}"`);
    expect(await second.text()).toBe(await first.text());

    const english = await request.get(path, { headers: { 'accept-language': 'en' } });
    expect(english.headers()['x-page-cache']).toBe('miss');
    expect(await english.text()).toContain('<html lang="en">');

    const etag = second.headers().etag ?? '';
    const revalidated = await request.get(path, { headers: { 'accept-language': 'fr', 'if-none-match': etag } });
    expect(revalidated.status()).toBe(304);

    // The page is the same for everyone: a signed-in visitor gets the shared copy.
    const signedIn = await request.get(path, { headers: { 'accept-language': 'fr', cookie: 'token=abc; userId=1' } });
    expect(signedIn.headers()['x-page-cache']).toBe('hit');
    expect(await signedIn.text()).toBe(await first.text());
    const device = await request.get('/download');
    expect(device.headers()['x-page-cache']).toBeUndefined();
  });

  test('a signed-in visitor shares public pages, and personal pages stay their own', async ({ playwright, baseURL }) => {
    const visitor = async () => {
      const request = await playwright.request.newContext({
        baseURL,
        extraHTTPHeaders: { 'x-forwarded-for': `198.51.100.${1 + Math.floor(Math.random() * 250)}` },
      });
      return { request, phone: await signInByApi({ request }) };
    };
    const [a, b] = [await visitor(), await visitor()];
    const path = `/webview/rule?shared=${Date.now()}`;
    // Signed in first: the render is shared, so it holds neither visitor.
    const first = await a.request.get(path);
    expect(first.headers()['x-page-cache']).toBe('miss');
    const html = await first.text();
    for (const phone of [a.phone, b.phone]) expect(html).not.toContain(phone.slice(-4));
    const second = await b.request.get(path);
    expect(second.headers()['x-page-cache']).toBe('hit');
    expect(await second.text()).toBe(html);

    for (let round = 0; round < 2; round++) {
      for (const [me, other] of [
        [a, b],
        [b, a],
      ] as const) {
        const own = await me.request.get('/account');
        expect(own.headers()['x-page-cache']).toBeUndefined();
        expect(own.headers()['cache-control']).toContain('private');
        const text = await own.text();
        expect(text).toContain(masked(me.phone).slice(-4));
        expect(text).not.toContain(masked(other.phone));
      }
    }
    await Promise.all([a.request.dispose(), b.request.dispose()]);
  });
});
