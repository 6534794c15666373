import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { test as base, expect } from './fixtures';

/** Signing in from browser journeys: codes come from the development outbox (NODE_ENV=test). */

// Each test gets its own client address (the server trusts the loopback proxy's
// X-Forwarded-For), so the per-address limits on code sends never spill between tests or reruns.
export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  extraHTTPHeaders: async ({}, use) => {
    const octet = () => 1 + Math.floor(Math.random() * 250);
    await use({ 'x-forwarded-for': `198.51.${octet()}.${octet()}` });
  },
});

/** A second visitor (an invited friend) in a browser context of their own, from another address. */
export async function friendPage(browser: Browser, userAgent?: string) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    ...(userAgent ? { userAgent } : {}),
    extraHTTPHeaders: { 'x-forwarded-for': `203.0.113.${1 + Math.floor(Math.random() * 250)}` },
  });
  return context.newPage();
}

export const API_HEADERS = { __cxy_app_id_: 'creality_model' };
/** A valid mainland mobile number, different in every run. */
export const newPhone = () => `138${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
export const masked = (local: string) => `+86${local.slice(0, 3)}****${local.slice(-4)}`;

/** The code last sent to a destination, once one sent after `since` (epoch ms) has arrived. */
export async function outboxCode(request: APIRequestContext, destination: string, since = 0): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const entry = await (await request.get(`/__dev/outbox.json?destination=${encodeURIComponent(destination)}`)).json();
      code = entry && entry.at >= since ? entry.code : '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

export async function post(request: APIRequestContext, path: string, data: unknown) {
  const res = await request.post(`/api/cxy/account/v2/${path}`, { data, headers: API_HEADERS });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.result;
}

/** Signs the page's browser context in through the API (its cookies are the page's cookies). */
/** Signs a browser context (a page) or an API context in: its cookies carry the session. */
export async function signInByApi(page: { request: APIRequestContext }, phone = newPhone()) {
  await post(page.request, 'sendCode', { account: phone, type: 1, purpose: 6, region: 'CN' });
  const code = await outboxCode(page.request, `+86${phone}`);
  await post(page.request, 'quickLogin', { account: phone, type: 1, code, region: 'CN' });
  return phone;
}

/** The signed-in user id of a page's browser context (its `userId` cookie). */
export const userIdOf = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'userId')?.value ?? '';

/** Signs in with the open login sheet, by phone and SMS code (the first sign-in registers). */
export async function signInWithSheet(page: Page): Promise<string> {
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByRole('button', { name: 'SMS code' }).click();
  await dialog.getByLabel('Country/region').selectOption('CN');
  const phone = newPhone();
  await dialog.getByLabel('Phone number').fill(phone);
  const since = Date.now();
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await dialog.getByLabel('Verification code').fill(await outboxCode(page.request, `+86${phone}`, since));
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog).toBeHidden();
  return phone;
}

/** A new 375 px page in `locale` with the same session as `page`, for screenshots in another language. */
export async function pageInLocale(page: Page, browser: Browser, locale: string) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    storageState: await page.context().storageState(),
    locale,
    viewport: { width: 375, height: 812 },
  });
  return { page: await context.newPage(), close: () => context.close() };
}
