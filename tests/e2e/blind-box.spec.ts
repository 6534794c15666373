import { expect } from './fixtures';
import { friendPage, signInByApi, test } from './session';

/** Blind box and happy planet: the raffle's engine with other looks. */
for (const [path, act] of [
  ['/blind-box?activeId=1', 'Open box 5'],
  ['/happy-planet?activeId=1', 'Launch'],
] as const) {
  test(`${path.split('?')[0]}: a draw shows the server's outcome`, async ({ page }) => {
    await signInByApi(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(/You have 1 (box|draw) (to open|left)\./)).toBeVisible();
    await page.getByRole('button', { name: act, exact: true }).click();
    const result = page.getByRole('dialog', { name: /Congratulations!|No prize this time/ });
    await expect(result).toBeVisible({ timeout: 10_000 });
    // Premium days won add the members' daily draw at once; any other outcome leaves none.
    const left = (await result.getByText('days of premium have been added').count()) > 0 ? 1 : 0;
    await expect(page.getByText(new RegExp(`You have ${left} (boxes|box|draws|draw) (to open|left)\\.`))).toBeVisible();
  });
}

test('/blind-box-invite: the invite link opens the blind box, where the friend is bound', async ({ page, browser }) => {
  test.slow();
  await signInByApi(page);
  await page.goto('/blind-box-invite?activeId=1');
  await page.getByRole('button', { name: 'Invite friends' }).click();
  const link = await page.getByRole('textbox', { name: 'Link' }).inputValue();
  expect(new URL(link).pathname).toBe('/blind-box');
  expect(link).toMatch(/\/blind-box\?activeId=1&inviter=\d+$/);

  const friend = await friendPage(browser);
  await signInByApi(friend);
  const accepted = friend.waitForResponse((r) => r.url().includes('/tLottery/acceptInvite'));
  await friend.goto(link);
  expect((await (await accepted).json()).result).toEqual({ bound: true });
  await expect(friend.getByRole('button', { name: /^Open box \d$/ }).first()).toBeVisible();
  await friend.context().close();
});
