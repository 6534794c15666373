import { expect } from './fixtures';
import { cli, lotteryAdmin, texts } from './operator';
import { friendPage, signInByApi, test, userIdOf } from './session';

const DAY = 86_400_000;

/**
 * Invite friends: a referrer shares their link; a friend who opens it and signs in with a
 * new account is bound to them (coins pending); once the friend reaches the level the coins are
 * released, and the referrer collects them.
 */
test('a friend joins through the invite link, reaches the level, and the referrer collects the coins', async ({ page, browser }) => {
  // Three visitors and an operator command: more steps than most journeys.
  test.slow();
  await signInByApi(page);
  await page.goto('/invite-friends');
  await expect(page.getByRole('heading', { level: 1, name: 'Invite friends, earn Cuvacoins' })).toBeVisible();
  await expect(page.getByText('No friend has joined through your link yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Invite friends' }).click();
  const link = await page.getByRole('textbox', { name: 'Link' }).inputValue();
  expect(link).toMatch(/\/invite-friends\?activityId=\d+&inviter=\d+$/);

  const friend = await friendPage(browser);
  await signInByApi(friend);
  const accepted = friend.waitForResponse((r) => r.url().includes('/tLottery/acceptInvite'));
  await friend.goto(link);
  expect((await (await accepted).json()).result).toEqual({ bound: true });
  const friendId = await userIdOf(friend);
  await friend.context().close();

  await page.reload();
  const list = page.locator('.invite-list');
  await expect(list.getByText('Pending · 100')).toBeVisible();
  await expect(page.locator('.invite-coin.invite-pending')).toContainText('100 · 1 friend');
  await expect(page.getByRole('button', { name: 'Collect 0 Cuvacoins' })).toBeDisabled();
  const activityId = new URL(link).searchParams.get('activityId');
  await page.goto(`/invite-record/${activityId}`);
  await expect(page.locator('.invite-list').getByText('Pending · 100')).toBeVisible();
  expect((await page.request.get('/invite-record/999999')).status()).toBe(404);

  // The platform raises the friend's level: their coins are released at once, then collected.
  expect(JSON.parse(cli('scripts/admin.ts', ['user:level', '--user', friendId, '--level', '2']))).toMatchObject({ released: 1 });
  await page.goto('/invite-friends');
  await expect(page.locator('.invite-list').getByText('Ready to collect · 100')).toBeVisible();
  await page.getByRole('button', { name: 'Collect 100 Cuvacoins' }).click();
  await expect(page.getByText('100 Cuvacoins collected')).toBeVisible();
  await expect(page.locator('.invite-list').getByText('Received · 100')).toBeVisible();
  await expect(page.locator('.invite-coin.invite-received')).toContainText('100 · 1 friend');
  await page.goto('/invite-rules');
  await expect(page.getByRole('heading', { name: 'Invite rules' })).toBeVisible();
});

/**
 * "Invite with gifts" (`/invite-politely/*`): the friend lands on the gift page, reaches the
 * level, and the referrer claims a reward tier after confirming; later friends no longer count.
 * The Dragon Boat look serves the same campaign.
 */
