import { expect } from './fixtures';
import { cli } from './operator';
import { signInByApi, test, userIdOf } from './session';

/** The operator console's frame and dashboard: who gets in, what their navigation shows. */

const grant = async (page: Parameters<typeof userIdOf>[0], scope: string, role = 'staff') =>
  cli('scripts/admin.ts', ['user:role', '--user', await userIdOf(page), '--role', role, '--scope', scope]);

test('a signed-out visitor is asked to sign in, a member is refused, in their language', async ({ page }) => {
  const anonymous = await page.goto('/admin');
  expect(anonymous?.status()).toBe(401);
  await expect(page.getByRole('heading', { level: 1, name: 'Operator console' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('button', { name: 'Sign in' })).toBeVisible();

  await signInByApi(page);
  await page.context().addCookies([{ name: 'lang', value: 'fr', url: page.url() }]);
  const member = await page.goto('/admin/analytics');
  expect(member?.status()).toBe(403);
  await expect(page.getByRole('heading', { level: 1, name: 'Accès impossible' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Sections de la console' })).toHaveCount(0);
});

test('an admin sees every section and the dashboard with its figures and chart', async ({ page }) => {
  await signInByApi(page);
  await grant(page, '*', 'admin');
  await page.goto('/admin');
  const nav = page.getByRole('navigation', { name: 'Console sections' });
  await expect(nav.getByRole('link')).toHaveText([
    'Dashboard',
    'Campaigns',
    'Analytics',
    'Winners and claims',
    'Gift codes',
    'Moderation',
    'People',
    'Mall',
    'Content',
    'Venues',
    'Audit log',
  ]);
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  // This admin signed up today: at least one sign-up.
  await expect(page.getByTestId('today-signUps')).not.toHaveText('0');
  await expect(page.getByRole('img', { name: /The last 7 days: chart/ })).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(8);

  // Keyboard: after the site's header, the skip link comes first and moves to the page; the
  // sections follow it in order.
  const skip = page.getByRole('link', { name: 'Skip to the page' });
  for (let i = 0; i < 8 && !(await skip.evaluate((e) => e === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
});

test('staff of one campaign see only the campaigns section, not the dashboard figures', async ({ page }) => {
  await signInByApi(page);
  await grant(page, 'activity:1');
  const res = await page.goto('/admin');
  expect(res?.status()).toBe(200);
  const nav = page.getByRole('navigation', { name: 'Console sections' });
  await expect(nav.getByRole('link')).toHaveText(['Campaigns', 'Winners and claims', 'Gift codes', 'People']);
  await expect(page.getByRole('heading', { level: 1, name: 'Console' })).toBeVisible();
  await expect(page.getByTestId('today-signUps')).toHaveCount(0);
});
