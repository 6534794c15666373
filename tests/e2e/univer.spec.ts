import { expect } from './fixtures';
import { signInByApi, test } from './session';

/** University programme: a student registers once; refused fields are said under them. */
test('a student registers for the university programme', async ({ page }) => {
  await page.goto('/univer-register');
  await expect(page.getByRole('heading', { level: 1, name: 'University programme' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in to register' })).toBeEnabled();
  await signInByApi(page);
  await page.reload();
  const form = page.locator('form.univer-form');
  await form.getByLabel('Full name').fill('Ada Lovelace');
  await form.getByLabel('School or university').fill('University of London');
  await form.getByLabel('Student ID').fill(`UL ${Date.now()}`);
  await form.getByLabel('Major').fill('Mathematics');
  await form.getByLabel('Mobile phone').fill('12345');
  await form.getByLabel('E-mail').fill('ada@example.edu');
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(form.getByText('Use letters, digits and hyphens only.')).toBeVisible();
  await expect(form.getByText('Please enter a valid phone number')).toBeVisible();
  await expect(form.getByText('Please fill this in.')).toBeVisible();
  await expect(form.getByLabel('Student ID')).toBeFocused();

  const id = `UL-${Date.now()}`;
  await form.getByLabel('Student ID').fill(id);
  await form.getByLabel('Mobile phone').fill('13800138000');
  await form.getByLabel('Year of graduation').selectOption(String(new Date().getFullYear() + 1));
  await form.getByRole('button', { name: 'Register' }).click();
  const done = page.getByRole('region', { name: 'You are registered' });
  await expect(done).toBeVisible();
  await expect(done).toContainText(id);
  await expect(done).toContainText('+8613800138000');
  await page.reload();
  await expect(page.getByRole('region', { name: 'You are registered' })).toBeVisible();
});
