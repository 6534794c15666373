import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { masked, newPhone, outboxCode, post, signInByApi, test } from './session';

/**
 * Accounts journeys: the login sheet (code and password, reset), the account page, sign-out and
 * the sheet opening by itself when a signed-in call answers code 4. Codes come from the
 * development outbox (the e2e server runs with NODE_ENV=test).
 */

const header = (page: Page) => page.getByRole('banner');
const sheet = (page: Page) => page.getByRole('dialog', { name: 'Sign in' });

test.describe('accounts', () => {
  test('phone and code: the first sign-in registers, the header and /account show the account', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const phone = newPhone();
    await page.goto('/');
    await header(page).getByRole('button', { name: 'Sign in' }).click();
    const dialog = sheet(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await expect(dialog).toBeFocused();
    // Accounts are made by SMS code: the sheet starts there.
    await expect(dialog.getByRole('button', { name: 'SMS code', pressed: true })).toBeVisible();

    await dialog.getByLabel('Country/region').selectOption('CN');
    await dialog.getByLabel('Phone number').fill(phone);
    const since = Date.now();
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await expect(dialog.getByRole('button', { name: /^Resend in \d+ s$/ })).toBeDisabled();
    const code = dialog.getByLabel('Verification code');
    await expect(code).toBeFocused();
    await expect(code).toHaveAttribute('inputmode', 'numeric');
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await code.fill(await outboxCode(page.request, `+86${phone}`, since));
    await dialog.getByRole('button', { name: 'Sign in' }).click();

    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status')).toHaveText('Welcome to Creality Cloud! Your account is ready.');
    await header(page).getByRole('link', { name: 'Account' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My account');
    await expect(page.getByText(masked(phone))).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('the sheet closes with Escape and gives focus back; it speaks the reader language', async ({ page }) => {
    await page.goto('/download');
    const button = header(page).getByRole('button', { name: 'Sign in' });
    await button.click();
    await expect(sheet(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sheet(page)).toBeHidden();
    await expect(button).toBeFocused();

    await page.getByLabel('Language').selectOption('fr');
    await header(page).getByRole('button', { name: 'Connexion' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connexion' });
    await expect(dialog.getByLabel('Numéro de téléphone', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await expect(dialog).toBeHidden();
  });

  test('password: an account registered with e-mail signs in; a forgotten password is reset', async ({ page }) => {
    let since = 0;
    const email = `maker-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
    await post(page.request, 'sendCode', { account: email, type: 0, purpose: 0 });
    const code = await outboxCode(page.request, email);
    await post(page.request, 'register', { account: email, type: 0, code, password: 'first1234' });
    await post(page.request, 'logout', {});

    await page.goto('/');
    await header(page).getByRole('button', { name: 'Sign in' }).click();
    const dialog = sheet(page);
    await dialog.getByRole('button', { name: 'Password' }).click();
    await dialog.getByLabel('Phone number or email').fill(email);
    // An e-mail needs no country.
    await expect(dialog.getByLabel('Country/region')).toHaveCount(0);
    await dialog.getByLabel('Password', { exact: true }).fill('wrong9999');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Wrong account or password');

    // Forgot password: code to the e-mail, a new password following the rule shown.
    await dialog.getByRole('button', { name: 'Forgot password?' }).click();
    const reset = page.getByRole('dialog', { name: 'Reset password' });
    await expect(reset.getByLabel('Phone number or email')).toHaveValue(email);
    await expect(reset.getByText('8-64 characters with letters and digits')).toBeVisible();
    since = Date.now();
    await reset.getByRole('button', { name: 'Send code' }).click();
    await reset.getByLabel('Verification code').fill(await outboxCode(page.request, email, since));
    await reset.getByLabel('New password', { exact: true }).fill('short');
    await reset.getByRole('button', { name: 'Reset password' }).click();
    await expect(reset.getByRole('alert')).toHaveText('Password must be 8-64 characters with letters and digits');
    await reset.getByLabel('New password', { exact: true }).fill('second1234');
    await reset.getByRole('button', { name: 'Reset password' }).click();

    await expect(dialog.getByText('Your password has been changed. Sign in with your new password.')).toBeVisible();
    await expect(dialog.getByLabel('Phone number or email')).toHaveValue(email);
    await dialog.getByLabel('Password', { exact: true }).fill('second1234');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect(dialog).toBeHidden();
    await expect(header(page).getByRole('link', { name: 'Account' })).toBeVisible();
  });

  test('password: a phone account signs in with its region', async ({ page }) => {
    const phone = newPhone();
    await post(page.request, 'sendCode', { account: phone, type: 1, purpose: 0, region: 'CN' });
    const code = await outboxCode(page.request, `+86${phone}`);
    await post(page.request, 'register', { account: phone, type: 1, code, password: 'print3d2026', region: 'CN' });
    await post(page.request, 'logout', {});

    await page.goto('/');
    await header(page).getByRole('button', { name: 'Sign in' }).click();
    const dialog = sheet(page);
    await dialog.getByRole('button', { name: 'Password' }).click();
    await dialog.getByLabel('Country/region').selectOption('CN');
    await dialog.getByLabel('Phone number or email').fill(phone);
    await dialog.getByLabel('Password', { exact: true }).fill('print3d2026');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect(dialog).toBeHidden();
    await page.goto('/account');
    await expect(page.getByText(masked(phone))).toBeVisible();
    await expect(page.getByText('Set', { exact: true })).toBeVisible();
  });

  test('a malformed or wrong code shows the catalogue message', async ({ page }) => {
    let since = 0;
    const phone = newPhone();
    await page.goto('/');
    await header(page).getByRole('button', { name: 'Sign in' }).click();
    const dialog = sheet(page);
    await dialog.getByRole('button', { name: 'SMS code' }).click();
    await dialog.getByLabel('Country/region').selectOption('CN');
    await dialog.getByLabel('Phone number').fill('12345');
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please enter a valid phone number');
    await expect(dialog.getByLabel('Phone number')).toHaveAttribute('aria-invalid', 'true');

    await dialog.getByLabel('Phone number').fill(phone);
    since = Date.now();
    await dialog.getByRole('button', { name: 'Send code' }).click();
    const real = await outboxCode(page.request, `+86${phone}`, since);
    await dialog.getByLabel('Verification code').fill('12');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Incorrect Code Format');

    await dialog.getByLabel('Verification code').fill(real === '000000' ? '111111' : '000000');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('The code is wrong or has expired');
    await expect(page.getByRole('status')).toHaveText('The code is wrong or has expired');
    await expect(dialog).toBeVisible();
  });

  test('the account page is personal: not cached publicly, not indexed, a prompt when signed out', async ({ page, request }) => {
    const res = await request.get('/account');
    expect(res.status()).toBe(200);
    expect(res.headers()['cache-control']).toBe('private, no-cache');
    expect(await res.text()).toContain('<meta name="robots" content="noindex"/>');

    await page.goto('/account');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to see your account');
    await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
    await expect(sheet(page)).toBeVisible();
  });

  test('profile, then sign out', async ({ page }) => {
    await signInByApi(page);
    await page.goto('/account');
    await expect(header(page).getByRole('link', { name: 'Account' })).toBeVisible();
    await page.getByLabel('Nickname').fill('Benchy Fan');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status')).toHaveText('Saved');
    await page.reload();
    await expect(page.getByLabel('Nickname')).toHaveValue('Benchy Fan');

    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to see your account');
    await expect(header(page).getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain('token');
  });

  test('the sheet opens by itself when a signed-in call answers code 4', async ({ page }) => {
    const phone = newPhone();
    await post(page.request, 'sendCode', { account: phone, type: 1, purpose: 0, region: 'CN' });
    const code = await outboxCode(page.request, `+86${phone}`);
    await post(page.request, 'register', { account: phone, type: 1, code, password: 'nozzle0042', region: 'CN' });
    await page.goto('/account');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My account');
    await page.context().clearCookies();
    await page.getByLabel('Nickname').fill('Still me');
    await page.getByRole('button', { name: 'Save' }).click();
    const dialog = sheet(page);
    await expect(dialog).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('Your sign-in has expired. Please sign in again.');
    await expect(page.getByRole('alert')).toContainText('Your sign-in has expired. Please sign in again.');

    // Signing in again from there brings the page back.
    await dialog.getByRole('button', { name: 'Password' }).click();
    await dialog.getByLabel('Country/region').selectOption('CN');
    await dialog.getByLabel('Phone number or email').fill(phone);
    await dialog.getByLabel('Password', { exact: true }).fill('nozzle0042');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(masked(phone))).toBeVisible();
  });

  test('link an e-mail after verifying the phone, then change the password set without an old one', async ({ page }) => {
    let since = 0;
    const phone = await signInByApi(page);
    await page.goto('/account');
    await page.getByRole('button', { name: 'Link Email' }).click();
    const panel = page.getByRole('region', { name: 'Link an email' });
    await expect(panel.getByText(`We'll send a code to ${masked(phone)}.`)).toBeVisible();
    since = Date.now();
    await panel.getByRole('button', { name: 'Send code' }).click();
    await panel.getByLabel('Verification code').fill(await outboxCode(page.request, `+86${phone}`, since));
    await panel.getByRole('button', { name: 'Continue' }).click();

    const email = `bind-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
    await panel.getByLabel('New email').fill(email);
    since = Date.now();
    await panel.getByRole('button', { name: 'Send code' }).click();
    await panel.getByLabel('Verification code').fill(await outboxCode(page.request, email, since));
    await panel.getByRole('button', { name: 'Link' }).click();
    await expect(page.getByRole('status')).toHaveText('Linked');
    await expect(page.getByText(`${email[0]}***@example.com`)).toBeVisible();

    // Verified a moment ago: setting a first password needs no second code.
    await page.getByRole('button', { name: 'Set a password' }).click();
    const pw = page.getByRole('region', { name: 'Set a password' });
    await pw.getByLabel('New password', { exact: true }).fill('layer0height2');
    await pw.getByRole('button', { name: 'Save password' }).click();
    await expect(page.getByRole('status')).toHaveText('Password saved');
    await expect(page.getByRole('button', { name: 'Change password' })).toBeVisible();
  });

  test('deleting the account: notice, confirmation, a code, then signed out with the date', async ({ page }) => {
    const phone = await signInByApi(page);
    await page.goto('/account');
    const card = page.getByRole('region', { name: 'Delete account' });
    await expect(card.getByText('15-day cooling-off period')).toBeVisible();
    await expect(card.getByRole('link', { name: 'Read the account cancellation notice' })).toHaveAttribute('href', '/mobile/cancellation');
    await card.getByRole('button', { name: 'Delete my account' }).click();

    const panel = page.getByRole('region', { name: 'Delete my account' });
    await panel.getByRole('button', { name: 'Confirm deletion' }).click();
    await expect(panel.getByRole('alert')).toHaveText('Please confirm that you have read the notice');
    await panel.getByLabel('I have read the notice and want to delete my account').check();
    const since = Date.now();
    await panel.getByRole('button', { name: 'Send code' }).click();
    await panel.getByLabel('Verification code').fill(await outboxCode(page.request, `+86${phone}`, since));
    await panel.getByRole('button', { name: 'Confirm deletion' }).click();

    await expect(page.getByText(/^Your account will be deleted on .+\. Sign in again before then to keep it\.$/)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to see your account');
    await expect(header(page).getByRole('button', { name: 'Sign in' })).toBeVisible();
  });
});
