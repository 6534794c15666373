import { encodePng } from '../../scripts/demo-assets/png';
import { expect, hydrated } from './fixtures';
import { signInByApi, test } from './session';

const SHOTS = process.env.E2E_SCREENSHOTS_DIR ?? 'test-results';

/** A small valid PNG (4×4, one colour from `seed`), so each photo is a real, different image. */
const png = (seed: number) =>
  encodePng(
    4,
    4,
    new Uint8Array(48).map((_, i) => (seed * (53 + (i % 3) * 22) + (i % 3) * 80) & 255),
  );
const files = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({ name: `scan-${from + i}.png`, mimeType: 'image/png', buffer: png(from + i) }));

/** Photo modelling: the tutorial, a free-mode set checked ring by ring, uploaded, interrupted and resumed. */
test('a member checks a free-mode photo set and uploads it, resuming after a lost connection', async ({ page, browser }) => {
  await page.goto('/webview/photo-modelling');
  await expect(page.getByRole('heading', { level: 1, name: 'Photo modelling' })).toBeVisible();
  await expect(page.getByRole('img', { name: /Three camera rings around an object/ })).toBeVisible();
  await expect(page.getByText('Big object: 24 bottom, 24 middle and 12 top photos.')).toBeVisible();
  await page.getByRole('tab', { name: 'Free mode' }).click();
  await expect(page.getByRole('tab', { name: 'Free mode' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Any distribution over the rings')).toBeVisible();

  // Screenshots at 375 px in English and Chinese (for a person to look at).
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${SHOTS}/photo-modelling-en.png`, fullPage: true });
  const zh = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'zh-CN', viewport: { width: 375, height: 812 } });
  const zhPage = await zh.newPage();
  await zhPage.goto('/webview/photo-modelling');
  await hydrated(zhPage);
  await expect(zhPage.getByRole('heading', { level: 1, name: '拍照建模' })).toBeVisible();
  await zhPage.screenshot({ path: `${SHOTS}/photo-modelling-zh-CN.png`, fullPage: true });
  await zh.close();

  await signInByApi(page);
  await page.reload();
  const checker = page.getByRole('region', { name: 'Check and upload your photos' });
  await checker.getByRole('radio', { name: 'Free mode' }).check();
  const pick = checker.locator('input[type=file]');
  const ring = checker.getByLabel('Ring for added photos');

  await ring.selectOption({ label: 'Bottom ring' });
  await pick.setInputFiles(files(0, 12));
  await expect(checker.getByText('12 photos: at least 30 are needed.')).toBeVisible();
  await ring.selectOption({ label: 'Middle ring' });
  await pick.setInputFiles(files(12, 12));
  await expect(checker.getByText('24 photos: at least 30 are needed.')).toBeVisible();
  await expect(checker.getByRole('button', { name: 'Upload and submit' })).toBeDisabled();

  // Six more with no ring: refused until each has one (one by tapping, the rest at once).
  await ring.selectOption({ index: 0 });
  await pick.setInputFiles(files(24, 6));
  await expect(checker.getByText('6 photos have no ring yet: tap them to assign one.')).toBeVisible();
  await checker.getByRole('button', { name: 'Photo 25: Tap to assign' }).click();
  await expect(checker.getByRole('button', { name: 'Photo 25: Bottom ring' })).toBeVisible();
  await checker.getByRole('button', { name: 'Photo 25: Bottom ring' }).click();
  await expect(checker.getByRole('button', { name: 'Photo 25: Middle ring' })).toBeVisible();
  await checker.getByRole('button', { name: 'Put unassigned photos in the Top ring' }).click();
  await expect(checker.getByText('This set meets the rules: you can upload it.')).toBeVisible();
  await expect(checker.getByRole('row', { name: /Middle ring/ })).toContainText('13 (at most 24)');
  await checker.screenshot({ path: `${SHOTS}/photo-modelling-set-en.png` });

  // The connection drops at the eleventh photo: ten are stored.
  const sent = new Map<number, number>();
  page.on('request', (r) => {
    const m = r.url().match(/\/photo-scan\/jobs\/\d+\/photos\/(\d+)\?/);
    if (m && r.method() === 'PUT') sent.set(Number(m[1]), (sent.get(Number(m[1])) ?? 0) + 1);
  });
  const cut = /\/photo-scan\/jobs\/\d+\/photos\/(1\d|2\d)\?/;
  await page.route(cut, (route) => route.abort('internetdisconnected'));
  await checker.getByRole('button', { name: 'Upload and submit' }).click();
  await expect(checker.getByRole('alert')).toHaveText('The upload stopped (10 of 30 stored). Photos already on the server are kept.');
  await expect(checker.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('value', '10');

  await page.unroute(cut);
  await checker.getByRole('button', { name: 'Resume upload' }).click();
  await expect(checker.getByRole('status')).toHaveText(
    'Your 30 photos are submitted: the model will appear in your cloud space when it is built.',
  );
  // Resumed, not restarted: the stored ten were sent once, the cut one again.
  expect([0, 5, 9].map((i) => sent.get(i))).toEqual([1, 1, 1]);
  expect(sent.get(10)).toBe(2);
  expect(sent.get(29)).toBe(1);
});

test('the tutorial names its rings beside the drawing, not over it, and the checklist is neutral until a photo is added', async ({
  page,
}) => {
  for (const locale of ['fr', 'en'] as const) {
    await page.context().addCookies([{ name: 'lang', value: locale, url: test.info().project.use.baseURL ?? '' }]);
    await page.setViewportSize({ width: 320, height: 800 });
    await page.goto('/webview/photo-modelling');
    const drawing = page.locator('svg.photo-diagram');
    const legend = page.locator('.photo-legend li');
    await expect(legend).toHaveCount(3);
    // The drawing holds ring numbers only; every name sits in the legend, below the drawing.
    await expect(drawing.locator('text')).toHaveText(['1', '2', '3']);
    const svgBox = await drawing.boundingBox();
    for (const item of await legend.all())
      expect((await item.boundingBox())?.y).toBeGreaterThanOrEqual((svgBox?.y ?? 0) + (svgBox?.height ?? 0));
  }
  const checker = page.locator('.photo-checker');
  await expect(checker.locator('.photo-counts tr')).toHaveCount(3);
  await expect(checker.locator('.photo-short')).toHaveCount(0);
  await expect(checker.locator('.photo-shortfalls')).toHaveCount(0);
  await checker.locator('input[type="file"]').setInputFiles(files(1, 2));
  await expect(checker.locator('.photo-shortfalls li').first()).toBeVisible();
});
