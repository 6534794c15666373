import { expect, test } from './fixtures';

/** The home page's cards, the share pages' link-preview tags and the timelapse player, on the demo data. */
const EN = { 'accept-language': 'en' };

test.describe('home page', () => {
  test('lists models, campaigns, timelapses and posts, each card leading to its page', async ({ page }) => {
    await page.goto('/');
    const featured = page.locator('[aria-labelledby="feed-featured"] ul a').first();
    const title = (await featured.locator('.feed-title').textContent()) ?? '';
    expect(title.length).toBeGreaterThan(0);
    await featured.click();
    await expect(page).toHaveURL(/\/creality-cloud\/model-details\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);

    await page.goto('/');
    await page.locator('[aria-labelledby="feed-latest"] ul a').first().click();
    await expect(page).toHaveURL(/\/creality-cloud\/model-details\/\d+$/);

    await page.goto('/');
    await page.locator('[aria-labelledby="feed-timelapses"] ul a').first().click();
    await expect(page).toHaveURL(/\/timelapses-share\/\d+$/);
    await expect(page.getByRole('button', { name: /Play|播放|Lecture/ })).toBeVisible();

    await page.goto('/');
    await page.locator('[aria-labelledby="feed-posts"] .post-card-link').first().click();
    await expect(page).toHaveURL(/\/creality-cloud\/share-content\/\d+$/);

    await page.goto('/');
    const campaigns = page.locator('.campaign-tile');
    expect(await campaigns.count()).toBeGreaterThan(0);
    for (const href of await campaigns.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))) {
      const res = await page.request.get(href, { headers: EN });
      expect(res.status(), href).toBe(200);
      expect(await res.text(), href).not.toMatch(/<h1[^>]*>This event is not available/);
    }
  });

  test('is cacheable by everyone, and its pictures have a size and load lazily below the fold', async ({ page, request }) => {
    const res = await request.get('/', { headers: EN });
    expect(res.headers()['cache-control']).toMatch(/^public/);
    await page.goto('/');
    const imgs = await page.locator('.landing img').evaluateAll((list) =>
      list.map((i) => ({
        w: i.getAttribute('width'),
        h: i.getAttribute('height'),
        lazy: i.getAttribute('loading'),
        top: i.getBoundingClientRect().top,
      })),
    );
    expect(imgs.length).toBeGreaterThan(4);
    for (const i of imgs) {
      expect(i.w && i.h).toBeTruthy();
      if (i.top > 900) expect(i.lazy).toBe('lazy');
    }
  });
});

test('every share page in the sitemap has og:image, og:title and og:description, the image a real picture', async ({ request }) => {
  const index = await (await request.get('/sitemap.xml')).text();
  const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');
  const urls: string[] = [];
  for (const f of files) urls.push(...[...(await (await request.get(f)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? ''));
  for (const kind of [
    'model-details',
    'slices-details',
    'share-content',
    'personal-center',
    'circle-details',
    'timelapses-share/',
    'activeId=',
    'check-in',
  ]) {
    expect(
      urls.some((u) => u.includes(kind)),
      kind,
    ).toBe(true);
  }
  const images = new Set<string>();
  for (const url of urls.map((u) => u.replace('&amp;', '&'))) {
    const html = await (await request.get(url, { headers: EN })).text();
    const tag = (p: string) => new RegExp(`<meta property="${p}" content="([^"]+)"/>`).exec(html)?.[1];
    expect(tag('og:title'), url).toBeTruthy();
    expect(tag('og:description'), url).toBeTruthy();
    const image = tag('og:image');
    expect(image, url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    images.add(image ?? '');
  }
  for (const image of images) {
    const res = await request.get(image);
    expect(res.status(), image).toBe(200);
    expect(res.headers()['content-type'], image).toMatch(/^image\//);
  }
});

test('a timelapse plays, pauses and scrubs with its own controls, starting paused', async ({ page, request }) => {
  const list = await (await request.get('/api/cxy/v2/content/timelapses')).json();
  await page.goto(`/timelapses-share/${list.result.list[0].id}`);
  const play = page.getByRole('button', { name: 'Play' });
  const seek = page.getByRole('slider', { name: 'Position in the recording' });
  const time = page.locator('.player-time');
  await expect(play).toBeEnabled();
  await expect(time).toHaveText(/^0:00 \/ \d+:\d\d$/);
  for (const box of [await play.boundingBox(), await seek.boundingBox()]) expect(box?.height).toBeGreaterThanOrEqual(44);
  expect((await play.boundingBox())?.width).toBeGreaterThanOrEqual(44);
  // Nothing moves by itself.
  await page.waitForTimeout(1_200);
  await expect(time).toHaveText(/^0:00 /);

  await play.click();
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect(time).not.toHaveText(/^0:00 /, { timeout: 5_000 });
  await page.getByRole('button', { name: 'Pause' }).click();
  const paused = await time.textContent();
  await page.waitForTimeout(1_200);
  await expect(time).toHaveText(paused ?? '');

  await seek.focus();
  await page.keyboard.press('End');
  const total = (await time.textContent())?.split(' / ')[1];
  await expect(time).toHaveText(`${total} / ${total}`);
  await page.keyboard.press('Home');
  await expect(time).toHaveText(`0:00 / ${total}`);
  // The canvas shows a frame (not blank) after scrubbing.
  const painted = await page.locator('canvas.media').evaluate((c: HTMLCanvasElement) => {
    const d = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data ?? new Uint8ClampedArray();
    let n = 0;
    for (let i = 3; i < d.length; i += 4) if ((d[i] ?? 0) > 0) n++;
    return n;
  });
  expect(painted).toBeGreaterThan(1000);
});
