import { expect } from './fixtures';
import { cli, lotteryAdmin, texts } from './operator';
import { signInByApi, test, userIdOf } from './session';

/**
 * What one page says agrees with what another says and with what the server does: promises come
 * from the campaigns' settings, one name for one place, states and refusals that say what happened,
 * and dates and zones written the way the reader's language writes them.
 */
const DAY = 86_400_000;
const MINUTE = 60_000;

test('the premium page promises the draws the running raffle gives', async ({ page }) => {
  // The newest raffle to start is the one running now; it ends soon so that it does not stay the
  // current one for other journeys of the run.
  lotteryAdmin('create', {
    title: texts('E2E raffle for the premium page'),
    rules: texts('Draws a day.'),
    startsAt: new Date(Date.now() - MINUTE).toISOString(),
    endsAt: new Date(Date.now() + 3 * MINUTE).toISOString(),
    settings: { dailyChances: 4, premiumDailyChances: 3 },
    prizes: [{ kind: 3, name: texts('5 Cuvacoins'), stock: 100, weight: 1, value: 5, perUserCap: null }],
  });
  // Anonymous pages are kept a few seconds: look again until the new campaign shows.
  await expect(async () => {
    await page.goto('/webview/rights');
    await expect(page.getByText('More free raffle draws: 7 a day in the lucky-draw raffle instead of 4.')).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(page.getByText(/8 free raffle entries/)).toHaveCount(0);
  await page.goto('/webview/rights-details');
  await expect(page.getByRole('row', { name: 'Free raffle draws per day 4 7' })).toBeVisible();
});

test('a claimed prize says the address arrived and the prize waits to ship', async ({ page }) => {
  const prize = `Spool ${Date.now()}`;
  const activeId = String(
    lotteryAdmin('create', {
      title: texts(`E2E raffle: ${prize}`),
      rules: texts('Every draw wins.'),
      startsAt: new Date(Date.now() - DAY).toISOString(),
      endsAt: new Date(Date.now() + 7 * DAY).toISOString(),
      noWinWeight: 0,
      settings: { dailyChances: 1, premiumDailyChances: 0 },
      prizes: [{ kind: 1, name: texts(prize), stock: 10, weight: 1, perUserCap: null }],
    }).id,
  );
  await signInByApi(page);
  await page.goto(`/activitys?activeId=${activeId}`);
  await page.getByRole('button', { name: 'Draw' }).click();
  await page.getByRole('dialog', { name: 'Congratulations!' }).getByRole('link', { name: 'Claim my prize' }).click();
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByLabel('Phone').fill('+86 138 0013 8000');
  await page.getByLabel('Country or region').fill('China');
  await page.getByLabel('City').fill('Shenzhen');
  await page.getByLabel('Detailed address').fill('Building 3, Unit 501');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Prize claimed' })).toBeVisible();
  await expect(page.locator('.prize-card .badge')).toHaveText('Address received, waiting to ship');
  await page.goto(`/activitys/my-prize?activeId=${activeId}`);
  await expect(page.locator('.prize-card', { hasText: prize }).locator('.badge')).toHaveText('Address received, waiting to ship');
});

test('the newcomer pack sends its members to My prizes, the name the prizes page has', async ({ page }) => {
  await signInByApi(page);
  await page.goto('/gift-pack');
  const pack = page.locator('section.newcomer');
  await pack.getByRole('button', { name: 'Claim my newcomer gifts' }).click();
  await expect(pack.getByText('3 gifts are yours: see them in My prizes.')).toBeVisible();
  await pack.getByRole('link', { name: 'My prizes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My prizes' })).toBeVisible();
});

test('a gift code already used, or unknown, is refused saying which', async ({ page }) => {
  const campaign = lotteryAdmin('create', {
    kind: 'giftcode',
    title: texts('E2E gifts, refusals'),
    rules: texts('Codes give Cuvacoins.'),
    startsAt: new Date(Date.now() - DAY).toISOString(),
    endsAt: new Date(Date.now() + 30 * DAY).toISOString(),
    prizes: [{ kind: 3, name: texts('10 Cuvacoins'), stock: 0, weight: 1, value: 10 }],
  });
  const prizeId = (campaign.prizes as { id: number }[])[0]?.id;
  const { codes } = lotteryAdmin('codes', { campaignId: campaign.id, prizeId, count: 1, expiresAt: Date.now() + DAY }) as {
    codes: string[];
  };
  await signInByApi(page);
  await page.goto(`/gift-pack?activityId=${campaign.id}`);
  await page.getByLabel('Gift code').fill(codes[0] ?? '');
  await page.getByRole('button', { name: 'Redeem' }).click();
  await expect(page.getByRole('heading', { name: 'Your gift' })).toBeVisible();
  await page.getByLabel('Gift code').fill(codes[0] ?? '');
  await page.getByRole('button', { name: 'Redeem' }).click();
  await expect(page.getByText('This gift code has already been used.')).toBeVisible();
  await page.getByLabel('Gift code').fill('ABCD-EFGH-JKLM-NPQR');
  await page.getByRole('button', { name: 'Redeem' }).click();
  await expect(page.getByText('This gift code does not exist: check it and try again.')).toBeVisible();
  await expect(page.getByText('The code is Error')).toHaveCount(0);
});

test('staff are told when a redeem code is not written like one', async ({ page }) => {
  const activeId = String(
    lotteryAdmin('create', {
      title: texts('E2E raffle for staff'),
      rules: texts('Draws.'),
      startsAt: new Date(Date.now() - DAY).toISOString(),
      endsAt: new Date(Date.now() + 7 * DAY).toISOString(),
      prizes: [{ kind: 3, name: texts('5 Cuvacoins'), stock: 100, weight: 1, value: 5, perUserCap: null }],
    }).id,
  );
  await signInByApi(page);
  cli('scripts/admin.ts', ['user:role', '--user', await userIdOf(page), '--role', 'staff', '--scope', `activity:${activeId}`]);
  await page.goto(`/activitys/admin?activeId=${activeId}`);
  // 0 and 1 are never in a code (they read like O and I).
  await page.getByLabel('Redeem code').fill('ABCDEF012345');
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByText('A redeem code is 12 letters and digits from 2 to 9: check it and try again.')).toBeVisible();
  await expect(page.getByText(/Parameter error/)).toHaveCount(0);
  // Written like one, but no prize of this event has it.
  await page.getByLabel('Redeem code').fill('ABCDEFGH2345');
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByText('No prize of this event has this code.')).toBeVisible();
});

