import type { Browser, Page } from '@playwright/test';
import { expect } from './fixtures';
import { pageInLocale, signInByApi, test } from './session';

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** Modeler programme: a member posts a request with a reference image and finds it listed, then closes it. */
test('a member posts a modelling request with an image and finds it listed', async ({ page }) => {
  await signInByApi(page);
  await page.goto('/modeler/sendRequirement');
  await expect(page.getByRole('heading', { level: 1, name: 'Modelling requests' })).toBeVisible();
  const form = page.locator('form.modeler-form');
  await form.getByRole('button', { name: 'Post the request' }).click();
  await expect(form.getByText('Please fill this in.').first()).toBeVisible();
  await expect(form.getByLabel('Title')).toBeFocused();

  const title = `Hinge for a cupboard ${Date.now()}`;
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Description').fill('The old hinge snapped.\nIt is 35 mm wide.');
  await form.getByLabel('Budget (CNY, 0 = open to offers)').fill('100001');
  await form.getByLabel(/Reference images/).setInputFiles({ name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await form.getByRole('button', { name: 'Post the request' }).click();
  await expect(form.getByText('Enter a whole amount from 0 to 100000.')).toBeVisible();
  await expect(form.getByText('Only JPEG, PNG and WebP images are accepted.')).toBeVisible();
  await form.getByRole('button', { name: 'Remove' }).click();
  await form.getByLabel('Budget (CNY, 0 = open to offers)').fill('250');
  await form.getByLabel(/Reference images/).setInputFiles({ name: 'hinge.png', mimeType: 'image/png', buffer: PNG });
  await form.getByRole('button', { name: 'Post the request' }).click();

  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Budget: ¥250')).toBeVisible();
  await expect(page.locator('.modeler-images img')).toHaveCount(1);
  const detail = page.url();

  await expect(async () => {
    await page.goto('/modeler/sendRequirement');
    await expect(page.getByRole('link', { name: new RegExp(title) })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await page.goto(detail);
  await page.getByRole('button', { name: 'Close this request' }).click();
  await expect(page.getByText('This request is closed.')).toBeVisible();
});

/** Modeler programme: a member votes for a contest entry, sees the count move, and takes the vote back. */
test('a member votes for a contest entry and sees the count move', async ({ page, browser }) => {
  await page.goto('/modeler');
  await expect(page.getByRole('heading', { level: 1, name: 'Designer programme' })).toBeVisible();
  await page.getByRole('link', { name: 'See all entries and vote' }).click();
  await expect(page).toHaveURL(/\/modeler\/voteDetail\?contestId=\d+$/);
  await signInByApi(page);
  // The member's votes arrive late: a tap before they are known must wait, not be swallowed.
  await page.route('**/modeler/contest/my-votes*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  await page.reload();
  const entry = page.locator('.modeler-entry').first();
  const title = (await entry.locator('h3').textContent()) ?? '';
  const before = Number(((await entry.locator('output').textContent()) ?? '').replace(/\D/g, ''));
  await entry.getByRole('button', { name: `Vote for ${title}` }).click();
  await expect(entry.getByRole('button', { name: `Withdraw your vote for ${title}` })).toHaveAttribute('aria-pressed', 'true');
  await expect(entry.locator('output')).toHaveText(new RegExp(`^${before + 1} votes?$`));
  await page.reload();
  await expect(
    page.locator('.modeler-entry', { hasText: title }).getByRole('button', { name: `Withdraw your vote for ${title}` }),
  ).toBeVisible();
  await screenshots(page, browser);
  await page
    .locator('.modeler-entry', { hasText: title })
    .getByRole('button', { name: `Withdraw your vote for ${title}` })
    .click();
  await expect(page.locator('.modeler-entry', { hasText: title }).locator('output')).toHaveText(new RegExp(`^${before} votes?$`));
});

/** A signed-in member's vote buttons wait for their votes: never a moment where a tap is taken for a signed-out one and dropped. */
test("the vote buttons stay disabled until a signed-in member's votes are known", async ({ page }) => {
  await page.goto('/modeler/voteDetail');
  await signInByApi(page);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/modeler/contest/my-votes*', async (route) => {
    await held;
    await route.continue();
  });
  // Records every state the first vote button goes through, from the server's markup on.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __voteStates: string[] }).__voteStates = seen;
    const look = () => {
      const b = document.querySelector('.modeler-entry button');
      const state = b ? (b.hasAttribute('disabled') ? 'disabled' : 'enabled') : 'absent';
      if (seen[seen.length - 1] !== state) seen.push(state);
    };
    new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true });
  });
  await page.reload();
  await page.waitForTimeout(300);
  const beforeVotes = await page.evaluate(() => (window as unknown as { __voteStates: string[] }).__voteStates);
  expect(beforeVotes).not.toContain('enabled');
  release();
  await expect(page.locator('.modeler-entry button').first()).toBeEnabled();
});

/** The programme page at 375 px in English and Chinese, for a person to look at. */
async function screenshots(page: Page, browser: Browser) {
  if (!SHOTS) return;
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/modeler');
  await page.screenshot({ path: `${SHOTS}/modeler-en.png`, fullPage: true });
  await page.goto(page.url().replace('/modeler', '/modeler/voteDetail'));
  await page.screenshot({ path: `${SHOTS}/modeler-vote-en.png`, fullPage: true });
  const { page: zhPage, close } = await pageInLocale(page, browser, 'zh-CN');
  await zhPage.goto('/modeler');
  await expect(zhPage.getByRole('heading', { level: 1, name: '设计师计划' })).toBeVisible();
  await zhPage.screenshot({ path: `${SHOTS}/modeler-zh-CN.png`, fullPage: true });
  await close();
}
