import type { Page } from '@playwright/test';
import { fillNames, fillTexts, formId, localInput, signInAs } from './console-steps';
import { expect } from './fixtures';
import { test } from './session';

/**
 * The console's form of each campaign kind: an admin creates one (saved as a draft), edits its
 * own settings, duplicates it, previews its visitor page and publishes it. The stored campaign is
 * read back through the admin API after each step.
 */
const DAY = 86_400_000;

interface KindCase {
  link: string;
  heading: RegExp;
  /** The visitor page the preview frames. */
  page: RegExp;
  fill: (page: Page) => Promise<void>;
  /** A change of the kind's own settings, and what the stored settings then hold. */
  edit: (page: Page) => Promise<void>;
  stored: Record<string, unknown>;
  /** A raffle (blind boxes too): the only kind with days counted on the server, in a zone of its own. */
  raffle?: boolean;
}

const prize = (page: Page, n = 1) => page.getByRole('group', { name: `Prize ${n}`, exact: true });

async function namedPrize(page: Page, name: string) {
  await fillNames(prize(page), name);
  await prize(page).getByLabel('Stock').fill('20');
}

const CASES: Record<string, KindCase> = {
  checkin: {
    link: 'New check-in',
    heading: /^Check-in #\d+$/,
    page: /\/webview\/check-in\?activityId=\d+$/,
    fill: async (page) => {
      await expect(page.getByRole('group', { name: 'Prizes' })).toHaveCount(0);
      await expect(page.getByLabel('Day 7')).toHaveValue('50');
    },
    edit: async (page) => {
      await page.getByLabel('Day 7').fill('70');
      await page.getByRole('button', { name: 'Add a day' }).click();
      await expect(page.getByLabel('Day 8')).toHaveValue('70');
    },
    stored: { checkinRewards: [10, 10, 20, 10, 10, 20, 70, 70] },
  },
  giftcode: {
    link: 'New gift codes',
    heading: /^Gift codes #\d+$/,
    page: /\/gift-pack\?activityId=\d+$/,
    fill: (page) => namedPrize(page, 'Filament roll'),
    edit: (page) => page.getByLabel('Oldest app version (empty: all)').fill('5.2.0'),
    stored: { minAppVersion: '5.2.0' },
  },
  newcomer: {
    link: 'New newcomer pack',
    heading: /^Newcomer pack #\d+$/,
    page: /\/gift-pack\?activityId=\d+$/,
    fill: async (page) => {
      await namedPrize(page, 'Welcome coupon');
      await page.getByLabel('Days an account counts as new').fill('14');
    },
    edit: (page) => page.getByLabel('Days an account counts as new').fill('30'),
    stored: { newcomerDays: 30 },
  },
  invite: {
    link: 'New invite campaign',
    heading: /^Invite friends #\d+$/,
    page: /\/invite-friends\?activityId=\d+$/,
    fill: async (page) => {
      await expect(page.getByLabel('Tier 1')).toHaveValue('3');
      await namedPrize(page, 'Tier reward');
    },
    edit: (page) => page.getByLabel('Coins per friend').fill('250'),
    stored: { inviteCoins: 250, inviteTiers: [3] },
  },
  collection: {
    link: 'New collection',
    heading: /^Collection #\d+$/,
    page: /\/collection\?activityId=\d+$/,
    fill: async (page) => {
      for (const n of [1, 2]) {
        const card = page.getByRole('group', { name: `Card ${n}`, exact: true });
        await card.getByLabel('Key (a–z, 0–9, -)').fill(`part-${n}`);
        await fillNames(card, `Part ${n}`);
      }
      await namedPrize(page, 'Full set prize');
    },
    edit: (page) => page.getByRole('group', { name: 'Card 2', exact: true }).getByLabel('Weight').fill('5'),
    stored: {
      collectionCards: [expect.objectContaining({ key: 'part-1', weight: 10 }), expect.objectContaining({ key: 'part-2', weight: 5 })],
    },
  },
  'blind box': {
    raffle: true,
    link: 'New blind box',
    heading: /^Raffle #\d+$/,
    page: /\/blind-box\?activeId=\d+$/,
    fill: async (page) => {
      await expect(page.getByLabel('Page look')).toHaveValue('box');
      await namedPrize(page, 'Mystery figure');
      await expect(page.getByTestId('odds-1')).toHaveText(/^Odds: /);
    },
    edit: (page) => page.getByLabel('Chances per day').fill('3'),
    stored: { look: 'box', dailyChances: 3 },
  },
};

