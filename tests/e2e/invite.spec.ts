import { expect } from './fixtures';
import { signInByApi, test } from './session';

/**
 * Issue 6, invite friends: a referrer shares their link; a friend who opens it and signs in with a
 * new account is bound to them, and the referrer sees the friend with pending coins.
 */
test('a friend who joins through the invite link shows up, coins pending', async ({ page, browser }) => {
  await signInByApi(page);
  await page.goto('/invite-friends');
  await expect(page.getByRole('heading', { level: 1, name: 'Invite friends, earn Cuvacoins' })).toBeVisible();
  await expect(page.getByText('No friend has joined through your link yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Invite friends' }).click();
  const link = await page.getByRole('textbox', { name: 'Link' }).inputValue();
  expect(link).toMatch(/\/invite-friends\?activityId=\d+&inviter=\d+$/);

  const friendContext = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': `203.0.113.${1 + Math.floor(Math.random() * 250)}` },
  });
  const friend = await friendContext.newPage();
  await signInByApi(friend);
  const accepted = friend.waitForResponse((r) => r.url().includes('/tLottery/acceptInvite'));
  await friend.goto(link);
  expect((await (await accepted).json()).result).toEqual({ bound: true });
  await friendContext.close();

  await page.reload();
  const list = page.locator('.invite-list');
  await expect(list.getByText('Pending · 100')).toBeVisible();
  await expect(page.locator('.invite-coin.invite-pending')).toContainText('100 · 1 friend');
  await expect(page.getByRole('button', { name: 'Collect 0 Cuvacoins' })).toBeDisabled();
  const activityId = new URL(link).searchParams.get('activityId');
  await page.goto(`/invite-record/${activityId}`);
  await expect(page.locator('.invite-list').getByText('Pending · 100')).toBeVisible();
  expect((await page.request.get('/invite-record/999999')).status()).toBe(404);
  await page.goto('/invite-rules');
  await expect(page.getByRole('heading', { name: 'Invite rules' })).toBeVisible();
});
