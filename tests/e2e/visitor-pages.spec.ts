import { expect } from './fixtures';
import { lotteryAdmin, texts } from './operator';
import { signInByApi, test } from './session';

const DAY = 86_400_000;

/** An image that has loaded (not a broken picture). */
const loaded = (img: import('@playwright/test').Locator) =>
  expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);

test.describe('the model page', () => {
  test('swipes through several pictures with arrows, dots and the keyboard; later pictures load lazily', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/creality-cloud/model-details/1');
    const gallery = page.getByRole('region', { name: /^Images of / });
    const dots = gallery.getByRole('button', { name: /^Image \d of 4$/ });
    await expect(dots).toHaveCount(4);
    await expect(dots.first()).toHaveAttribute('aria-current', 'true');
    await expect(gallery.locator('img').nth(1)).toHaveAttribute('loading', 'lazy');
    await expect(gallery.getByRole('button', { name: 'Previous image' })).toBeDisabled();

    await gallery.getByRole('button', { name: 'Next image' }).click();
    await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
    await loaded(gallery.locator('img').nth(1));
    await dots.nth(3).click();
    await expect(dots.nth(3)).toHaveAttribute('aria-current', 'true');
    await expect(gallery.getByRole('button', { name: 'Next image' })).toBeDisabled();
    // The strip takes the arrow keys.
    await gallery.locator('.gallery-strip').focus();
    await page.keyboard.press('Home');
    await expect(dots.first()).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
    // A swipe (the strip scrolled by hand) moves the dots too.
    await gallery.locator('.gallery-strip').evaluate((el) => el.scrollTo({ left: el.clientWidth * 2 }));
    await expect(dots.nth(2)).toHaveAttribute('aria-current', 'true');
  });

  test("shows the maker's card with Follow, profiles as cards, and keeps download and open-in-app at hand", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/creality-cloud/model-details/1');
    const maker = page.getByRole('region', { name: 'Maker' });
    await expect(maker.locator('.author-name')).not.toBeEmpty();
    await expect(maker.getByRole('button', { name: 'Follow' })).toBeVisible();
    await expect(page.locator('.profile-card').first()).toHaveAttribute('href', /\/creality-cloud\/slices-details\/\d+$/);

    // The primary actions stay on screen wherever the visitor has scrolled to.
    const bar = page.locator('.open-app-sticky');
    for (const y of [0, 1500, 100_000]) {
      await page.evaluate((to) => window.scrollTo(0, to), y);
      await expect(bar.getByRole('link', { name: 'Download calibration-cube.stl' })).toBeInViewport();
      await expect(bar.getByRole('link', { name: 'Open in the app' })).toBeInViewport();
    }
  });
});

test.describe('prizes with pictures', () => {
  test('the demo raffle pictures its prizes in the odds table', async ({ page }) => {
    await page.goto('/activitys?activeId=1');
    const odds = page.locator('table.raffle-odds tbody tr');
    await expect(odds.first().locator('img.prize-img')).toHaveAttribute('src', /^\/files\/.+\.svg$/);
    for (const img of await page.locator('table.raffle-odds img.prize-img').all()) await loaded(img);
  });

  test("a venue's page pictures the prizes of its raffle", async ({ page }) => {
    await page.goto('/cd16');
    const prizes = page.locator('.venue-prizes li');
    await expect(prizes.first()).toBeVisible();
    for (const img of await page.locator('.venue-prizes img.prize-img').all()) await loaded(img);
    expect(await page.locator('.venue-prizes img.prize-img').count()).toBe(await prizes.count());
  });

  test('a won prize shows its picture in the result, the winners marquee, my prizes and the claim page', async ({ page }) => {
    test.slow();
    const name = `Spool ${Date.now()}`;
    const picture = (await (await page.request.get('/activitys?activeId=1')).text()).match(/\/files\/[0-9a-f]{2}\/[0-9a-f]+\.svg/)?.[0];
    expect(picture).toBeTruthy();
    const activeId = String(
      lotteryAdmin('create', {
        title: texts(`E2E pictures: ${name}`),
        rules: texts('Every draw wins.'),
        startsAt: new Date(Date.now() - DAY).toISOString(),
        endsAt: new Date(Date.now() + 7 * DAY).toISOString(),
        noWinWeight: 0,
        settings: { premiumDailyChances: 0, dailyChances: 1 },
        prizes: [{ kind: 1, name: texts(name), stock: 5, weight: 1, perUserCap: null, imageUrl: picture }],
      }).id,
    );
    await signInByApi(page);
    await page.goto(`/activitys?activeId=${activeId}`);
    await page.getByRole('button', { name: 'Draw' }).click();
    const result = page.getByRole('dialog', { name: 'Congratulations!' });
    await expect(result.locator('img.prize-img')).toHaveAttribute('src', picture ?? '');
    await result.getByRole('link', { name: 'Claim my prize' }).click();
    await expect(page.getByRole('heading', { name: 'Where should we ship it?' })).toBeVisible();
    await loaded(page.locator('.prize-card img.prize-img'));
    // The page is kept a few seconds by the server's page cache: the win shows on a fresh render.
    const winner = page.locator('.raffle-marquee li', { hasText: name }).first().locator('img.prize-img');
    await expect
      .poll(
        async () => {
          await page.goto(`/activitys?activeId=${activeId}`);
          return winner.count();
        },
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
    await expect(winner).toHaveAttribute('src', picture ?? '');
    await page.goto(`/activitys/my-prize?activeId=${activeId}`);
    const card = page.locator('.prize-card', { hasText: name });
    await expect(card.locator('img.prize-img')).toHaveAttribute('src', picture ?? '');
    await loaded(card.locator('img.prize-img'));
  });
});
