import { expect } from './fixtures';
import { lotteryAdmin } from './operator';
import { signInByApi, test } from './session';

/**
 * Campaign pages opened as a bare link, without a query: each
 * shows the campaign of its kind running now on the demo data, or the visitor's own list, never
 * the "not available" page.
 */
const NOT_AVAILABLE = 'This event is not available';

// One test ends the demo planet for a moment: the others must not open it meanwhile.
test.describe.configure({ mode: 'serial' });

// Other journeys start wheel raffles of their own (the newest running one is shown), so the wheel
// page is known by its wheel; the demo's blind box and planet are the only ones of their looks.
test('/activitys without a query shows the running wheel raffle', async ({ page }) => {
  const res = await page.goto('/activitys');
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
  await expect(page.getByRole('region', { name: 'Lucky wheel' })).toBeVisible();
  await expect(page.getByText(NOT_AVAILABLE)).toHaveCount(0);
});

for (const [path, title] of [
  ['/blind-box', "Maker's blind box"],
  ['/blind-box-new', "Maker's blind box"],
  ['/happy-planet', 'Happy Planet'],
] as const) {
  test(`${path} without a query shows the running campaign of its kind`, async ({ page }) => {
    const res = await page.goto(path);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByText(NOT_AVAILABLE)).toHaveCount(0);
  });
}

test('the blind box publishes its odds without a "no prize" row, since every box holds one', async ({ page }) => {
  await page.goto('/blind-box');
  const odds = page.locator('table.raffle-odds tbody tr');
  await expect(odds).toHaveText([
    /Painted resin mini figure.*20%/,
    /50 Cuvacoins.*50%/,
    /3 days of premium.*20%/,
    /5 GB of cloud space.*10%/,
  ]);
  await page.goto('/happy-planet');
  await expect(odds.last()).toHaveText(/Thanks for playing.*50%/);
});

test('/blind-box-invite without a query invites to the running blind box', async ({ page }) => {
  const res = await page.goto('/blind-box-invite');
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText('More boxes with friends');
  await expect(page.getByText("Maker's blind box", { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open my boxes' })).toHaveAttribute('href', /^\/blind-box\?activeId=\d+$/);
  await expect(page.getByText(NOT_AVAILABLE)).toHaveCount(0);
});

for (const [path, title, empty] of [
  ['/activitys/my-prize', 'My prizes', 'No prizes yet'],
  ['/activitys/invitation-record', 'Friends I invited', 'No friends invited yet'],
] as const) {
  test(`${path} without a query: a sign-in prompt, then the visitor's own list`, async ({ page }) => {
    const res = await page.goto(path);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByRole('main').getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await expect(page.getByText(NOT_AVAILABLE)).toHaveCount(0);

    await signInByApi(page);
    await page.reload();
    await expect(page.getByRole('heading', { name: empty })).toBeVisible();
    await expect(page.getByText(NOT_AVAILABLE)).toHaveCount(0);
  });
}

test('/free-model/download without a model leads to picking one', async ({ page }) => {
  const res = await page.goto('/free-model/download');
  expect(res?.status()).toBe(200);
  await expect(page).toHaveURL(/\/free-model\/model$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pick a free model');
  await expect(page.getByRole('link', { name: /Twisted vase/ }).first()).toBeVisible();
});

test('/happy-planet while no planet runs: says so and leads to the draw that runs', async ({ page }) => {
  await page.goto('/happy-planet');
  const canonical = (await page.locator('link[rel="canonical"]').getAttribute('href')) ?? '';
  const id = Number(new URL(canonical).searchParams.get('activeId'));
  lotteryAdmin('update', { id, endsAt: Date.now() - 1000 });
  try {
    // Anonymous pages are kept a few seconds by the server's page cache: wait for a fresh render.
    await expect
      .poll(async () => (await page.request.get('/happy-planet')).text(), { timeout: 15_000 })
      .toContain('<title>No Happy Planet is running right now');
    const res = await page.goto('/happy-planet');
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('No Happy Planet is running right now');
    await expect(page.getByText(NOT_AVAILABLE)).toHaveCount(0);
    await page.getByRole('link', { name: "See what's on" }).click();
    await expect(page).toHaveURL(/\/activitys\?activeId=\d+$/);
    await expect(page.getByRole('region', { name: 'Lucky wheel' })).toBeVisible();
  } finally {
    // Back to running, as the demo seed made it (30 days from the day before it ran).
    lotteryAdmin('update', { id, endsAt: Date.now() + 28 * 86_400_000 });
  }
});

test('/activitys/admin without a query is the staff page of the running raffle', async ({ page }) => {
  const res = await page.goto('/activitys/admin');
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Prize redemption' }).first()).toBeVisible();
  await expect(page.getByText(NOT_AVAILABLE)).toHaveCount(0);
});
