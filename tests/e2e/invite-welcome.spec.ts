import { expect } from './fixtures';
import { lotteryAdmin, texts } from './operator';
import { friendPage, signInByApi, test, userIdOf } from './session';

/**
 * The invited friend's side of inviting: a welcome that says who invited them, what they get and
 * what to do next; the referrer told what inviting earns in this campaign; counts in plain words.
 */
const DAY = 86_400_000;

test('a friend who opens an invite link is welcomed by name, told they joined and what comes next', async ({ page, browser }) => {
  test.slow();
  await signInByApi(page);
  await page.goto('/invite-friends');
  const title = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  await page.getByRole('button', { name: 'Invite friends' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite friends' });
  // This campaign pays Cuvacoins, not draws.
  await expect(dialog.getByText(/^Each friend who signs up with your link earns you \d+ Cuvacoins/)).toBeVisible();
  await expect(dialog.getByText(/draws/)).toHaveCount(0);
  const link = await dialog.getByRole('textbox', { name: 'Link' }).inputValue();
  const nickname = await page.evaluate(async () => {
    const id = document.cookie.match(/(?:^|; )userId=(\d+)/)?.[1];
    const html = await (await fetch(`/creality-cloud/personal-center/${id}`)).text();
    return new DOMParser().parseFromString(html, 'text/html').querySelector('h1')?.textContent ?? '';
  });
  expect(nickname).not.toBe('');

  const friend = await friendPage(browser);
  await signInByApi(friend);
  const accepted = friend.waitForResponse((r) => r.url().includes('/tLottery/acceptInvite'));
  await friend.goto(link);
  expect((await (await accepted).json()).result).toEqual({ bound: true });
  await expect(friend.getByRole('heading', { level: 1 })).toHaveText(`${nickname} invited you`);
  await expect(friend.getByRole('heading', { level: 1 })).not.toHaveText(title);
  const status = friend.getByRole('status').filter({ hasText: "You joined through your friend's invitation" });
  await expect(status).toBeVisible();
  await expect(status).toContainText('Next: ');
  await expect(friend.getByRole('link', { name: 'Invite my own friends' })).toBeVisible();
  await friend.context().close();
});

test('the friends a raffle invite brought are counted in plain words', async ({ page, browser }) => {
  test.slow();
  const activeId = String(
    lotteryAdmin('create', {
      title: texts('E2E raffle with invites'),
      rules: texts('A draw per friend.'),
      startsAt: new Date(Date.now() - DAY).toISOString(),
      endsAt: new Date(Date.now() + 7 * DAY).toISOString(),
      settings: { inviteChances: 1 },
      prizes: [{ kind: 3, name: texts('5 Cuvacoins'), stock: 100, weight: 1, value: 5, perUserCap: null }],
    }).id,
  );
  await signInByApi(page);
  const referrer = await userIdOf(page);
  const friend = await friendPage(browser);
  await signInByApi(friend);
  const accepted = friend.waitForResponse((r) => r.url().includes('/tLottery/acceptInvite'));
  await friend.goto(`/activitys?activeId=${activeId}&inviter=${referrer}`);
  expect((await (await accepted).json()).result).toEqual({ bound: true });
  await friend.context().close();

  await page.goto(`/activitys/invitation-record?activeId=${activeId}`);
  await expect(page.getByText('1 friend joined: 1 draw earned.')).toBeVisible();
});

test('the Dragon Boat pages have a festival look of their own', async ({ page }) => {
  await page.goto('/invite-friends');
  const plain = await page
    .locator('.btn:not(.btn-secondary)')
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);
  await page.goto('/dragon-activities');
  const article = page.locator('article.invite-look-dragon');
  await expect(article).toBeVisible();
  // Its own colours: the buttons of the festival page are not the site's green.
  const festive = await article
    .locator('.btn:not(.btn-secondary)')
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(festive).not.toBe(plain);
  // And its own imagery: a dragon boat on the river behind the title.
  const hero = await article.locator('.invite-hero').evaluate((el) => getComputedStyle(el).backgroundImage);
  expect(hero).toContain('svg');
});
