import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect } from './fixtures';
import { cli, texts } from './operator';
import { API_HEADERS, pageInLocale, signInByApi, test } from './session';

const DAY = 86_400_000;
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

const userIdOf = async (ctx: { storageState(): Promise<{ cookies: { name: string; value: string }[] }> }) =>
  (await ctx.storageState()).cookies.find((c) => c.name === 'userId')?.value ?? '';
const xff = () => `203.0.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

/**
 * A collection of two cards for a physical prize, made through the admin API by an admin: the
 * server that creates it deals its cards from that moment (the operator command, another process,
 * would be seen within seconds).
 */
async function createCollection(newContext: () => Promise<APIRequestContext>, prize: string): Promise<string> {
  const admin = await newContext();
  await signInByApi({ request: admin });
  cli('scripts/admin.ts', ['user:role', '--user', await userIdOf(admin), '--role', 'admin', '--scope', '*']);
  const res = await admin.post('/api/rest/lottery/admin/campaign/create', {
    headers: API_HEADERS,
    data: {
      kind: 'collection',
      title: { ...texts('Printer parts'), 'zh-CN': '集卡拼打印机' },
      rules: texts('Collect both cards.'),
      startsAt: Date.now() - DAY,
      endsAt: Date.now() + 30 * DAY,
      settings: {
        collectionCards: [
          { key: 'nozzle', name: { ...texts('Nozzle'), 'zh-CN': '喷嘴' }, weight: 1 },
          { key: 'hotbed', name: { ...texts('Hotbed'), 'zh-CN': '热床' }, weight: 1 },
        ],
      },
      prizes: [{ kind: 1, name: { ...texts(prize), 'zh-CN': `${prize}（耗材）` }, stock: 5, weight: 1 }],
    },
  });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe(0);
  await admin.dispose();
  return String(body.result.id);
}

/** The member's collection as the API answers it. */
async function status(page: Page, id: string) {
  const body = await (await page.request.get(`/api/cxy/v2/collection/status?activityId=${id}`, { headers: API_HEADERS })).json();
  expect(body.code).toBe(0);
  return body.result as { cards: { count: number }[]; earn: { raffle?: string } };
}

/** The album at 375 px in English and Chinese, for a person to look at (E2E_SCREENSHOTS_DIR). */
async function screenshots(page: Page, browser: Browser, id: string) {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${SHOTS}/collection-en.png`, fullPage: true });
  const { page: zhPage, close } = await pageInLocale(page, browser, 'zh-CN');
  await zhPage.goto(`/collection?activityId=${id}`);
  await expect(zhPage.getByRole('heading', { level: 1, name: '集卡拼打印机' })).toBeVisible();
  await expect(zhPage.getByText('已集齐 2 / 2 种卡片')).toBeVisible();
  await zhPage.screenshot({ path: `${SHOTS}/collection-zh-CN.png`, fullPage: true });
  await close();
}

/** Collection: a card from a check-in, the rest from invited friends, the set exchanged once. */
test('a member collects the cards, exchanges the set with confirmation and finds the prize', async ({ page, playwright, browser }) => {
  test.setTimeout(90_000);
  const baseURL = test.info().project.use.baseURL;
  const newContext = () => playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': xff() } });
  const prize = `Filament spool ${Date.now()}`;
  const id = await createCollection(newContext, prize);
  const album = page.locator('.collection-album');

  await page.goto(`/collection?activityId=${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Printer parts' })).toBeVisible();
  await expect(page.getByText('Sign in to see your cards and exchange a complete set.')).toBeVisible();
  await expect(album.locator('.collection-card-missing')).toHaveCount(2);
  await expect(page.getByText(prize)).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/collection-signed-out-en.png`, fullPage: true });

  // A check-in on the check-in page gives the first card.
  await signInByApi(page);
  await page.goto('/webview/check-in');
  await page.getByRole('button', { name: 'Check in', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Checked in today' })).toBeDisabled();
  await page.goto(`/collection?activityId=${id}`);
  await expect(page.getByText('1 of 2 cards collected')).toBeVisible();
  await expect(album.locator('.collection-card-missing')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Exchange my set' })).toBeDisabled();

  // The rest from friends who join through the member's raffle invite (a card each, at random).
  const { earn } = await status(page, id);
  expect(earn.raffle).toBeTruthy();
  const inviter = await userIdOf(page.context());
  for (let friends = 0; (await status(page, id)).cards.some((c) => c.count === 0); friends++) {
    expect(friends, 'a card was still missing after 20 friends').toBeLessThan(20);
    const friend = await newContext();
    await signInByApi({ request: friend });
    const accepted = await friend.post('/api/rest/lottery/tLottery/acceptInvite', {
      headers: { ...API_HEADERS, __cxy_duid_: crypto.randomUUID() },
      data: { lotteryId: earn.raffle, inviter },
    });
    expect((await accepted.json()).result).toEqual({ bound: true });
    await friend.dispose();
  }

  // Duplicates stay after the exchange: the kinds held twice or more are still held.
  const spare = (await status(page, id)).cards.filter((c) => c.count > 1).length;
  await page.reload();
  await expect(page.getByText('2 of 2 cards collected')).toBeVisible();
  await expect(page.getByText('Your set is complete: exchange it for the prize.')).toBeVisible();
  await expect(album.locator('.collection-card-missing')).toHaveCount(0);
  if (SHOTS) await screenshots(page, browser, id);

  // Exchange, confirmed in a dialog; cancelling first changes nothing.
  const exchange = page.getByRole('button', { name: 'Exchange my set' });
  await exchange.click();
  const confirm = page.getByRole('dialog', { name: 'Exchange your set?' });
  await expect(confirm).toContainText(prize);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/collection-confirm-en.png` });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await exchange.click();
  await confirm.getByRole('button', { name: 'Exchange', exact: true }).click();
  const done = page.getByRole('dialog', { name: 'Set exchanged!' });
  await expect(done).toContainText(prize);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/collection-done-en.png` });
  await expect(done.getByRole('link', { name: 'Claim my prize' })).toHaveAttribute(
    'href',
    /\/activitys\/confirmation-prize\?activeId=\d+&winId=\d+/,
  );
  await done.getByRole('link', { name: 'My prizes' }).click();
  await expect(page).toHaveURL(new RegExp(`/activitys/my-prize\\?activeId=${id}$`));
  // The prize on My prizes (the collection page's own copy of its name is gone once the page changed).
  await expect(page.locator('.prize-card', { hasText: prize })).toBeVisible();

  // Back on the album: exchanged once, the cards used.
  await page.goto(`/collection?activityId=${id}`);
  await expect(page.getByText('You exchanged your set on')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Exchange my set' })).toHaveCount(0);
  await expect(page.getByText(`${spare} of 2 cards collected`)).toBeVisible();

  const missing = await page.goto('/collection?activityId=999999');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'This collection is not available' })).toBeVisible();
});
