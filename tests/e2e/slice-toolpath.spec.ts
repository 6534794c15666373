import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';

/**
 * The toolpath preview on the slice page, for a slice made from real PrusaSlicer output by the
 * content:import command against the journeys' server (its database and file store).
 */
const DATA_DIR = process.env.E2E_DATA_DIR ?? '';
let sliceId = 0;

test.beforeAll(() => {
  const env = {
    ...process.env,
    DATABASE_URL: `file:${path.join(DATA_DIR, 'e2e.sqlite')}`,
    FILES_DIR: path.join(DATA_DIR, 'files'),
    LOG_LEVEL: 'silent',
  };
  const examples = path.resolve('docs/examples');
  const manifest = path.join(DATA_DIR, `toolpath-${Date.now()}.json`);
  fs.writeFileSync(
    manifest,
    JSON.stringify({
      users: [{ ref: 'maker', nickname: `Toolpath maker ${Date.now()}`, locale: 'en' }],
      models: [
        {
          ref: 'vase',
          authorId: 'maker',
          title: 'Twisted vase, sliced',
          licence: 'BY-NC-SA',
          imageFileIds: [path.join(examples, 'twisted-vase.png')],
          fileIds: [path.join(examples, 'twisted-vase.stl')],
        },
      ],
      slices: [{ modelId: 'vase', gcodeFileId: path.join(examples, 'twisted-vase_prusaslicer-2.7.4.gcode'), name: 'PLA 0.3 mm vase mode' }],
    }),
  );
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/content-import.ts', manifest], { env, encoding: 'utf8' });
  sliceId = JSON.parse(out).slices[0].id;
});

test('the toolpath opens on request, its layers move with the slider and the keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 740 });
  const chunks: string[] = [];
  page.on('request', (r) => chunks.push(r.url()));
  await page.goto(`/creality-cloud/slices-details/${sliceId}`);
  const open = page.getByRole('button', { name: 'Show the toolpath' });
  await expect(open).toBeEnabled();
  // Neither the viewer's code nor the layers are fetched before the visitor asks.
  expect(chunks.some((u) => u.includes('toolpath-viewer') || u.includes('/toolpaths/'))).toBe(false);
  await open.click();
  const slider = page.getByRole('slider', { name: 'Layer' });
  await expect(slider).toBeVisible();
  const status = page.getByText(/^Layer \d+ of \d+ · Z [\d.]+ mm$/);
  const last = await status.textContent();
  const [, top, count] = /^Layer (\d+) of (\d+)/.exec(last ?? '') ?? [];
  expect(top).toBe(count);
  await slider.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(status).toHaveText(new RegExp(`^Layer ${Number(top) - 1} of ${count} `));
  await page.keyboard.press('Home');
  await expect(status).toHaveText(new RegExp(`^Layer 1 of ${count} `));
  // Something is drawn: the canvas has coloured pixels.
  const canvas = page.getByRole('img', { name: /^Toolpath of layer 1/ });
  const drawn = await canvas.evaluate((c: HTMLCanvasElement) => {
    const data = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data ?? new Uint8ClampedArray();
    let n = 0;
    for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) n++;
    return n;
  });
  expect(drawn).toBeGreaterThan(50);
  // Fits the narrowest phone: nothing wider than the page.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.getByRole('checkbox', { name: 'Show travel moves' }).check();
  await page.getByRole('button', { name: 'Hide the toolpath' }).click();
  await expect(slider).toBeHidden();
});
