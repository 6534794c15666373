import type { Page } from '@playwright/test';
import * as oidc from 'openid-client';
import { expect, test } from './fixtures';

/**
 * A third-party application signs a visitor in through our OAuth 2.0 server: the certified
 * `openid-client` library plays the application (authorisation code + PKCE S256), the browser
 * plays the visitor on the `/oauth` consent page.
 */
const REDIRECT = (base: string) => `${base}/__e2e/oauth-callback`;
const newPhone = () => `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

async function application(base: string) {
  const config = await oidc.discovery(new URL(`${base}/api/cxy/oauth2`), 'e2e-app', undefined, oidc.None(), {
    execute: [oidc.allowInsecureRequests],
  });
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT(base),
    scope: 'openid profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
  });
  return { config, verifier, state, url };
}

async function signInOnSheet(page: Page) {
  const phone = newPhone();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'SMS code' }).click();
  await dialog.getByLabel('Country/region').selectOption('CN');
  await dialog.getByLabel('Phone number').fill(phone);
  const since = Date.now();
  await dialog.getByRole('button', { name: 'Send code' }).click();
  let code = '';
  await expect
    .poll(async () => {
      const entry = await (await page.request.get(`/__dev/outbox.json?destination=%2B86${phone}`)).json();
      code = entry && entry.at >= since ? entry.code : '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  await dialog.getByLabel('Verification code').fill(code);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('OAuth 2.0 consent', () => {
  test.use({ extraHTTPHeaders: { 'x-forwarded-for': `198.18.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}` } });

  test('the application gets tokens and the profile after the visitor signs in and allows it', async ({ page, baseURL }) => {
    const base = baseURL ?? '';
    const app = await application(base);
    await page.goto(app.url.href);
    await expect(page).toHaveURL(/\/oauth\?uid=/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Slicer Pro wants to use your Creality Cloud account');
    await expect(page.getByText('See your nickname and avatar')).toBeVisible();

    await page.getByRole('button', { name: 'Sign in to continue' }).click();
    await signInOnSheet(page);
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL((url) => url.pathname === '/__e2e/oauth-callback');

    const callback = new URL(page.url());
    expect(callback.searchParams.get('state')).toBe(app.state);
    const tokens = await oidc.authorizationCodeGrant(app.config, callback, { pkceCodeVerifier: app.verifier, expectedState: app.state });
    expect(tokens.access_token).toBeTruthy();
    const sub = tokens.claims()?.sub ?? '';
    expect(sub).toMatch(/^\d+$/);
    const profile = await oidc.fetchUserInfo(app.config, tokens.access_token, sub);
    expect(profile.nickname).toMatch(/^Maker \d{4}$/);

    // The code works once.
    await expect(
      oidc.authorizationCodeGrant(app.config, callback, { pkceCodeVerifier: app.verifier, expectedState: app.state }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  test('denying sends the application access_denied, in the visitor language', async ({ page, baseURL, context }) => {
    const base = baseURL ?? '';
    await context.addCookies([{ name: 'lang', value: 'fr', url: base }]);
    const app = await application(base);
    await page.goto(app.url.href);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Slicer Pro souhaite utiliser votre compte Creality Cloud');
    await page.getByRole('button', { name: 'Refuser' }).click();
    await page.waitForURL((url) => url.pathname === '/__e2e/oauth-callback');
    const callback = new URL(page.url());
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe(app.state);
  });

  test('an unknown request is explained, not a crash', async ({ page }) => {
    await page.goto('/oauth?uid=nonexistent123');
    await expect(page.getByText('This request has expired or was started in another browser')).toBeVisible();
    await page.goto('/oauth');
    await expect(page.getByText('No authorisation request was given.')).toBeVisible();
  });
});