test('venue dates are written one way in Chinese, and the zone in words', async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'lang', value: 'zh-CN', url: baseURL ?? '' }]);
  await page.goto('/cd16');
  const dates = page.locator('.venue-facts dd').first();
  await expect(dates).toContainText('年');
  await expect(dates).not.toContainText('/');
  await expect(dates).toContainText('北京时间');
});

test.describe('in Beijing', () => {
  test.use({ timezoneId: 'Asia/Shanghai' });
  test('the check-in says its days in words, not as a zone name', async ({ page }) => {
    await signInByApi(page);
    await page.goto('/webview/check-in');
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    await expect(page.getByText(/days follow Beijing time/)).toBeVisible();
    await expect(page.getByText(/Asia\/Shanghai/)).toHaveCount(0);
  });
});

test('the graduation years start with this year', async ({ page }) => {
  await signInByApi(page);
  await page.goto('/univer-register');
  const year = new Date().getFullYear();
  const options = page.getByLabel('Year of graduation').locator('option:not([value=""])');
  await expect(options.first()).toHaveText(String(year));
  expect(await options.allTextContents()).not.toContain(String(year - 1));
});

test('the comment count of the actions row and of the comments agree, replies included', async ({ page }) => {
  await signInByApi(page);
  await page.goto('/creality-cloud/share-content/2');
  const comments = page.locator('#comments');
  const text = `Counted ${Date.now()}`;
  await comments.getByRole('textbox', { name: 'Your comment' }).fill(text);
  await comments.getByRole('button', { name: 'Send' }).click();
  const mine = comments.locator('.comment', { hasText: text }).first();
  await mine.getByRole('button', { name: 'Reply' }).click();
  await comments.getByRole('textbox', { name: 'Your comment' }).fill('A reply, counted too');
  await comments.getByRole('button', { name: 'Send' }).click();
  await expect(mine.locator('.replies').getByText('A reply, counted too')).toBeVisible();

  const row = page.locator('a.reaction[href="#comments"] .reaction-count');
  const heading = comments.locator('h2 .muted');
  await expect(heading).toHaveText((await row.textContent()) ?? '');
  await page.reload();
  const after = (await row.textContent()) ?? '';
  await expect(heading).toHaveText(after);
});
