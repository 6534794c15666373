import { expect } from './fixtures';
import { signInByApi, test } from './session';

/** Free-model funnel: sign up, pick a free model, download its file through a signed link. */
test('a new member picks a free model and downloads it', async ({ page }) => {
  await page.goto('/free-model/register');
  await expect(page.getByRole('heading', { level: 1, name: 'A free model for your first print' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign up free' })).toBeVisible();
  await signInByApi(page);
  await page.reload();
  await page.getByRole('button', { name: 'Choose my free model' }).click();
  await expect(page).toHaveURL(/\/free-model\/model$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pick a free model' })).toBeVisible();
  await page.locator('.tile-card a', { hasText: 'Twisted vase' }).first().click();
  await expect(page).toHaveURL(/\/free-model\/download\?modelId=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: /Twisted vase/ })).toBeVisible();
  const modelId = new URL(page.url()).searchParams.get('modelId');
  const counted = async () =>
    (await (await page.request.get(`/api/cxy/v2/free-model/files?modelId=${modelId}`)).json()).result.downloads as number;
  const before = await counted();

  const download = page.waitForEvent('download');
  await page.locator('.free-model-file').first().getByRole('button', { name: 'Download' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.(stl|3mf)$/i);
  expect((await file.path()) ?? '').not.toBe('');

  expect(await counted()).toBe(before + 1);
  expect((await page.request.get('/free-model/download?modelId=999999')).status()).toBe(404);
});
