import { test as base, expect } from '@playwright/test';

/**
 * `page.goto` and `page.reload` wait until React has hydrated the page (root sets `data-hydrated` on <html>):
 * before that, a server-rendered link or select has no handler yet, and a test that clicks too
 * early follows the plain link instead of what a person sees a moment later.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (response?.headers()['content-type']?.includes('text/html')) {
        await page.locator('html[data-hydrated="1"]').waitFor({ state: 'attached', timeout: 10_000 });
      }
      return response;
    };
    const reload = page.reload.bind(page);
    page.reload = async (options) => {
      const response = await reload(options);
      await page.locator('html[data-hydrated="1"]').waitFor({ state: 'attached', timeout: 10_000 });
      return response;
    };
    await use(page);
  },
});

export { expect };

/** For pages opened by hand (`browser.newContext().newPage()`): wait for hydration after goto. */
export async function hydrated(page: import('@playwright/test').Page): Promise<void> {
  await page.locator('html[data-hydrated="1"]').waitFor({ state: 'attached', timeout: 10_000 });
}
