import { WECHAT_PORT } from '../../playwright.config';
import { startWechatStandIn } from '../../src/dev/wechat/oauth-stand-in';
import { expect, test } from './fixtures';

/**
 * Inside WeChat the login sheet offers WeChat sign-in: the visitor goes to WeChat's authorise
 * page (answered here as WeChat would: back to our page with a code and our state), and the page
 * exchanges the code through our server, which asks WeChat's API (a local stand-in) who it is.
 */
const WECHAT_UA = 'Mozilla/5.0 (Linux; Android 13; V2203A) AppleWebKit/537.36 Chrome/116 Mobile Safari/537.36 MicroMessenger/8.0.44.2502';

test.describe.configure({ mode: 'serial' });
test.use({ userAgent: WECHAT_UA });

test('a visitor inside WeChat signs in with one tap and lands back on the page', async ({ page }) => {
  const wechat = await startWechatStandIn({ appId: 'wx0123456789abcdef', appSecret: 'e2e-wechat-secret-0123456789', port: WECHAT_PORT });
  try {
    const openId = `o-e2e-${Date.now()}`;
    await page.route('https://open.weixin.qq.com/**', async (route) => {
      const asked = new URL(route.request().url());
      const back = new URL(asked.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('code', wechat.issueCode({ openId, nickname: 'Léa 微信', avatarUrl: 'https://thirdwx.qlogo.cn/a.png' }));
      back.searchParams.set('state', asked.searchParams.get('state') ?? '');
      await route.fulfill({ status: 302, headers: { location: back.href } });
    });
    await page.goto('/webview/rule?from=share');
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('dialog', { name: 'Sign in' }).getByRole('button', { name: 'Sign in with WeChat' }).click();

    // Back on the same page, signed in, with WeChat's parameters gone from the address.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Account' })).toBeVisible();
    await expect(page).toHaveURL(/\/webview\/rule\?from=share$/);
    await page.getByRole('banner').getByRole('link', { name: 'Account' }).click();
    await expect(page.getByLabel('Nickname')).toHaveValue('Léa 微信');
  } finally {
    await wechat.close();
  }
});
