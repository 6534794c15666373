import { expect } from './fixtures';
import { cli, lotteryAdmin, texts } from './operator';
import { signInByApi, test, userIdOf } from './session';

/**
 * The raffle journey: sign in, spin, win a physical prize, give an address, confirm,
 * see the claim read-only, and campaign staff write it off by its code. The campaign and the
 * staff role are set up with the operator commands, on the server's own database.
 */
const DAY = 86_400_000;

type PrizeInput = { kind: number; name: string; stock: number; value?: number };

/** A campaign running since yesterday whose every draw wins its one prize, `dailyChances` a day. */
function everyDrawWins(prize: PrizeInput, settings: { dailyChances: number; exchangeCost?: number }): string {
  return String(
    lotteryAdmin('create', {
      title: texts(`E2E raffle: ${prize.name}`),
      rules: texts('Every draw wins.'),
      startsAt: new Date(Date.now() - DAY).toISOString(),
      endsAt: new Date(Date.now() + 7 * DAY).toISOString(),
      noWinWeight: 0,
      settings: { premiumDailyChances: 0, ...settings },
      prizes: [{ ...prize, name: texts(prize.name), weight: 1, perUserCap: null }],
    }).id,
  );
}

test('win a physical prize, claim it with an address, and staff redeem it by code', async ({ page, browser }) => {
  // Two visitors, two operator commands and a dozen pages: past 30 s when the machine is busy.
  test.slow();
  const prize = `Printer ${Date.now()}`;
  const activeId = everyDrawWins({ kind: 1, name: prize, stock: 50 }, { dailyChances: 3 });
  await signInByApi(page);

  await page.goto(`/activitys?activeId=${activeId}`);
  await expect(page.getByText('You have 3 draws left.')).toBeVisible();
  await page.getByRole('button', { name: 'Draw' }).click();
  const result = page.getByRole('dialog', { name: 'Congratulations!' });
  await expect(result).toBeVisible({ timeout: 10_000 });
  await expect(result.getByText(prize)).toBeVisible();
  await expect(page.getByText('You have 2 draws left.')).toBeVisible();
  await result.getByRole('link', { name: 'Claim my prize' }).click();

  // The address form says what is wrong, in place, before anything is sent.
  await expect(page.getByRole('heading', { name: 'Where should we ship it?' })).toBeVisible();
  await page.getByLabel('Full name').fill('Ada <b>Lovelace</b>');
  await page.getByLabel('Phone').fill('12');
  await page.getByLabel('Tax ID').fill('not valid!');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Digits, spaces, +, - and parentheses, with at least 5 digits')).toBeVisible();
  await expect(page.getByText('Digits, letters and hyphens only, at most 40')).toBeVisible();
  await expect(page.getByLabel('Phone')).toBeFocused();

  await page.getByLabel('Phone').fill('+86 138 0013 8000');
  await page.getByLabel('Country or region').fill('China');
  await page.getByLabel('City').fill('Shenzhen');
  await page.getByLabel('Detailed address').fill('Building 3, Unit 501');
  await page.getByLabel('Tax ID').fill('91440300-X');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Check your address' })).toBeVisible();
  await expect(page.getByText('After you submit, this address cannot be changed.')).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page.getByRole('heading', { name: 'Prize claimed' })).toBeVisible();
  await expect(page.getByText('Prizes ship within 7 working days after the event ends.')).toBeVisible();
  // Names are text, never markup.
  await expect(page.getByText('Ada <b>Lovelace</b>')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);

  // My prizes: received, with the code the staff will ask for.
  await page.goto(`/activitys/my-prize?activeId=${activeId}`);
  const card = page.locator('.prize-card', { hasText: prize });
  await expect(card.getByText('Address received, waiting to ship')).toBeVisible();
  const code = (await card.locator('.prize-code code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^[A-Z2-9]{12}$/);
  await card.getByRole('button', { name: 'Show QR code' }).click();
  await expect(card.getByRole('img', { name: `QR code of redeem code ${code}` })).toBeVisible();
  await card.getByRole('link', { name: 'Shipping details' }).click();
  await expect(page.getByRole('heading', { name: 'Prize claimed' })).toBeVisible();

  // Campaign staff: another person, given the staff role of this campaign only.
  const staffContext = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': `203.0.113.${1 + Math.floor(Math.random() * 250)}` },
  });
  const staff = await staffContext.newPage();
  await signInByApi(staff);
  await staff.goto(`/activitys/admin?activeId=${activeId}`);
  // Not staff yet: the server refuses the figures.
  await expect(staff.getByRole('alert')).toBeVisible();
  cli('scripts/admin.ts', ['user:role', '--user', await userIdOf(staff), '--role', 'staff', '--scope', `activity:${activeId}`]);
  await staff.reload();
  await expect(staff.getByRole('heading', { name: 'Redeem a prize' })).toBeVisible();
  await staff.getByLabel('Redeem code').fill(code.toLowerCase());
  await staff.getByRole('button', { name: 'Check' }).click();
  await expect(staff.locator('.prize-card', { hasText: prize })).toBeVisible();
  await staff.getByRole('button', { name: 'Redeem this prize' }).click();
  await expect(staff.getByText('This prize has already been redeemed.')).toBeVisible();
  // Once only: the same code again is refused by the write-off, and the figures count it.
  await expect(staff.locator('.raffle-odds tbody tr').first()).toContainText(prize);
  await staffContext.close();

  await page.reload();
  await expect(page.locator('.prize-card', { hasText: prize }).getByText('Redeemed')).toBeVisible();
});