test('claim a reward tier after confirming; it ends the inviting', async ({ page, browser }) => {
  test.slow();
  const prize = `Filament ${Date.now()}`;
  const campaign = lotteryAdmin('create', {
    kind: 'invite',
    title: texts('E2E invite with gifts'),
    rules: texts('One friend, one spool.'),
    startsAt: new Date(Date.now() - 3 * DAY).toISOString(),
    endsAt: new Date(Date.now() + 30 * DAY).toISOString(),
    settings: { inviteCoins: 20, releaseLevel: 2, inviteTiers: [1] },
    prizes: [{ kind: 1, name: texts(prize), stock: 5, weight: 1 }],
  });
  const id = String(campaign.id);
  await signInByApi(page);
  await page.goto(`/invite-politely/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'E2E invite with gifts' })).toBeVisible();
  const tiers = page.locator('.tiers');
  await expect(tiers.getByText('Invite 1 friend')).toBeVisible();
  await expect(page.getByText('0 qualified friends so far')).toBeVisible();
  await page.getByRole('button', { name: 'Invite friends' }).click();
  const link = await page.getByRole('textbox', { name: 'Link' }).inputValue();
  expect(link).toMatch(new RegExp(`/invite-politely/gift\\?activityId=${id}&inviter=\\d+$`));

  const friend = await friendPage(browser);
  await signInByApi(friend);
  await friend.goto(link);
  // Welcomed by the referrer's name.
  await expect(friend.getByRole('heading', { level: 1, name: / invited you$/ })).toBeVisible();
  await expect(friend.getByText("You joined through your friend's invitation.", { exact: false })).toBeVisible();
  cli('scripts/admin.ts', ['user:level', '--user', await userIdOf(friend), '--level', '2']);
  await friend.context().close();

  await page.reload();
  await expect(page.getByText('1 qualified friend so far')).toBeVisible();
  await tiers.getByRole('button', { name: 'Claim' }).click();
  const dialog = page.getByRole('dialog', { name: 'Claim this reward?' });
  await expect(dialog).toContainText(`You will get ${prize}. Claiming ends your inviting`);
  await dialog.getByRole('button', { name: 'Claim now' }).click();
  await expect(page.getByText(`${prize} is yours`)).toBeVisible();
  await expect(tiers.getByText('Claimed')).toBeVisible();
  await expect(page.getByText('You claimed your reward: your inviting in this event has ended.')).toBeVisible();
  await page.getByRole('link', { name: 'See my prize' }).click();
  await expect(page.locator('.prize-card', { hasText: prize })).toBeVisible();

  // A friend arriving after the claim is told it no longer counts.
  const late = await friendPage(browser);
  await signInByApi(late);
  await late.goto(link);
  await expect(late.getByText('Your friend has already claimed their reward, so new invitations no longer count.')).toBeVisible();
  await late.context().close();

  // The other looks and pages of the same campaign.
  await page.goto(`/dragon-activities?activityId=${id}`);
  await expect(page.locator('.invite-hero-dragon').getByRole('heading', { name: 'E2E invite with gifts' })).toBeVisible();
  await page.goto(`/invite-politely/record/${id}`);
  await expect(page.locator('.invite-list').getByText('Ready to collect · 20')).toBeVisible();
  // Every look's history shows the campaign's state and dates, like its other pages.
  for (const path of [`/invite-record/${id}`, `/invite-record2/${id}`, `/dragon-record/${id}`, `/invite-politely/record/${id}`]) {
    await page.goto(path);
    const hero = page.locator('header.invite-hero');
    await expect(hero.locator('.raffle-state'), path).toHaveText('Ongoing');
    await expect(hero.getByRole('heading', { level: 1, name: 'E2E invite with gifts' }), path).toBeVisible();
    await expect(hero.locator('.raffle-period time'), path).toHaveCount(2);
  }
  await page.goto(`/invite-politely/rules/2?activityId=${id}`);
  await expect(page.getByRole('heading', { name: 'Who counts as an invited friend' })).toBeVisible();
  await page.goto(`/dragon-invitee?activityId=${id}`);
  await expect(page.getByText("Open your friend's invite link to accept their invitation.")).toBeVisible();
  for (const path of ['/invite-politely/abc', '/invite-politely/999999', '/dragon-record/0'])
    expect((await page.request.get(path)).status(), path).toBe(404);
});

test('an old app is asked to update before it joins', async ({ browser }) => {
  const campaign = lotteryAdmin('create', {
    kind: 'invite',
    title: texts('E2E new app only'),
    rules: texts('Update first.'),
    startsAt: new Date(Date.now() - 3 * DAY).toISOString(),
    endsAt: new Date(Date.now() + 30 * DAY).toISOString(),
    settings: { minAppVersion: '6.0.0' },
  });
  const app = await friendPage(browser, 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Mobile CrealityCloud/5.9.1');
  await app.goto(`/dragon-activities?activityId=${campaign.id}`);
  await expect(app.getByRole('alert')).toContainText('Please update to the latest version to join the event.');
  await app.getByRole('link', { name: 'Download the latest app' }).click();
  await expect(app).toHaveURL(/\/download$/);
  await app.context().close();
});
