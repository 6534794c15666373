import { WECHAT_MP, WECHAT_MP_PORT, WECHAT_PAY_STAND_IN } from '../../playwright.config';
import { startWechatStandIn } from '../../src/dev/wechat/oauth-stand-in';
import { startWechatPayStandIn, wechatBridgeShim } from '../../src/dev/wechat-pay/stand-in';
import { expect } from './fixtures';
import { cli } from './operator';
import { signInByApi, test } from './session';

/**
 * The WeChat mall inside WeChat: the server uses the production WeChat Pay provider
 * against a local stand-in of WeChat Pay (signed requests, signed and encrypted notifications),
 * WeChat's silent authorisation tells it the payer's openid (a stand-in of WeChat's OAuth), and
 * WeixinJSBridge is the stand-in's shim playing the payer's WeChat client.
 */
const WECHAT_UA = 'Mozilla/5.0 (Linux; Android 13; V2203A) AppleWebKit/537.36 Chrome/116 Mobile Safari/537.36 MicroMessenger/8.0.44.2502';

test.describe('inside WeChat', () => {
  // The shim's calls to the stand-in are WeChat's own client in real life, which no page CSP governs.
  test.use({ userAgent: WECHAT_UA, bypassCSP: true });

  test('a member buys in WeChat: cart, checkout to a new address, pays with WeChat Pay, staff ship, the member confirms receipt', async ({
    page,
  }) => {
    test.slow();
    const pay = await startWechatPayStandIn(WECHAT_PAY_STAND_IN);
    const mp = await startWechatStandIn({ ...WECHAT_MP, port: WECHAT_MP_PORT });
    try {
      await signInByApi(page);
      await page.addInitScript(wechatBridgeShim(pay.url));
      const openId = `o-mall-${Date.now()}`;
      await page.route('https://open.weixin.qq.com/**', async (route) => {
        const asked = new URL(route.request().url());
        expect(asked.searchParams.get('scope')).toBe('snsapi_base');
        const back = new URL(asked.searchParams.get('redirect_uri') ?? '');
        back.searchParams.set('code', mp.issueCode({ openId, scope: 'snsapi_base' }));
        back.searchParams.set('state', asked.searchParams.get('state') ?? '');
        await route.fulfill({ status: 302, headers: { location: back.href } });
      });

      await page.goto('/wechat-pay/mall');
      await page.getByRole('link', { name: /Printed sample: the twisted vase/ }).click();
      await expect(page.getByRole('heading', { name: 'Printed sample: the twisted vase' })).toBeVisible();
      await page.getByRole('button', { name: 'One more' }).click();
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await expect(page.getByText('Added to your cart.')).toBeVisible();
      await page.getByRole('link', { name: 'Cart, 2 items' }).click();
      await expect(page.getByText('¥78.00')).toBeVisible();
      await page
        .getByRole('link', { name: 'Checkout' })
        .or(page.getByRole('button', { name: 'Checkout' }))
        .first()
        .click();

      await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
      await page.getByRole('link', { name: 'Add a new address' }).click();
      await page.getByLabel('Full name').fill('Mei <i>Ling</i>');
      await page.getByLabel('Phone').fill('+86 138 0013 8000');
      await page.getByLabel('Country or region').fill('China');
      await page.getByLabel('City').fill('Shenzhen');
      await page.getByLabel('Detailed address').fill('Building 3, Unit 501');
      await page.getByRole('button', { name: 'Save' }).click();
      // Back at checkout with the new address chosen.
      await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
      await expect(page.getByText('Mei <i>Ling</i>')).toBeVisible();
      await page.getByLabel(/Note to the seller/).fill('Please pack it well');
      await page.getByRole('button', { name: 'Place order' }).click();

      await expect(page).toHaveURL(/\/wechat-pay\/mall\/order\/M\d{8}[0-9A-Z]{12}$/);
      const orderNo = page.url().split('/').pop() ?? '';
      await expect(page.getByText('Waiting for your payment.')).toBeVisible();
      // First payment: WeChat tells us who pays (silent authorisation), then the pay sheet.
      await page.getByRole('button', { name: 'Pay with WeChat Pay' }).click();
      await expect(page.getByText('Paid. The seller is preparing your parcel.')).toBeVisible({ timeout: 15_000 });
      await expect(page).toHaveURL(new RegExp(`/wechat-pay/mall/order/${orderNo}$`));
      await pay.settled();
      expect(pay.order(orderNo)).toMatchObject({ state: 'SUCCESS', payerOpenid: openId, totalFen: 7800 });

      const shipped = JSON.parse(cli('scripts/mall-admin.ts', ['ship', orderNo, 'SF Express', 'SF1234567890']));
      expect(shipped.state).toBe('shipped');
      await page.reload();
      await expect(page.getByText('On its way. Confirm receipt once it arrives.')).toBeVisible();
      await expect(page.getByText('SF1234567890')).toBeVisible();
      await page.getByRole('button', { name: 'Confirm receipt' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'I received it' }).click();
      await expect(page.getByText('Completed. Thank you for your order!')).toBeVisible();

      await page.getByRole('link', { name: 'My orders', exact: true }).click();
      await page.getByRole('link', { name: 'Completed', exact: true }).click();
      await expect(page.getByRole('link', { name: 'Completed', exact: true })).toHaveAttribute('aria-current', 'page');
      await expect(page.getByText('Printed sample: the twisted vase')).toBeVisible();
    } finally {
      await pay.close();
      await mp.close();
    }
  });
});

test('in another browser the order page says to pay in WeChat, with a QR code; the member cancels, stock back', async ({ page }) => {
  await signInByApi(page);
  const headers = { __cxy_app_id_: 'creality_model' };
  const stock = async () => ((await (await page.request.get('/api/cxy/v2/mall/product?id=3')).json()).result as { stock: number }).stock;
  const before = await stock();
  const created = await page.request.post('/api/rest/lottery/address/add', {
    headers,
    data: { fullName: 'Bo', phone: '12345678', country: 'China', city: 'Beijing', detail: 'Gate 2' },
  });
  const addressId = (await created.json()).result.id;
  const order = await page.request.post('/api/cxy/v2/mall/order/create', {
    headers,
    data: { addressId, lines: [{ productId: 3, quantity: 2 }] },
  });
  const { orderNo } = (await order.json()).result;
  expect(await stock()).toBe(before - 2);
  await page.goto(`/mall2-dev/order/${orderNo}`);
  await expect(page.getByText('Waiting for your payment.')).toBeVisible();
  await page.getByRole('button', { name: 'Pay with WeChat Pay' }).click();
  await expect(page.getByText('Open this page in WeChat to pay')).toBeVisible();
  await expect(page.getByRole('img', { name: "QR code of this order's page" })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByText('You cancelled this order.')).toBeVisible();
  expect(await stock()).toBe(before);
});