test('the raffle page shows the campaign to visitors and asks them to sign in to draw', async ({ page }) => {
  await page.goto('/activitys?activeId=1');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Odds per draw' })).toBeVisible();
  await expect(page.getByText('Sign in to draw.')).toBeVisible();
  await page.getByRole('button', { name: 'Draw' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  const missing = await page.goto('/activitys?activeId=999999');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'This event is not available' })).toBeVisible();
  // Malformed campaign ids are unknown campaigns, never errors.
  for (const q of ['activeId=1e3', 'activeId=-1', 'activeId=99999999999999999999', 'activeId=%3Cscript%3E', 'activeId=']) {
    expect((await page.request.get(`/activitys?${q}`)).status(), q).toBe(404);
    expect((await page.request.get(`/activitys/my-prize?${q}`)).status(), q).toBe(404);
    expect((await page.request.get(`/activitys/admin?${q}`)).status(), q).toBe(404);
  }
  expect((await page.request.get('/activitys/confirmation-prize?winId=%3Cb%3E')).status()).toBe(200);
  expect((await page.request.get('/activitys/wechat/other')).status()).toBe(404);
});

test('Cuvacoins won are added to the balance shown at once', async ({ page }) => {
  const activeId = everyDrawWins({ kind: 3, name: '150 Cuvacoins', stock: 50, value: 150 }, { dailyChances: 1, exchangeCost: 100 });
  await signInByApi(page);
  await page.goto(`/activitys?activeId=${activeId}`);
  await page.getByRole('button', { name: 'Draw' }).click();
  const result = page.getByRole('dialog', { name: 'Congratulations!' });
  await expect(result.getByText('150 Cuvacoins', { exact: true })).toBeVisible({ timeout: 10_000 });
  await result.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('Your Cuvacoins: 150')).toBeVisible();
});

test('a draw started before the wheel has been drawn still shows its result', async ({ page }) => {
  const activeId = everyDrawWins({ kind: 3, name: '5 Cuvacoins', stock: 5, value: 5 }, { dailyChances: 1 });
  await signInByApi(page);
  // The wheel's code (lucky-canvas) is held back until the draw has been asked for: the wheel
  // appears while the draw is under way, not spinning, and must not be the one told to stop.
  let release = () => {};
  const held = new Promise<void>((ok) => {
    release = ok;
  });
  await page.route(/\/assets\/lucky-canvas-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/activitys?activeId=${activeId}`);
  await page.getByRole('button', { name: 'Draw' }).click();
  release();
  await expect(page.locator('.wheel-canvas canvas')).toBeAttached();
  const result = page.getByRole('dialog', { name: 'Congratulations!' });
  await expect(result.getByText('5 Cuvacoins', { exact: true })).toBeVisible({ timeout: 10_000 });
});

test('a share that grants a draw shows it at once', async ({ page, context }) => {
  const activeId = everyDrawWins({ kind: 3, name: '2 Cuvacoins', stock: 50, value: 2 }, { dailyChances: 1 });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInByApi(page);
  await page.goto(`/activitys?activeId=${activeId}`);
  await page.getByRole('button', { name: 'Draw' }).click();
  const result = page.getByRole('dialog', { name: 'Congratulations!' });
  await result.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('You have 0 draws left.')).toBeVisible();
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Thanks for sharing: you got 1 more draw!')).toBeVisible();
  await expect(page.getByText('You have 1 draw left.')).toBeVisible();
});

test('a double tap on Save stores a new address once', async ({ page }) => {
  await signInByApi(page);
  await page.goto('/activitys/new-address');
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByLabel('Phone', { exact: true }).fill('13800138000');
  await page.getByLabel('Country or region').fill('China');
  await page.getByLabel('City').fill('Shenzhen');
  await page.getByLabel('Detailed address').fill('Nanshan, Science Park 1');
  await page.getByRole('button', { name: 'Save' }).dblclick();
  await expect(page).toHaveURL(/\/activitys\/address/);
  await expect(page.locator('.address-card')).toHaveCount(1);
  await page.reload();
  await expect(page.locator('.address-card')).toHaveCount(1);
});

test('the wheel keeps its result until it stops, the figures follow, and buying a draw asks first', async ({ page }) => {
  const activeId = everyDrawWins({ kind: 3, name: '200 Cuvacoins', stock: 50, value: 200 }, { dailyChances: 1, exchangeCost: 100 });
  await signInByApi(page);
  await page.goto(`/activitys?activeId=${activeId}`);
  await expect(page.locator('.raffle-figures')).toHaveText('0 participants · 0 draws');
  await page.getByRole('button', { name: 'Draw' }).click();
  // While the wheel turns nothing tells the result: no new balance beside the spinning wheel.
  await expect(page.getByRole('button', { name: 'Drawing…' })).toBeVisible();
  await expect(page.getByText(/Your Cuvacoins/)).toHaveCount(0);
  const result = page.getByRole('dialog', { name: 'Congratulations!' });
  await expect(result).toBeVisible();
  // Behind the result, the campaign's figures and winners have caught up.
  await expect(page.locator('.raffle-figures')).toHaveText('1 participant · 1 draw');
  await expect(page.getByText('No winners yet: be the first!')).toHaveCount(0);
  await result.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('Your Cuvacoins: 200')).toBeVisible();

  // Coins are spent only once the member says so.
  await page.getByRole('button', { name: 'Get 1 draw for 100 Cuvacoins' }).click();
  await expect(page.getByText('Spend 100 of your 200 Cuvacoins on one more draw?')).toBeVisible();
  await page.getByRole('button', { name: 'Not now' }).click();
  await expect(page.getByText('You have 0 draws left.')).toBeVisible();
  await page.getByRole('button', { name: 'Get 1 draw for 100 Cuvacoins' }).click();
  await page.getByRole('button', { name: 'Spend 100 Cuvacoins' }).click();
  await expect(page.getByText('You have 1 draw left.')).toBeVisible();
});
