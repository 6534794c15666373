import { expect } from './fixtures';
import { cli } from './operator';
import { signInByApi, test, userIdOf } from './session';

/**
 * The console's winners and gift-code pages: an admin picks a campaign, sees what waits to be
 * shipped first, filters the list by state (each state with its count), kept in the address.
 */
test('an operator filters a campaign by state on the winners and gift-code pages', async ({ page }) => {
  await signInByApi(page);
  cli('scripts/admin.ts', ['user:role', '--user', await userIdOf(page), '--role', 'admin', '--scope', '*']);

  await page.goto('/admin/claims');
  await expect(page.getByRole('heading', { level: 1, name: 'Winners and claims' })).toBeVisible();
  const picker = page.getByLabel('Campaign');
  await expect(picker.locator('option')).not.toHaveCount(1);
  await picker.selectOption({ index: 1 });
  const tabs = page.locator('.ops-tabs');
  // What waits to be shipped comes first.
  await expect(tabs.getByRole('button', { name: /^To ship \(\d+\)$/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(tabs.getByRole('button', { name: 'All', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await tabs.getByRole('button', { name: /^Shipped \(\d+\)$/ }).click();
  await expect(tabs.getByRole('button', { name: /^Shipped \(\d+\)$/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/state=shipped/);

  await page.goto('/admin/gift-codes');
  const codes = page.getByLabel('Campaign');
  await expect(codes.locator('option')).not.toHaveCount(1);
  await codes.selectOption({ index: 1 });
  await expect(page.locator('.ops-tabs').getByRole('button', { name: /^Unused \(\d+\)$/ })).toBeVisible();
});
