import fs from 'node:fs';
import path from 'node:path';
import { fillNames, fillTexts, formId, localInput, signInAs } from './console-steps';
import { expect } from './fixtures';
import { API_HEADERS, friendPage, signInByApi, test } from './session';

/**
 * The console's two daily journeys, end to end in browsers: a physical prize from the raffle's
 * creation to the winner seeing it shipped, and a reported comment hidden for everyone. Each step
 * shows in the audit log page.
 */
const IMAGE = path.resolve('tests/fixtures/photos/sample.jpg');
const DAY = 86_400_000;

test('a physical prize: created, drawn, claimed, exported, shipped, seen shipped, audited', async ({ page, browser }) => {
  test.setTimeout(150_000);
  await signInAs(page, 'admin', '*');

  // The operator builds a raffle whose every draw wins the printer, previews and publishes it.
  await page.goto('/admin/campaigns');
  await page.getByRole('link', { name: 'New raffle' }).click();
  const name = `Journey raffle ${Date.now()}`;
  await fillTexts(page, 'Title', name);
  await fillTexts(page, 'Rules', 'Every draw wins');
  await page.getByLabel('Starts').fill(localInput(Date.now() - 3_600_000));
  await page.getByLabel('Ends').fill(localInput(Date.now() + 7 * DAY));
  const prize = page.getByRole('group', { name: 'Prize 1' });
  await prize.getByLabel('Kind').selectOption({ label: 'Physical prize' });
  const printer = `Printer ${Date.now()}`;
  await fillNames(prize, printer);
  await prize.getByLabel('Stock').fill('3');
  await prize.getByLabel('Image').setInputFiles(IMAGE);
  await expect(prize.getByRole('img')).toHaveAttribute('src', /^\/files\//);
  await page.getByLabel('No-win weight').fill('0');
  await expect(page.getByTestId('odds-1')).toHaveText('Odds: 100.00 %');
  await page.getByRole('button', { name: 'Save as draft' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Raffle #\d+$/ })).toBeVisible();
  const id = formId(page);
  await page.getByRole('link', { name: 'Preview' }).click();
  await expect(
    page
      .frameLocator('iframe')
      .getByRole('heading', { name: `${name} (English)` })
      .first(),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published: visitors can draw.')).toBeVisible();

  // A visitor draws, wins the printer and claims it with an address.
  const visitor = await friendPage(browser);
  await signInByApi(visitor);
  await visitor.goto(`/activitys?activeId=${id}`);
  await visitor.getByRole('button', { name: 'Draw' }).click();
  const won = visitor.getByRole('dialog', { name: 'Congratulations!' });
  await expect(won.getByText(`${printer} English`)).toBeVisible({ timeout: 15_000 });
  await won.getByRole('link', { name: 'Claim my prize' }).click();
  const recipient = `Winner ${Date.now().toString(36)}`;
  await visitor.getByLabel('Full name').fill(recipient);
  await visitor.getByLabel('Phone').fill('+86 138 0013 8000');
  await visitor.getByLabel('Country or region').fill('China');
  await visitor.getByLabel('City').fill('Shenzhen');
  await visitor.getByLabel('Detailed address').fill('Building 3, Unit 501');
  await visitor.getByRole('button', { name: 'Next' }).click();
  await visitor.getByRole('button', { name: 'Submit' }).click();
  await expect(visitor.getByRole('heading', { name: 'Prize claimed' })).toBeVisible();

  // The operator finds the win waiting to ship and exports the shipping list: the winner is in it.
  await page.goto(`/admin/claims?campaignId=${id}`);
  const card = page.getByTestId('winner').filter({ hasText: `${printer} English` });
  await expect(card.getByText('To ship')).toBeVisible();
  await expect(card.getByText(recipient)).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export shipping list (CSV)' }).click();
  const csv = fs.readFileSync((await (await downloading).path()) ?? '', 'utf8');
  expect(csv).toContain(recipient);
  expect(csv).toContain('Building 3, Unit 501');

  // Marked shipped with the carrier and tracking number.
  const tracking = `SF${Date.now()}`;
  await card.getByLabel('Carrier').fill('SF Express');
  await card.getByLabel('Tracking number').fill(tracking);
  await card.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(page.getByText('Marked shipped')).toBeVisible();
  // No longer waiting to ship: it is under Shipped.
  await expect(card).toHaveCount(0);
  await page
    .locator('.ops-tabs')
    .getByRole('button', { name: /^Shipped \(\d+\)$/ })
    .click();
  await expect(card.getByText(tracking)).toBeVisible();
  await expect(card.getByText('Shipped', { exact: true })).toBeVisible();

  // The winner sees it shipped, with the tracking number, on My prizes.
  await visitor.goto(`/activitys/my-prize?activeId=${id}`);
  const mine = visitor.locator('.prize-card', { hasText: `${printer} English` });
  await expect(mine.getByText('Shipped', { exact: true })).toBeVisible();
  await expect(mine.getByText(tracking)).toBeVisible();
  await expect(mine.getByText('Shipped by SF Express')).toBeVisible();

  // The audit log page shows each of the operator's steps: filtered by the campaign, then by shipment.
  await page.goto('/admin/audit');
  await page.getByLabel('Item type').fill('campaign');
  await page.getByLabel('Item id').fill(String(id));
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/itemType=campaign&itemId=\d+/);
  await expect(page.getByTestId('audit-entry').locator('.audit-action')).toHaveText(['campaign.resume', 'campaign.create']);
  const resume = page.getByTestId('audit-entry').filter({ hasText: 'campaign.resume' });
  // Publishing is resuming the draft: its `restocking` went from true to false.
  await expect(resume.getByRole('row', { name: /restocking/ })).toContainText('truefalse');
  await page.goto('/admin/audit?action=claim.ship');
  const shipped = page.getByTestId('audit-entry').filter({ hasText: tracking });
  await expect(shipped).toHaveCount(1);
  await expect(shipped.getByRole('link', { name: /^win #\d+$/ })).toBeVisible();
});

test('a reported comment: hidden by content staff, gone for everyone, page cache included, audited', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // A member's comment on a model.
  const author = await friendPage(browser);
  await signInByApi(author);
  const text = `Reported comment ${Date.now()}`;
  const made = await author.request.post('/api/cxy/v2/content/comment', {
    data: { kind: 1, targetId: 2, body: text },
    headers: API_HEADERS,
  });
  const commentId = String((await made.json()).result.id);

  // Another visitor loads the page (the page cache now holds it) and reports the comment.
  const reporter = await friendPage(browser);
  await signInByApi(reporter);
  await reporter.goto('/creality-cloud/model-details/2');
  const comment = reporter.locator('.comment', { hasText: text });
  await comment.getByRole('button', { name: 'Report' }).click();
  const form = reporter.getByRole('form', { name: 'Report this' });
  await form.getByLabel('Spam or advertising').check();
  await form.getByRole('button', { name: 'Send report' }).click();
  await expect(reporter.getByText('Thank you: our team will look at it.')).toBeVisible();
  const cached = await (await reporter.request.get('/creality-cloud/model-details/2', { headers: { 'accept-language': 'en' } })).text();
  expect(cached).toContain(text);

  // Content staff hide it from the moderation queue.
  await signInAs(page, 'staff', 'content');
  await page.goto('/admin/moderation');
  const queued = page.locator(`[data-item="comment:${commentId}"]`);
  await expect(queued.getByText(text)).toBeVisible();
  await queued.getByRole('button', { name: 'Hide' }).click();
  await expect(page.getByText('Hidden for everyone')).toBeVisible();

  // Gone for everyone: a fresh visitor's page, the server's HTML (the cache), the comments API.
  const fresh = await friendPage(browser);
  await fresh.goto('/creality-cloud/model-details/2');
  await expect(fresh.locator('#comments')).toBeVisible();
  await expect(fresh.locator('.comment', { hasText: text })).toHaveCount(0);
  const html = await (await fresh.request.get('/creality-cloud/model-details/2', { headers: { 'accept-language': 'en' } })).text();
  expect(html).not.toContain(text);
  await reporter.reload();
  await expect(reporter.locator('#comments')).toBeVisible();
  await expect(reporter.locator('.comment', { hasText: text })).toHaveCount(0);

  // Content staff read no audit log; an admin sees the report's decision in it.
  await page.goto('/admin/audit');
  await expect(page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  const admin = await friendPage(browser);
  await signInAs(admin, 'admin', '*');
  await admin.goto(`/admin/audit?itemType=comment&itemId=comment:${commentId}`);
  const hidden = admin.getByTestId('audit-entry');
  await expect(hidden.locator('.audit-action')).toHaveText(['content.hide']);
  await expect(hidden.getByRole('link', { name: `comment #${commentId}` })).toBeVisible();
});
