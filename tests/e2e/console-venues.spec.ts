import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { cli } from './operator';
import { API_HEADERS, friendPage, signInByApi, test, userIdOf } from './session';

/**
 * The console's Venues section: a venue's staff change its place in the console and visitors see it
 * on the venue's page; staff of another venue neither list it nor open or change it.
 */
const grant = async (page: Page, scope: string) =>
  cli('scripts/admin.ts', ['user:role', '--user', await userIdOf(page), '--role', 'staff', '--scope', scope]);

test("venue staff edit their venue's place and visitors see it; other venues' staff are refused", async ({ page, browser }) => {
  test.slow();
  await signInByApi(page);
  await grant(page, 'venue:hx08');
  await page.goto('/admin');
  const nav = page.getByRole('navigation', { name: 'Console sections' });
  await nav.getByRole('link', { name: 'Venues' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Venues' })).toBeVisible();
  const cards = page.getByTestId('venue');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toHaveAttribute('data-venue', 'hx08');
  await expect(cards.first()).toContainText('All four languages filled in');

  await cards
    .first()
    .getByRole('link', { name: /^Edit the texts of / })
    .click();
  const place = page.getByRole('group', { name: 'Place' });
  const newPlace = `Hall 9, stand R${Date.now() % 100_000}`;
  await place.getByLabel('English').fill(newPlace);
  // An emptied translation is flagged before saving.
  await place.getByLabel('French').fill('');
  await expect(place).toContainText('French');
  await place.getByLabel('French').fill(`Hall 9, stand R (fr)`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText("Saved: the venue's page shows the new texts")).toBeVisible();

  const visitor = await friendPage(browser);
  await visitor.goto('/hx08');
  await expect(visitor.getByText(newPlace)).toBeVisible();

  // Staff of another venue: not in their list, the page is refused, and so is the API call.
  const other = await friendPage(browser);
  await signInByApi(other);
  await grant(other, 'venue:tct');
  await other.goto('/admin/venues');
  await expect(other.getByTestId('venue')).toHaveCount(1);
  await expect(other.getByTestId('venue').first()).toHaveAttribute('data-venue', 'tct');
  const refused = await other.goto('/admin/venues/hx08');
  expect(refused?.status()).toBe(403);
  await expect(other.getByRole('heading', { name: 'Not one of your sections' })).toBeVisible();
  const call = await other.request.post('/api/cxy/admin/v2/venues/update', {
    headers: API_HEADERS,
    data: { slug: 'hx08', place: { en: 'Taken over', 'zh-CN': '接管', 'zh-TW': '接管', fr: 'Repris' } },
  });
  expect(call.status()).toBe(403);
  await visitor.goto('/hx08');
  await expect(visitor.getByText(newPlace)).toBeVisible();
});
