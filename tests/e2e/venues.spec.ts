import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect } from './fixtures';
import { cli, lotteryAdmin, texts } from './operator';
import { API_HEADERS, signInByApi, signInWithSheet, test, userIdOf } from './session';

/**
 * Venues: a member wins on a venue's raffle, staff of that venue sign in at its staff
 * page, see today's figures and write the prize off by code; staff of another venue are refused.
 * Also the stall sheet, the makers-tools calculators and the scan page's routing (typed: the
 * camera cannot be used headless). E2E_SCREENSHOTS_DIR: 375 px screenshots in en and zh-CN.
 */
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
const DAY = 86_400_000;
const DATA_DIR = process.env.E2E_DATA_DIR ?? '';

function venuesAdmin(command: 'update', input: unknown): Record<string, unknown> {
  const file = path.join(DATA_DIR, `venue-${Date.now()}-${Math.random()}.json`);
  fs.writeFileSync(file, JSON.stringify(input));
  return JSON.parse(cli('scripts/venues-admin.ts', [command, file]));
}

/** A person in a browser context of their own (their own address for the rate limits). */
async function newVisitor(browser: Browser, locale = 'en-US'): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale,
    extraHTTPHeaders: { 'x-forwarded-for': `203.0.113.${1 + Math.floor(Math.random() * 250)}` },
  });
  return context.newPage();
}

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test('a member wins on the venue raffle and venue staff redeem the prize by code; other venues are refused', async ({ page, browser }) => {
  test.slow();
  const prize = `Venue gift ${Date.now()}`;
  const campaignId = String(
    lotteryAdmin('create', {
      title: texts('E2E venue raffle'),
      rules: texts('Every draw wins.'),
      startsAt: new Date(Date.now() - DAY).toISOString(),
      endsAt: new Date(Date.now() + 7 * DAY).toISOString(),
      noWinWeight: 0,
      settings: { dailyChances: 3, premiumDailyChances: 0, timeZone: 'Asia/Shanghai' },
      prizes: [{ kind: 1, name: texts(prize), stock: 50, weight: 1 }],
    }).id,
  );
  // sz12 runs this campaign for the journey (the other tests of this file read cd16 and tct).
  venuesAdmin('update', { slug: 'sz12', campaignId: Number(campaignId) });

  await signInByApi(page);
  await page.goto('/sz12');
  await expect(page.getByRole('heading', { level: 1, name: 'Creality Cloud at Shenzhen Maker Faire' })).toBeVisible();
  const raffle = page.locator('.venue-raffle');
  await expect(raffle.getByText('E2E venue raffle')).toBeVisible();
  await expect(raffle.getByRole('listitem')).toHaveText([prize]);
  await raffle.getByRole('link', { name: 'Go to the lucky draw' }).click();
  await expect(page).toHaveURL(new RegExp(`/activitys\\?activeId=${campaignId}$`));
  await expect(page.getByText('You have 3 draws left.')).toBeVisible();
  await page.getByRole('button', { name: 'Draw' }).click();
  await expect(page.getByRole('dialog', { name: 'Congratulations!' }).getByText(prize)).toBeVisible({ timeout: 10_000 });
  await page.goto(`/activitys/my-prize?activeId=${campaignId}`);
  const code = (await page.locator('.prize-card', { hasText: prize }).locator('.prize-code code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^[A-Z2-9]{12}$/);

  // Staff of the venue: signs in with the login sheet on the staff page, is given the role.
  const staff = await newVisitor(browser);
  await staff.goto('/sz12/admin');
  await staff.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  await signInWithSheet(staff);
  await expect(staff.getByRole('alert')).toHaveText('You do not have permission to do this');
  cli('scripts/admin.ts', ['user:role', '--user', await userIdOf(staff), '--role', 'staff', '--scope', 'venue:sz12']);
  await staff.reload();
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText('Creality Cloud at Shenzhen Maker Faire · Staff');
  const counts = staff.locator('.venue-counts');
  await expect(counts).toContainText('Draws1');
  await expect(counts).toContainText('Prizes won1');
  await expect(counts).toContainText('Prizes redeemed0');
  await staff.getByLabel('Redeem code').fill(code.toLowerCase());
  await staff.getByRole('button', { name: 'Check' }).click();
  await expect(staff.locator('.prize-card', { hasText: prize })).toBeVisible();
  await shot(staff, 'venue-admin-en');
  await staff.getByRole('button', { name: 'Redeem this prize' }).click();
  await expect(staff.getByText('This prize has already been redeemed.')).toBeVisible();
  await expect(counts).toContainText('Prizes redeemed1');

  // The winner sees it redeemed.
  await page.reload();
  await expect(page.locator('.prize-card', { hasText: prize }).getByText('Redeemed')).toBeVisible();

  // Staff of another venue: the page refuses them, and so does the write-off itself.
  const other = await newVisitor(browser);
  await signInByApi(other);
  cli('scripts/admin.ts', ['user:role', '--user', await userIdOf(other), '--role', 'staff', '--scope', 'venue:tct']);
  await other.goto(`/sz12/admin?code=${code}`);
  await expect(other.getByRole('alert')).toHaveText('You do not have permission to do this');
  await expect(other.getByLabel('Redeem code')).toHaveCount(0);
  const refused = await other.request.get(`/api/rest/lottery/lotteryManger/writeOffOperation?activeId=${campaignId}&code=${code}`, {
    headers: API_HEADERS,
  });
  expect(refused.status()).toBe(403);

  // A scanned prize link takes venue staff to their own staff page with the code filled in.
  await staff.goto('/scan-code');
  await staff
    .getByLabel('Or type or paste the code')
    .fill(`${test.info().project.use.baseURL}/activitys/admin?activeId=${campaignId}&code=${code}`);
  await staff.getByRole('button', { name: 'Open' }).click();
  await expect(staff).toHaveURL(new RegExp(`/sz12/admin\\?code=${code}$`));
  await expect(staff.getByLabel('Redeem code')).toHaveValue(code);
  await staff.context().close();
  await other.context().close();
});

test('venue pages: landing, laboratory with samples from the library, WeChat entries, unknown paths', async ({ page, browser }) => {
  await page.goto('/cd16');
  await expect(page.getByRole('heading', { level: 1, name: 'Creality Cloud at Chengdu Maker Week' })).toBeVisible();
  await expect(page.getByText('Chengdu Century City Convention Center, Hall 16')).toBeVisible();
  await expect(page.getByText('Open now')).toBeVisible();
  await expect(page.locator('.venue-raffle').getByRole('listitem').first()).toHaveText('Printed Chengdu panda keychain');
  await shot(page, 'venue-landing-en');
  await page.getByRole('link', { name: 'Visit the laboratory' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Creality Cloud at Chengdu Maker Week · Laboratory');
  await expect(page.getByText('Creality K1C')).toBeVisible();
  const samples = page.locator('.venue-samples li');
  await expect(samples).toHaveCount(4);
  await expect(samples.first().locator('img')).toHaveJSProperty('complete', true);
  await shot(page, 'venue-laboratory-en');
  const first = samples.first().getByRole('link');
  const title = (await first.textContent())?.trim() ?? '';
  await first.click();
  await expect(page).toHaveURL(/\/creality-cloud\/model-details\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);

  // The resin venue: a landing page and its WeChat entries (outside WeChat they go straight on).
  await page.goto('/wechat-resin/pro');
  await expect(page).toHaveURL(/\/hx08$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Creality Resin Printing Lab' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Visit the laboratory' })).toHaveCount(0);
  await page.goto('/wechat-tct/dev');
  await expect(page).toHaveURL(/\/tct$/);

  for (const p of ['/hx08/laboratory', '/hx08/admin', '/wechat-hx08/dev', '/wechat-cd16/test', '/cd17']) {
    expect((await page.request.get(p)).status(), p).toBe(404);
  }

  const zh = await newVisitor(browser, 'zh-CN');
  await zh.goto('/tct');
  await expect(zh.getByRole('heading', { level: 1, name: '创想云 · TCT 亚洲展' })).toBeVisible();
  await expect(zh.getByRole('link', { name: '去抽奖' })).toBeVisible();
  await shot(zh, 'venue-landing-zh-CN');
  await zh.goto('/tct/laboratory');
  await expect(zh.getByRole('heading', { name: '打印样品' })).toBeVisible();
  await shot(zh, 'venue-laboratory-zh-CN');
  await zh.context().close();
});

test('the offline stall sheet shows QR codes to the app, the raffle and the venue, and prints without the site chrome', async ({
  page,
}) => {
  await page.goto('/offline-stall?venue=cd16');
  await expect(page.getByRole('heading', { level: 1, name: 'Creality Cloud at Chengdu Maker Week' })).toBeVisible();
  const base = test.info().project.use.baseURL;
  await expect(page.getByRole('img', { name: `QR code of ${base}/download` })).toBeVisible();
  await expect(page.getByRole('img', { name: new RegExp(`^QR code of ${base}/activitys\\?activeId=\\d+$`) })).toBeVisible();
  await expect(page.getByRole('img', { name: `QR code of ${base}/cd16` })).toBeVisible();
  await expect(page.locator('.stall-code svg')).toHaveCount(3);
  await shot(page, 'offline-stall-en');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print this page' })).toBeHidden();
  await expect(page.locator('.stall-code svg').first()).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // Without a venue: the app and the current raffle; a venue that does not exist is a 404.
  await page.goto('/offline-stall');
  await expect(page.getByRole('heading', { level: 1, name: 'Scan to join us' })).toBeVisible();
  await expect(page.locator('.stall-code svg')).toHaveCount(2);
  expect((await page.request.get('/offline-stall?venue=nowhere')).status()).toBe(404);
});

test('makers tools compute live in the browser and without JS from the query', async ({ page, browser }) => {
  await page.goto('/makers-tools/1');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Filament length and weight');
  const result = page.locator('output');
  await expect(result).toHaveText('100 m of filament weighs 298.3 g.');
  await page.getByLabel('Material').selectOption('PETG');
  await page.getByLabel('Diameter').selectOption('2.85');
  await page.getByLabel('I know the').selectOption('weight');
  await page.getByLabel('Weight (g)').fill('1000');
  await expect(result).toHaveText('1,000 g of filament is 123.4 m long.');
  await page.getByLabel('Weight (g)').fill('abc');
  await expect(page.getByText('Enter a number, e.g. 12.5')).toBeVisible();
  await shot(page, 'makers-tools-filament-en');

  await page.getByRole('link', { name: 'Print cost' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Print cost');
  await page.getByLabel('Filament used (g)').fill('250');
  await page.getByLabel('Spool price (per kg)').fill('20');
  await page.getByLabel('Printer power (W)').fill('120');
  await page.getByLabel('Print time (h)').fill('5');
  await page.getByLabel('Electricity price (per kWh)').fill('0.3');
  await page.getByLabel('Machine wear (per hour)').fill('0.1');
  await expect(result).toContainText('Electricity (0.6 kWh)0.18');
  await expect(result).toContainText('Total5.68');

  await page.goto('/makers-tools/3');
  await page.getByLabel('Nozzle diameter (mm)').fill('0.6');
  await expect(result).toContainText('Layer height0.15–0.45 mm');
  await expect(result).toContainText('Line width0.6–0.72 mm');
  await page.getByLabel('Nozzle diameter (mm)').fill('3');
  await expect(result).toHaveText('Enter a nozzle diameter from 0.1 to 2 mm.');

  // The tools redirect lands here (MAKERS_TOOLS_URL is this server in the journeys).
  await page.goto('/creality-cloud/tools/2/abc');
  await expect(page).toHaveURL(/\/makers-tools\/2$/);
  expect((await page.request.get('/makers-tools/9')).status()).toBe(404);

  // Without JavaScript, the form asks the server, which renders the result (here in French).
  const noJs = await browser.newContext({ baseURL: test.info().project.use.baseURL, javaScriptEnabled: false, locale: 'fr-FR' });
  const plain = await noJs.newPage();
  await plain.goto('/makers-tools/1?material=ABS&diameter=1.75&from=length&amount=10');
  await expect(plain.locator('output')).toHaveText('10 m de filament pèsent 25 g.');
  await plain.getByLabel('Longueur (m)').fill('20');
  await plain.getByRole('button', { name: 'Calculer' }).click();
  await expect(plain.locator('output')).toHaveText('20 m de filament pèsent 50 g.');
  await noJs.close();
});

test('the scan page routes typed codes: content opens, prize codes are explained, other text is shown to copy', async ({
  page,
  browser,
}) => {
  const base = test.info().project.use.baseURL ?? '';
  await page.goto('/scan-code');
  await expect(page.getByRole('button', { name: 'Use the camera' })).toBeVisible();
  await shot(page, 'scan-code-en');
  const field = page.getByLabel('Or type or paste the code');
  await field.fill(`${base}/creality-cloud/model-details/1`);
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page).toHaveURL(/\/creality-cloud\/model-details\/1$/);

  await page.goto('/scan-code');
  await field.fill('abcdefgh2345');
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByRole('heading', { name: "This is a prize's redeem code" })).toBeVisible();
  await expect(page.getByText('Show code ABCDEFGH2345 to the staff')).toBeVisible();

  await field.fill('https://evil.example.com/creality-cloud/model-details/1');
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByRole('heading', { name: 'What the code says' })).toBeVisible();
  await expect(page.locator('pre.scan-text')).toHaveText('https://evil.example.com/creality-cloud/model-details/1');
  await expect(page).toHaveURL(/\/scan-code$/);
  await page.getByRole('link', { name: 'Camera help' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Scanning help');
  await expect(page.getByRole('heading', { name: 'Inside WeChat' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to scanning' }).click();
  // The client store keeps the last code read across pages of the visit.
  await expect(page.getByText('Last scanned:')).toBeVisible();
  await expect(page.locator('code.scan-text')).toHaveText('https://evil.example.com/creality-cloud/model-details/1');

  // Invite links go to the campaign page with the inviter.
  await field.fill(`${base}/activitys?activeId=1&inviter=5`);
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page).toHaveURL(/\/activitys\?activeId=1&inviter=5$/);

  const zh = await newVisitor(browser, 'zh-CN');
  await zh.goto('/scan-code');
  await expect(zh.getByRole('heading', { level: 1, name: '扫描二维码' })).toBeVisible();
  await shot(zh, 'scan-code-zh-CN');
  await zh.goto('/scan-code-guide');
  await shot(zh, 'scan-code-guide-zh-CN');
  await zh.goto('/makers-tools/2');
  await expect(zh.getByRole('heading', { level: 1, name: '打印成本' })).toBeVisible();
  await shot(zh, 'makers-tools-cost-zh-CN');
  await zh.goto('/offline-stall?venue=sz12');
  await shot(zh, 'offline-stall-zh-CN');
  await zh.context().close();
});