const stored = async (page: Page, id: number) =>
  (await (await page.request.get(`/api/rest/lottery/admin/campaign/get?id=${id}`)).json()).result as {
    kind: string;
    title: Record<string, string>;
    restocking: boolean;
    settings: Record<string, unknown>;
  };

for (const [kind, c] of Object.entries(CASES)) {
  test(`the ${kind} form: create, edit, duplicate, preview and publish`, async ({ page }) => {
    test.setTimeout(90_000);
    await signInAs(page, 'admin', '*');
    await page.goto('/admin/campaigns');
    await page.getByRole('link', { name: c.link, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: c.link })).toBeVisible();
    const name = `${kind} form ${Date.now()}`;
    await fillTexts(page, 'Title', name);
    await fillTexts(page, 'Rules', 'How it works');
    // Starting tomorrow: published, it waits for its start, so the visitors' pages of the other
    // tests (which show the running campaign of a kind) never meet it.
    await page.getByLabel('Starts').fill(localInput(Date.now() + DAY));
    await page.getByLabel('Ends').fill(localInput(Date.now() + 8 * DAY));
    // A raffle counts its days on the server, in the operator's zone (filled in from the browser);
    // the other kinds have no such zone to ask for.
    const dayZone = page.getByLabel('Days start at midnight in (time zone)');
    if (c.raffle) await expect(dayZone).not.toHaveValue('');
    else await expect(dayZone).toHaveCount(0);
    await c.fill(page);
    await page.getByRole('button', { name: 'Save as draft' }).click();
    await expect(page.getByRole('heading', { level: 1, name: c.heading })).toBeVisible();
    const id = formId(page);
    expect((await stored(page, id)).restocking).toBe(true);

    // Edited: the kind's own settings are stored.
    await c.edit(page);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Saved.', { exact: true })).toBeVisible();
    expect((await stored(page, id)).settings).toMatchObject(c.stored);

    // Duplicated: a new draft of the same kind with the same texts and settings.
    await page.getByRole('link', { name: 'Duplicate' }).click();
    await expect(page.getByRole('heading', { level: 1, name: c.link })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Title', exact: true }).getByLabel('English', { exact: true })).toHaveValue(
      `${name} (English)`,
    );
    await page.getByRole('button', { name: 'Save as draft' }).click();
    await expect(page.getByRole('heading', { level: 1, name: c.heading })).toBeVisible();
    const copy = formId(page);
    expect(copy).not.toBe(id);
    const duplicate = await stored(page, copy);
    expect(duplicate.settings).toMatchObject(c.stored);
    expect(duplicate.title.en).toBe(`${name} (English)`);

    // Previewed in its own visitor page, then published.
    await page.goto(`/admin/campaigns/${id}`);
    await page.getByRole('link', { name: 'Preview' }).click();
    await expect(page.locator('iframe')).toHaveAttribute('src', c.page);
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText('Published: visitors can draw.')).toBeVisible();
    expect((await stored(page, id)).restocking).toBe(false);
    await page.goto('/admin/campaigns');
    await expect(page.getByTestId(`state-${id}`)).toHaveText('Not started');
  });
}

test('a refused setting is named, and nothing is saved', async ({ page }) => {
  await signInAs(page, 'admin', '*');
  await page.goto('/admin/campaigns/new?kind=newcomer');
  await fillTexts(page, 'Title', 'Refused');
  await fillTexts(page, 'Rules', 'Refused');
  await fillNames(prize(page), 'Coupon');
  await page.getByLabel('Days an account counts as new').fill('999');
  await page.getByRole('button', { name: 'Save as draft' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'The campaign was not saved:' });
  await expect(refusal.getByText('settings.newcomerDays')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/campaigns\/new\?kind=newcomer$/);
});
