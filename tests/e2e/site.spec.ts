import { test as plain } from '@playwright/test';
import { expect, test } from './fixtures';

test.describe('site foundation', () => {
  test('landing page is rendered on the server, with link-preview tags', async ({ request }) => {
    const res = await request.get('/', { headers: { 'accept-language': 'en' } });
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain('<h1>Your 3D printing, connected</h1>');
    expect(html).toContain('Model library');
    expect(html).toMatch(/<meta property="og:title" content="Creality Cloud"\/>/);
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/"\/>/);
    expect(html).toContain('<html lang="en">');
    expect(res.headers()['content-security-policy']).toMatch(/script-src 'self' https:\/\/res\.wx\.qq\.com 'nonce-/);
  });

  test('landing page hydrates without errors and sets the rem base before paint', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your 3D printing, connected');
    const width = await page.evaluate(() => document.documentElement.clientWidth);
    const rem = await page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
    expect(rem).toBe(`${Math.min(width, 750) / 10}px`);
    await page.getByRole('link', { name: 'Download the app' }).first().click();
    await expect(page).toHaveURL(/\/download$/);
    expect(errors).toEqual([]);
  });

  test('the language switch persists across a reload', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Language').selectOption('fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Votre impression 3D, connectée');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Votre impression 3D, connectée');
    await page.getByLabel('Langue').selectOption('zh-CN');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('让 3D 打印更简单');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans');
    await page.goto('/mobile/agreement');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('用户协议');
  });

  test('the browser language is used when no language was chosen', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'zh-TW', extraHTTPHeaders: { 'accept-language': 'zh-TW,zh;q=0.9' } });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('讓 3D 列印更簡單');
    await context.close();
  });

  test('unknown paths show a translated 404 page', async ({ page }) => {
    const res = await page.goto('/no/such/page');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.context().addCookies([{ name: 'lang', value: 'fr', url: page.url() }]);
    await page.goto('/creality-cloud/nothing');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
  });

  test('tools links leave for the makers-tools page in the same window', async ({ page }) => {
    await page.goto('/creality-cloud/tools/42/1');
    await expect(page).toHaveURL(/\/makers-tools\/42$/);
    expect(await page.evaluate(() => window.history.length)).toBeLessThanOrEqual(2);
  });

  test('a c or channel parameter is kept as outer-link info for the visit', async ({ page }) => {
    await page.goto('/?c=poster-2026');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const info = await page.evaluate(() => JSON.parse(sessionStorage.getItem('outerLinkInfo') ?? 'null'));
    expect(info).toMatchObject({ channel: 'poster-2026', landingPath: '/' });
    await page.goto('/download?channel=wechat-group');
    expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('outerLinkInfo') ?? '{}').channel)).toBe('wechat-group');
  });

  test('navigation resets the scroll position to the top', async ({ page }) => {
    await page.goto('/privacy-policy');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.getByRole('navigation', { name: 'Site links' }).getByRole('link', { name: 'User Agreement' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('User Agreement');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('a failing call shows a translated toast, then it goes away', async ({ page }) => {
    await page.goto('/');
    await page.route('**/api/cxy/v2/system/language', (route) => route.abort('failed'));
    await page.getByLabel('Language').selectOption('fr');
    const toast = page.getByRole('status');
    await expect(toast).toHaveText('Request failed: the server did not respond. Please check your network.');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your 3D printing, connected');

    await page.unroute('**/api/cxy/v2/system/language');
    await page.route('**/api/cxy/v2/system/language', (route) =>
      route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }),
    );
    await page.getByLabel('Language').selectOption('zh-TW');
    await expect(toast).toHaveText('Failed to connect to the server');
    await expect(toast).toHaveText('', { timeout: 7_000 });
  });
});

// Opened without the fixture's wait for hydration: the tap must land while the code is loading.
plain('a tap made while the page code is still loading is carried out once it has arrived', async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/creality-cloud/model-details/1', { waitUntil: 'commit' });
  const signIn = page.getByRole('banner').getByRole('button', { name: 'Sign in' });
  await signIn.click();
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
  await expect(signIn).toHaveClass(/tap-pending/);
  release();
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
  await expect(signIn).not.toHaveClass(/tap-pending/);
});
