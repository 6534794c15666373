import { expect } from './fixtures';
import { signInByApi, test } from './session';

/** Daily check-in: a member checks in once; the page remembers it after a reload. */
test('a member checks in once a day and sees it on the calendar', async ({ page }) => {
  await page.goto('/webview/check-in');
  await expect(page.getByRole('heading', { level: 1, name: 'Daily check-in' })).toBeVisible();
  await expect(page.getByText('Sign in to check in and collect your Cuvacoins.')).toBeVisible();

  await signInByApi(page);
  await page.reload();
  const button = page.getByRole('button', { name: 'Check in', exact: true });
  await button.click();
  await expect(page.getByText(/^Checked in: \+\d+ Cuvacoins$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Checked in today' })).toBeDisabled();
  await expect(page.getByText('1 day in a row')).toBeVisible();
  await expect(page.locator('.calendar-done')).toHaveCount(1);

  await page.reload();
  await expect(page.getByRole('button', { name: 'Checked in today' })).toBeDisabled();
  await expect(page.locator('.calendar-today.calendar-done')).toHaveCount(1);
  await expect(page.getByText(/^1 check-in this month, \d+ Cuvacoins$/)).toBeVisible();

  const missing = await page.goto('/webview/check-in?activityId=999999');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'This check-in is not available' })).toBeVisible();
});
