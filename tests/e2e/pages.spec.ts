import { expect, hydrated, test } from './fixtures';

const LEGAL_TITLES: Record<string, string> = {
  en: 'Privacy Policy',
  'zh-CN': '隐私政策',
  'zh-TW': '隱私權政策',
  fr: 'Politique de confidentialité',
};

test.describe('pages of the foundation', () => {
  for (const [lang, title] of Object.entries(LEGAL_TITLES)) {
    test(`the privacy policy reads in ${lang}, with a table of contents`, async ({ page, baseURL }) => {
      await page.context().addCookies([{ name: 'lang', value: lang, url: baseURL ?? '' }]);
      await page.goto('/privacy-policy');
      await expect(page.getByRole('heading', { level: 1 })).toContainText(title.split(' ')[0] ?? title);
      const toc = page.locator('nav.toc a');
      expect(await toc.count()).toBeGreaterThanOrEqual(4);
      const target = await toc.nth(2).getAttribute('href');
      await toc.nth(2).click();
      await expect(page.locator(target ?? '')).toBeInViewport();
    });
  }

  test('every legal and help path answers with its document', async ({ request }) => {
    const paths = [
      '/privacy',
      '/creality-cloud/privacy-policy',
      '/mobile/contact-us',
      '/mobile/protocol',
      '/mobile/cancellation',
      '/mobile/copyright',
      '/webview/rights',
      '/webview/rights-details',
      '/webview/sales-restrictions',
      '/webview/credits-rules',
      '/webview/post',
      '/webview/rule',
      '/webview/member-service',
      '/webview/cloud-storage',
      '/webview/withdraw',
      '/webview/individual-tax',
      '/webview/certification',
      '/webview/payment-agreement',
      '/webview/announced',
      '/creality-cloud/licences',
    ];
    for (const p of paths) {
      const res = await request.get(p);
      expect(res.status(), p).toBe(200);
      expect(await res.text(), p).toMatch(/<article class="card doc"><h1>[^<]{2,}<\/h1>/);
    }
  });

  test('both readings of the prefixed spec paths show the same page', async ({ request }) => {
    for (const p of ['/download', '/mobile-page', '/empty-page', '/qrcode-page', '/pullblack', '/privacy-policy']) {
      const [bare, prefixed] = await Promise.all([request.get(p), request.get(`/creality-cloud${p}`)]);
      expect(bare.status(), p).toBe(200);
      expect(prefixed.status(), `/creality-cloud${p}`).toBe(200);
      const h1 = (html: string) => /<h1>([^<]*)<\/h1>/.exec(html)?.[1];
      expect(h1(await prefixed.text())).toBe(h1(await bare.text()));
    }
  });

  test('the download page offers the store of the phone, and a QR code on a computer', async ({ browser }) => {
    const iphone = await browser.newContext({
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
    });
    const p1 = await iphone.newPage();
    await p1.goto('/download');
    await hydrated(p1);
    await expect(p1.getByRole('link', { name: 'Download on the App Store' })).toBeVisible();
    await expect(p1.getByRole('link', { name: 'Get it on Google Play' })).toHaveCount(0);
    await expect(p1.getByRole('img', { name: /QR code/ })).toHaveCount(0);
    await iphone.close();

    const desktop = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      isMobile: false,
      hasTouch: false,
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
    });
    const p2 = await desktop.newPage();
    await p2.goto('/app-download');
    await hydrated(p2);
    await expect(p2.getByRole('link', { name: 'Download on the App Store' })).toBeVisible();
    await expect(p2.getByRole('link', { name: 'Get it on Google Play' })).toBeVisible();
    await expect(p2.getByRole('img', { name: /QR code for http/ })).toBeVisible();
    await desktop.close();
  });

  test('starting a download shows the loading overlay', async ({ browser }) => {
    const android = await browser.newContext({
      userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36',
    });
    const page = await android.newPage();
    // The store answers slowly, as a real store does: the overlay covers the wait.
    await page.route('**/__store/**', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.fulfill({ status: 204 });
    });
    await page.goto('/download');
    await hydrated(page);
    await page.getByRole('link', { name: 'Get it on Google Play' }).click();
    await expect(page.getByRole('alert')).toHaveText('starting download...');
    await android.close();
  });

  test('inside WeChat the download page explains how to open the browser', async ({ browser }) => {
    const wechat = await browser.newContext({
      userAgent: 'Mozilla/5.0 (Linux; Android 13; V2203A) AppleWebKit/537.36 MicroMessenger/8.0.44 Mobile Safari/537.36',
    });
    const page = await wechat.newPage();
    await page.goto('/download');
    await hydrated(page);
    await page.getByRole('link', { name: 'Get it on Google Play' }).click();
    await expect(page.getByText('Open in Browser', { exact: false })).toBeVisible();
    await expect(page).toHaveURL(/\/download$/);
    await wechat.close();
  });

  test('the QR and phone hand-off pages encode only this site', async ({ page }) => {
    await page.goto('/qrcode-page?url=https://evil.example/');
    await expect(page.getByRole('img', { name: /QR code/ })).toHaveAttribute('aria-label', /\/download$/);
    await page.goto('/mobile-page?url=/mobile/contact-us');
    await expect(page.getByRole('img', { name: /QR code/ })).toHaveAttribute('aria-label', /\/mobile\/contact-us$/);
    await page.getByRole('link', { name: 'Continue on this computer' }).click();
    await expect(page).toHaveURL(/\/mobile\/contact-us$/);
  });

  test('the blocked-account and empty pages explain themselves', async ({ page }) => {
    await page.goto('/pullblack');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your account is restricted');
    await expect(page.getByRole('link', { name: 'Appeal by e-mail' })).toHaveAttribute('href', /^mailto:/);
    await page.goto('/creality-cloud/empty-page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nothing to see here');
  });
});
