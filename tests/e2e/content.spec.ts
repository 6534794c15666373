import { expect, test } from './fixtures';

/** Shared content pages, on the demo library the server seeds at first start. */
test.describe('model page', () => {
  test('renders on the server with link-preview tags and schema.org data', async ({ request }) => {
    const res = await request.get('/creality-cloud/model-details/2', { headers: { 'accept-language': 'en' } });
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain('<h1>Twisted vase (vase mode)</h1>');
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/files\/[0-9a-f]{2}\/[0-9a-f]{30}\.png"\/>/);
    expect(html).toMatch(/<script type="application\/ld\+json">\{"@context":"https:\/\/schema.org","@type":"3DModel"/);
    expect(html).toContain('twisted-vase.stl');
  });

  test('shows the gallery, counts, the file to download and the print profile', async ({ page, request }) => {
    await page.goto('/creality-cloud/model-details/1');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('20毫米校准立方体');
    const image = page.getByRole('img', { name: /Image 1 of/ });
    await expect(image).toBeVisible();
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
    await expect(page.getByText('1.2K')).toBeVisible();
    // The file's own row (the bar at the bottom of the screen offers the same download).
    const download = page.locator('.file-row').getByRole('link', { name: 'Download calibration-cube.stl' });
    const stl = await request.get((await download.getAttribute('href')) ?? '');
    expect(stl.headers()['content-type']).toBe('model/stl');
    const body = await stl.body();
    // A binary STL: 80-byte header, triangle count, 50 bytes per triangle.
    expect(body.length).toBe(84 + 50 * body.readUInt32LE(80));
    await expect(page.getByText('PLA 0.2 mm 标准')).toBeVisible();
  });

  test('a model shared in a circle links to it', async ({ page }) => {
    await page.goto('/creality-cloud/model-details/3');
    await page.getByRole('link', { name: 'Functional Prints Workshop' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Functional Prints Workshop');
  });

  test('an unknown model is a translated 404', async ({ page }) => {
    const res = await page.goto('/creality-cloud/model-details/987654');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This model is not available');
    expect((await page.goto('/creality-cloud/model-details/abc'))?.status()).toBe(404);
  });
});

test.describe('slice page', () => {
  test('shows every parameter grouped, with units, and says what the slicer did not state', async ({ page, request }) => {
    const raw = await (await request.get('/creality-cloud/slices-details/2', { headers: { 'accept-language': 'en' } })).text();
    expect(raw).toContain('<h1>PETG vase mode 0.24 mm</h1>');
    expect(raw).toMatch(/<meta property="og:title" content="PETG vase mode 0.24 mm · Twisted vase \(vase mode\)"\/>/);

    await page.goto('/creality-cloud/slices-details/2');
    const row = (label: string) => page.locator('.params div', { has: page.getByText(label, { exact: true }) }).locator('dd');
    await expect(row('Vase mode')).toHaveText('Yes');
    await expect(row('Nozzle temperature')).toHaveText('235 °C');
    await expect(row('Layer height')).toHaveText('0.24 mm');
    await expect(row('Build plate adhesion type')).toHaveText('Brim');
    // What the slicer did not state is folded under one line, closed until asked for.
    const unstated = page.locator('details.slice-unstated');
    await expect(unstated.locator('summary')).toHaveText(/^Not stated by this slicer \(\d+\)$/);
    await expect(unstated.getByText('Infill pattern', { exact: true })).toBeHidden();
    await unstated.locator('summary').click();
    await expect(row('Infill pattern')).toHaveText('not stated');
    await expect(page.locator('.notice')).toHaveCount(0);
    await page.getByRole('link', { name: 'View the model' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Twisted vase (vase mode)');
  });

  test('labels follow the reader language', async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: 'lang', value: 'zh-TW', url: baseURL ?? '' }]);
    await page.goto('/creality-cloud/slices-details/3');
    await expect(page.getByRole('heading', { level: 2, name: '填充' })).toBeVisible();
    await expect(page.locator('.params div', { has: page.getByText('填充圖案', { exact: true }) }).locator('dd')).toHaveText(
      '螺旋二十四面體',
    );
    expect((await page.goto('/creality-cloud/slices-details/999999'))?.status()).toBe(404);
  });
});

test.describe('3D preview', () => {
  for (const id of ['1', '2']) {
    test(`model ${id}: "View in 3D" loads the viewer on demand, turns with a drag, and closes back to the image`, async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`/creality-cloud/model-details/${id}`, { waitUntil: 'networkidle' });
      const image = page.getByRole('img', { name: /Image 1 of/ });
      await expect(image).toBeVisible();
      // three.js is not part of the page's first load.
      const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((r) => r.name));
      expect(scripts.some((s) => s.includes('model-viewer'))).toBe(false);

      await page.getByRole('button', { name: 'View in 3D' }).click();
      const canvas = page.locator('.model-3d canvas');
      await expect(canvas).toBeVisible();
      await expect(page.getByText('Drag to turn', { exact: false })).toBeVisible();
      await expect(page.getByText('Loading 3D…')).toBeHidden();
      await expect(page.getByText('The 3D view could not be loaded')).toBeHidden();
      await expect(image).toBeHidden();
      const box = await canvas.boundingBox();
      expect(box?.width).toBeGreaterThan(100);
      // 4:3, drawn at the device pixel ratio (Pixel 7: 2.625, capped at 2).
      expect(Math.abs((box?.height ?? 0) - ((box?.width ?? 0) * 3) / 4)).toBeLessThan(2);
      expect(await canvas.evaluate((c: HTMLCanvasElement) => c.width)).toBe(Math.round((box?.width ?? 0) * 2));

      if (box) {
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await page.mouse.down();
        await page.mouse.move(box.x + box.width / 2 + 80, box.y + box.height / 2 + 30, { steps: 8 });
        await page.mouse.up();
      }
      await page.getByRole('button', { name: 'Close 3D' }).click();
      await expect(canvas).toHaveCount(0);
      await expect(image).toBeVisible();
      await expect(page.getByRole('button', { name: 'View in 3D' })).toBeVisible();
      expect(errors).toEqual([]);
    });
  }
});
