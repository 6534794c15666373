import { expect } from './fixtures';
import { lotteryAdmin, texts } from './operator';
import { signInByApi, test } from './session';

const DAY = 86_400_000;

/** Gift codes: staff make a batch with the operator command; a member redeems one once. */
test('redeem a gift code for premium days, once', async ({ page }) => {
  const prize = `Premium ${Date.now()}`;
  const campaign = lotteryAdmin('create', {
    kind: 'giftcode',
    title: texts('E2E gifts'),
    rules: texts('Codes give premium days.'),
    startsAt: new Date(Date.now() - DAY).toISOString(),
    endsAt: new Date(Date.now() + 30 * DAY).toISOString(),
    prizes: [{ kind: 4, name: texts(prize), stock: 0, weight: 1, value: 30 }],
  });
  const prizeId = (campaign.prizes as { id: number }[])[0]?.id;
  const { codes } = lotteryAdmin('codes', { campaignId: campaign.id, prizeId, count: 2, expiresAt: Date.now() + DAY }) as {
    codes: string[];
  };
  const code = codes[0] ?? '';

  await page.goto(`/gift-pack?activityId=${campaign.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Gift pack' })).toBeVisible();
  await expect(page.locator('header.gift-hero .raffle-state')).toHaveText('Ongoing');
  await expect(page.locator('header.gift-hero .raffle-period time')).toHaveCount(2);
  await signInByApi(page);
  await page.reload();
  await page.getByLabel('Gift code').fill(code.toLowerCase().replaceAll('-', ' '));
  await page.getByRole('button', { name: 'Redeem' }).click();
  await expect(page.getByRole('heading', { name: 'Your gift' })).toBeVisible();
  await expect(page.locator('.prize-card', { hasText: prize })).toBeVisible();
  await expect(page.getByText('30 days of premium have been added to your account.')).toBeVisible();

  // The same code again: refused as used, and nothing more is given.
  await page.getByLabel('Gift code').fill(code);
  await page.getByRole('button', { name: 'Redeem' }).click();
  await expect(page.getByText('This gift code has already been used.')).toBeVisible();
  await page.getByRole('link', { name: 'My prizes' }).click();
  await expect(page.locator('.prize-card', { hasText: prize })).toHaveCount(1);
});

test('a new member claims the newcomer gift pack once', async ({ page }) => {
  await page.goto('/gift-pack');
  const pack = page.locator('section.newcomer');
  await expect(pack.getByRole('heading', { name: 'Newcomer gift pack' })).toBeVisible();
  await expect(pack.locator('.raffle-state')).toHaveText('Ongoing');
  await expect(pack.locator('.raffle-period time')).toHaveCount(2);
  await signInByApi(page);
  await page.reload();
  await pack.getByRole('button', { name: 'Claim my newcomer gifts' }).click();
  await expect(pack.getByText('3 gifts are yours: see them in My prizes.')).toBeVisible();
  await page.reload();
  await expect(pack.getByText('You have claimed your newcomer gifts.')).toBeVisible();
  await pack.getByRole('link', { name: 'My prizes' }).click();
  await expect(page.locator('.prize-card')).toHaveCount(3);
});

test('a code typed before the form came alive is kept', async ({ page }) => {
  // The form's code arrives late (a slow phone network): the visitor types into the server's markup.
  await page.route(/redeem-form-.*\.js$/, async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.goto('/gift-pack', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('Gift code').fill('abcd efgh jkmn pqrs');
  await expect(page.getByRole('button', { name: 'Redeem' })).toBeEnabled();
  await expect(page.getByLabel('Gift code')).toHaveValue('abcd efgh jkmn pqrs');
});

test('every gift page shows the state of its campaign, a coming one with its start', async ({ page }) => {
  const startsAt = Date.now() + 3 * DAY;
  const coming = lotteryAdmin('create', {
    kind: 'giftcode',
    title: texts('E2E coming gifts'),
    rules: texts('Codes give premium days.'),
    startsAt: new Date(startsAt).toISOString(),
    endsAt: new Date(startsAt + 30 * DAY).toISOString(),
    prizes: [{ kind: 4, name: texts('Premium'), stock: 0, weight: 1, value: 7 }],
  });
  for (const path of ['/gift-pack', '/gift-pack2', '/vip-package']) {
    await page.goto(`${path}?activityId=${coming.id}`);
    const state = page.locator('header.gift-hero .raffle-state');
    await expect(state, path).toContainText('Coming soon');
    await expect(state.locator('time'), path).toHaveAttribute('datetime', new Date(startsAt).toISOString());
  }
});
