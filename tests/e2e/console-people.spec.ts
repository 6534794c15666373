import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { cli } from './operator';
import { API_HEADERS, friendPage, newPhone, outboxCode, post, signInByApi, test, userIdOf } from './session';

/**
 * The console's People section: an admin finds a member by phone, blocks them (the member's next
 * call is refused; signing in takes them to the blocked page), unblocks them, adjusts their coins
 * with a reason (the member's balance follows), and the audit log lists each step.
 */
const BEANS = '/api/rest/lottery/tLottery/getMyKwbeansWingingLog';
const PASSWORD = 'print3d2026';

async function passwordSignIn(page: Page, phone: string) {
  // The account page asks the server who is signed in: a refused session signs the page out.
  await page.goto('/account');
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByRole('button', { name: 'Password' }).click();
  await dialog.getByLabel('Country/region').selectOption('CN');
  await dialog.getByLabel('Phone number or email').fill(phone);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
}

test('an admin finds a member by phone, blocks and unblocks them, adjusts their coins; the audit log shows it', async ({
  page,
  browser,
}) => {
  // Two browsers, two sign-ins and the admin command on two shared cores.
  test.setTimeout(90_000);
  await signInByApi(page);
  const adminId = await userIdOf(page);
  cli('scripts/admin.ts', ['user:role', '--user', adminId, '--role', 'admin', '--scope', '*']);

  // The member registers with a password (they sign in again later without waiting for a code).
  const member = await friendPage(browser);
  const phone = newPhone();
  await post(member.request, 'sendCode', { account: phone, type: 1, purpose: 0, region: 'CN' });
  const code = await outboxCode(member.request, `+86${phone}`);
  await post(member.request, 'register', { account: phone, type: 1, code, password: PASSWORD, region: 'CN' });
  const memberId = await userIdOf(member);

  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'People' }).click();
  await page.getByLabel('Phone, e-mail, nickname or member id').fill(phone);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('1 found')).toBeVisible();
  await expect(page.getByText(`+86${phone}`)).toBeVisible();
  await page.locator(`a[href="/admin/people/${memberId}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/admin/people/${memberId}$`));
  await expect(page.getByRole('heading', { name: 'Sign-in methods' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sessions' })).toBeVisible();

  // Block, after a confirmation.
  await page.getByRole('button', { name: 'Block' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('person-state')).toHaveText('Blocked');
  await expect(page.getByText('This member is blocked')).toBeVisible();
  expect((await member.request.get(BEANS, { headers: API_HEADERS })).status()).toBe(401);
  await passwordSignIn(member, phone);
  await expect(member).toHaveURL(/\/pullblack/);
  await expect(member.getByRole('heading', { name: 'Your account is restricted' })).toBeVisible();

  // Unblock: the member signs in again.
  await page.getByRole('button', { name: 'Unblock' }).click();
  await expect(page.getByTestId('person-state')).toHaveText('Active');
  await passwordSignIn(member, phone);
  await expect(member.getByRole('dialog', { name: 'Sign in' })).toBeHidden();

  // Coins, with a reason; a double click adjusts once.
  await page.getByLabel('Amount (negative to take)').fill('25');
  await page.getByLabel('Reason (required)').fill('Sorry for the late parcel');
  await page.getByRole('button', { name: 'Adjust', exact: true }).dblclick();
  await expect(page.getByText('Balance now 25.')).toBeVisible();
  await expect(page.getByTestId('person-coins')).toHaveText('Balance: 25');
  await expect(page.getByText('Adjusted by staff — Sorry for the late parcel')).toHaveCount(1);
  const beans = await (await member.request.get(BEANS, { headers: API_HEADERS })).json();
  expect(beans.result.balance).toBe(25);

  // The audit log: each step, newest first.
  const audit = await (
    await page.request.get(`/api/cxy/admin/v2/console/audit?itemType=user&itemId=${memberId}`, { headers: API_HEADERS })
  ).json();
  const steps = audit.result.items.map((r: { action: string; after: { state?: string; coins?: number } }) =>
    r.action === 'user.update' ? `state:${r.after.state}` : `${r.action}:${r.after.coins}`,
  );
  expect(steps).toEqual(['user.coins:25', 'state:active', 'state:blocked']);
  expect(audit.result.items.every((r: { actorId: string }) => r.actorId === adminId)).toBe(true);
  await member.context().close();
});
