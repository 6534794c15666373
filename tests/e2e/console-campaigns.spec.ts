import path from 'node:path';
import { expect } from './fixtures';
import { cli, lotteryAdmin, texts } from './operator';
import { API_HEADERS, friendPage, signInByApi, test, userIdOf } from './session';

/**
 * The console's campaigns: an admin creates a raffle with three prizes (uploading their images),
 * previews and publishes it; a visitor draws on it; staff of another campaign can neither see nor
 * change it, in the console or through the API.
 */
const IMAGE = path.resolve('tests/fixtures/photos/sample.jpg');
const DAY = 86_400_000;

test('an operator builds, previews and publishes a raffle; a visitor draws on it', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signInByApi(page);
  cli('scripts/admin.ts', ['user:role', '--user', await userIdOf(page), '--role', 'admin', '--scope', '*']);
  await page.goto('/admin/campaigns');
  await page.getByRole('link', { name: 'New raffle' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New raffle' })).toBeVisible();

  const name = `Console wheel ${Date.now()}`;
  const title = page.getByRole('group', { name: 'Title' });
  await title.getByLabel('English').fill(name);
  // A language left empty is flagged as it stands.
  await expect(title.getByText('Missing translation: zh-CN, zh-TW, fr')).toBeVisible();
  await title.getByLabel('Simplified Chinese').fill(`${name} 简`);
  await title.getByLabel('Traditional Chinese').fill(`${name} 繁`);
  await title.getByLabel('French').fill(`${name} fr`);
  await expect(title.getByText(/Missing translation/)).toHaveCount(0);
  const rules = page.getByRole('group', { name: 'Rules' });
  for (const l of ['English', 'Simplified Chinese', 'Traditional Chinese', 'French'])
    await rules.getByLabel(l).fill(`One draw a day (${l}).`);
  // Started an hour ago, in the operator's time zone.
  const local = (ms: number) => {
    const d = new Date(ms);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
  };
  await page.getByLabel('Starts').fill(local(Date.now() - 3_600_000));
  await page.getByLabel('Ends').fill(local(Date.now() + 7 * DAY));

  await page.getByRole('button', { name: 'Add a prize' }).click();
  await page.getByRole('button', { name: 'Add a prize' }).click();
  const prizes = [
    { n: 1, label: 'Printer', weight: '1' },
    { n: 2, label: 'Filament', weight: '3' },
    { n: 3, label: 'Nozzle', weight: '6' },
  ];
  for (const p of prizes) {
    const box = page.getByRole('group', { name: `Prize ${p.n}` });
    for (const [l, suffix] of [
      ['English', ''],
      ['Simplified Chinese', ' 简'],
      ['Traditional Chinese', ' 繁'],
      ['French', ' fr'],
    ])
      await box.getByLabel(`Name (${l})`).fill(`${p.label}${suffix}`);
    await box.getByLabel('Stock').fill('5');
    await box.getByLabel('Weight').fill(p.weight);
    await box.getByLabel('Image').setInputFiles(IMAGE);
    await expect(box.getByRole('img')).toHaveAttribute('src', /^\/files\//);
  }
  await page.getByLabel('No-win weight').fill('0');
  // The odds follow the weights as they are typed.
  await expect(page.getByTestId('odds-1')).toHaveText('Odds: 10.00 %');
  await expect(page.getByTestId('odds-3')).toHaveText('Odds: 60.00 %');
  await expect(page.getByTestId('odds-nowin')).toHaveText('Odds: 0.00 %');

  await page.getByRole('button', { name: 'Save as draft' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Raffle #\d+$/ })).toBeVisible();
  const id = Number(page.url().split('/').pop());

  // A draft: listed as paused, its page previewed before visitors can draw.
  await page.getByRole('link', { name: 'Preview' }).click();
  const frame = page.frameLocator('iframe');
  await expect(frame.getByRole('heading', { name }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published: visitors can draw.')).toBeVisible();

  const visitor = await friendPage(browser);
  await signInByApi(visitor);
  await visitor.goto(`/activitys?activeId=${id}`);
  await visitor.getByRole('button', { name: 'Draw' }).click();
  await expect(visitor.getByRole('dialog', { name: 'Congratulations!' })).toBeVisible({ timeout: 10_000 });

  await page.goto('/admin/campaigns?kind=raffle&state=ongoing');
  await expect(page.getByRole('link', { name })).toBeVisible();
  await expect(page.getByTestId(`state-${id}`)).toHaveText('Running');
  const audit = await (await page.request.get(`/api/cxy/admin/v2/console/audit?itemType=campaign&itemId=${id}`)).json();
  expect(audit.result.items.map((r: { action: string }) => r.action)).toEqual(['campaign.resume', 'campaign.create']);
});

test('staff of one campaign cannot see or change another, in the console or through the API', async ({ page }) => {
  const raffle = (title: string) =>
    lotteryAdmin('create', {
      title: texts(title),
      rules: texts('Rules'),
      startsAt: Date.now() - DAY,
      endsAt: Date.now() + DAY,
      prizes: [{ kind: 2, name: texts('Coupon'), stock: 1, weight: 1 }],
    }).id as number;
  const mine = raffle('Mine');
  const other = raffle('Not mine');
  await signInByApi(page);
  cli('scripts/admin.ts', ['user:role', '--user', await userIdOf(page), '--role', 'staff', '--scope', `activity:${mine}`]);

  await page.goto('/admin/campaigns');
  await expect(page.getByRole('link', { name: 'Mine' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Not mine' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'New raffle' })).toHaveCount(0);
  await page.goto(`/admin/campaigns/${other}`);
  await expect(page.getByText('You may not open this campaign.')).toBeVisible();

  const base = '/api/rest/lottery/admin/campaign';
  const read = await page.request.get(`${base}/get?id=${other}`);
  expect(read.status()).toBe(403);
  const change = await page.request.post(`${base}/state`, { data: { id: other, action: 'end' }, headers: API_HEADERS });
  expect(change.status()).toBe(403);
  expect((await change.json()).code).toBe(1117);
  // Their own campaign they may pause.
  const own = await page.request.post(`${base}/state`, { data: { id: mine, action: 'pause' }, headers: API_HEADERS });
  expect((await own.json()).code).toBe(0);
});
