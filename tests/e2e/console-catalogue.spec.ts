import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { WECHAT_MP, WECHAT_MP_PORT, WECHAT_PAY_STAND_IN } from '../../playwright.config';
import { startWechatStandIn } from '../../src/dev/wechat/oauth-stand-in';
import { startWechatPayStandIn } from '../../src/dev/wechat-pay/stand-in';
import { expect } from './fixtures';
import { cli } from './operator';
import { API_HEADERS, friendPage, signInByApi, test, userIdOf } from './session';

/**
 * The console's Mall and Content sections: mall staff create a product with an image and ship a
 * paid order (the buyer sees the tracking number); content staff drop an STL and a G-code in (the
 * G-code's part answer lost once: the upload resumes) and the model and its slice are on their
 * share pages. Staff of one section neither see nor open the other.
 */
const grant = async (page: Page, scope: string) =>
  cli('scripts/admin.ts', ['user:role', '--user', await userIdOf(page), '--role', 'staff', '--scope', scope]);

async function ok(res: { json(): Promise<{ code: number; result: unknown }> }) {
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.result as Record<string, unknown>;
}

test('mall staff create a product with an image and ship its paid order; content is not theirs', async ({ page, browser }) => {
  test.slow();
  await signInByApi(page);
  await grant(page, 'mall');
  await page.goto('/admin/mall');
  const nav = page.getByRole('navigation', { name: 'Console sections' });
  await expect(nav.getByRole('link', { name: 'Mall' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Content' })).toHaveCount(0);
  const refused = await page.goto('/admin/content');
  expect(refused?.status()).toBe(403);
  await expect(page.getByRole('heading', { name: 'Not one of your sections' })).toBeVisible();

  await page.goto('/admin/mall');
  await page.getByRole('link', { name: 'New product' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New product' })).toBeVisible();
  const title = `Console spool ${Date.now()}`;
  const names = page.getByRole('group', { name: 'Name' });
  await names.getByLabel('English').fill(title);
  await names.getByLabel('Simplified Chinese').fill(`${title}（简体）`);
  await names.getByLabel('Traditional Chinese').fill(`${title}（繁體）`);
  await names.getByLabel('French').fill(`${title} (fr)`);
  const about = page.getByRole('group', { name: 'Description' });
  for (const language of ['English', 'Simplified Chinese', 'Traditional Chinese', 'French'])
    await about.getByLabel(language).fill('A spool printed in the console journey.');
  await page.getByLabel('Add images').setInputFiles('docs/examples/twisted-vase.png');
  await expect(page.getByRole('img', { name: 'Image 1' })).toBeVisible();
  await page.getByLabel('Price (yuan)').fill('39.90');
  await page.getByLabel('Units in stock').fill('5');
  await page.getByRole('button', { name: 'Save product' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mall products' })).toBeVisible();
  const card = page.getByTestId('product').filter({ hasText: title });
  await expect(card).toContainText('¥39.90');
  await expect(card).toContainText('5 in stock, 0 sold');
  const productId = Number(await card.getAttribute('data-product'));
  const image = ((await ok(await page.request.get(`/api/cxy/v2/mall/product?id=${productId}`))) as { imageUrl: string }).imageUrl;
  expect((await page.request.get(image)).headers()['content-type']).toBe('image/png');

  // A buyer in WeChat pays for two (WeChat Pay's and the official account's stand-ins).
  const pay = await startWechatPayStandIn(WECHAT_PAY_STAND_IN);
  const mp = await startWechatStandIn({ ...WECHAT_MP, port: WECHAT_MP_PORT });
  const buyer = await friendPage(browser);
  try {
    await signInByApi(buyer);
    const { id: addressId } = await ok(
      await buyer.request.post('/api/rest/lottery/address/add', {
        headers: API_HEADERS,
        data: { fullName: 'Zhou Min', phone: '13900001111', country: 'China', city: 'Hangzhou', detail: 'West Lake Road 1' },
      }),
    );
    const order = await ok(
      await buyer.request.post('/api/cxy/v2/mall/order/create', {
        headers: API_HEADERS,
        data: { addressId, lines: [{ productId, quantity: 2 }] },
      }),
    );
    const orderNo = String(order.orderNo);
    const code = mp.issueCode({ openId: `o-console-${Date.now()}`, scope: 'snsapi_base' });
    await ok(await buyer.request.post('/api/cxy/v2/mall/payer/bind', { headers: API_HEADERS, data: { code } }));
    const start = await ok(await buyer.request.post('/api/cxy/v2/mall/order/pay', { headers: API_HEADERS, data: { orderNo } }));
    expect(pay.pay(start.params as never)).toMatchObject({ err_msg: 'get_brand_wcpay_request:ok' });
    await pay.settled();

    await page.getByRole('link', { name: 'Orders' }).click();
    const row = page.getByTestId('order').filter({ hasText: orderNo });
    await expect(row).toContainText('¥79.80');
    await row.getByRole('link', { name: orderNo }).click();
    await expect(page.getByTestId('order-state')).toHaveText('To ship');
    await expect(page.getByText('Zhou Min')).toBeVisible();
    await page.getByLabel('Carrier').fill('SF Express');
    await page.getByLabel('Tracking number').fill('SF0987654321');
    await page.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(page.getByTestId('order-state')).toHaveText('Shipped');
    await expect(page.getByText('SF0987654321')).toBeVisible();

    await buyer.goto(`/wechat-pay/mall/order/${orderNo}`);
    await expect(buyer.getByText('SF0987654321')).toBeVisible();
    // The sale shows on the product list.
    await page.goto('/admin/mall');
    await expect(page.getByTestId('product').filter({ hasText: title })).toContainText('3 in stock, 2 sold');
  } finally {
    await buyer.context().close();
    await pay.close();
    await mp.close();
  }
});

test('content staff drop an STL and a G-code in, one part resumed, and open the model and its slice', async ({ page }) => {
  test.slow();
  await signInByApi(page);
  await grant(page, 'content');
  const refused = await page.goto('/admin/mall');
  expect(refused?.status()).toBe(403);
  await page.goto('/admin/content');
  const nav = page.getByRole('navigation', { name: 'Console sections' });
  await expect(nav.getByRole('link', { name: 'Mall' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Import content' })).toBeVisible();

  // The G-code's part reaches the server but its answer is lost: the page asks where the upload
  // stands and carries on from there.
  let lost = 0;
  await page.route('**/api/cxy/admin/v2/content/uploads/part**', async (route) => {
    if (lost === 0 && (await route.request().postDataBuffer())?.subarray(0, 1).toString() === ';') {
      lost++;
      await route.fetch();
      return route.abort('connectionreset');
    }
    return route.continue();
  });
  const files = [
    { name: 'twisted-vase.stl', data: fs.readFileSync('docs/examples/twisted-vase.stl').toString('base64') },
    { name: 'vase_prusaslicer.gcode', data: fs.readFileSync('docs/examples/twisted-vase_prusaslicer-2.7.4.gcode').toString('base64') },
  ];
  const dataTransfer = await page.evaluateHandle((list) => {
    const dt = new DataTransfer();
    for (const f of list) dt.items.add(new File([Uint8Array.from(atob(f.data), (c) => c.charCodeAt(0))], f.name));
    return dt;
  }, files);
  await page.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer });
  const uploads = page.getByTestId('upload');
  await expect(uploads).toHaveCount(2);
  await expect(uploads.filter({ hasText: 'twisted-vase.stl' })).toHaveAttribute('data-state', 'done');
  await expect(uploads.filter({ hasText: 'vase_prusaslicer.gcode' })).toHaveAttribute('data-state', 'done', { timeout: 20_000 });
  expect(lost).toBe(1);
  await expect(page.getByRole('progressbar', { name: 'Upload of vase_prusaslicer.gcode' })).toHaveAttribute('value', String(306428));

  const title = `Dropped vase ${Date.now()}`;
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Licence').selectOption('BY-NC-SA');
  await page.getByRole('button', { name: 'Create model' }).click();
  const slice = await page.getByRole('link', { name: 'Open the slice page: vase_prusaslicer.gcode' }).getAttribute('href');
  await page.getByRole('link', { name: `Open the model page: ${title}` }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await page.goto(slice ?? '');
  await expect(page).toHaveURL(/\/creality-cloud\/slices-details\//);
  await expect(page.getByText(/PrusaSlicer/).first()).toBeVisible();
});
