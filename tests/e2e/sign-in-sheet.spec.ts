import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { newPhone, outboxCode, post, test } from './session';

/**
 * The sign-in sheet's first impression: accounts are made by SMS code, so it opens on phone +
 * code; the country/region starts where the visitor's browser says they are; a mainland number
 * typed under another region is read as one; and the region box shows its whole value on the
 * narrowest phones in every language.
 */

const LOCALES = ['en', 'zh-CN', 'zh-TW', 'fr'] as const;
const SIGN_IN = { en: 'Sign in', 'zh-CN': '登录', 'zh-TW': '登入', fr: 'Connexion' } as const;
const REGION = { en: 'Country/region', 'zh-CN': '国家/地区', 'zh-TW': '國家/地區', fr: 'Pays/région' } as const;

async function openSheet(page: Page, locale: (typeof LOCALES)[number] = 'en') {
  await page.context().addCookies([{ name: 'lang', value: locale, url: test.info().project.use.baseURL ?? '' }]);
  await page.goto('/download');
  await page.getByRole('banner').getByRole('button', { name: SIGN_IN[locale] }).click();
  const dialog = page.getByRole('dialog', { name: SIGN_IN[locale] });
  await expect(dialog).toBeVisible();
  return dialog;
}

/**
 * Whether the region control's visible text is cut: any box in it whose content is wider than
 * the box, and, for a visible select (whose own scrollWidth never grows), its selected text
 * measured in its font against the room left of its arrow.
 */
function regionClipped(field: Element): string[] {
  const found: string[] = [];
  for (const el of [field, ...field.querySelectorAll('*')] as HTMLElement[]) {
    const style = getComputedStyle(el);
    if (el.getClientRects().length === 0 || style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
    if (el.scrollWidth > el.clientWidth + 1) found.push(`${el.tagName} "${el.textContent?.trim()}" ${el.scrollWidth} > ${el.clientWidth}`);
    if (el instanceof HTMLSelectElement) {
      const ctx = document.createElement('canvas').getContext('2d');
      if (!ctx) continue;
      ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = el.selectedOptions[0]?.text ?? '';
      // Chromium draws the menu arrow inside the padding box: about 20 px of it is not for text.
      const room = el.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight) - 20;
      const width = ctx.measureText(text).width;
      if (width > room) found.push(`select "${text}" needs ${Math.round(width)} px, has ${Math.round(room)}`);
    }
  }
  return found;
}

test.describe('sign-in sheet', () => {
  test('opens on phone and code; the password is one tap away', async ({ page }) => {
    const dialog = await openSheet(page);
    await expect(dialog.getByRole('button', { name: 'SMS code', pressed: true })).toBeVisible();
    await expect(dialog.getByLabel('Phone number', { exact: true })).toBeVisible();
    await expect(dialog.getByLabel('Verification code')).toBeVisible();
    await dialog.getByRole('button', { name: 'Password', pressed: false }).click();
    await expect(dialog.getByLabel('Password', { exact: true })).toBeVisible();
  });

  test.describe('an English page in a Chinese mainland browser', () => {
    test.use({ locale: 'zh-CN' });
    test('starts at +86', async ({ page }) => {
      const dialog = await openSheet(page, 'en');
      await expect(dialog.getByLabel('Country/region')).toHaveValue('CN');
    });
  });

  test.describe('an English page in a French browser', () => {
    test.use({ locale: 'fr-FR' });
    test('starts at +33', async ({ page }) => {
      const dialog = await openSheet(page, 'en');
      await expect(dialog.getByLabel('Country/region')).toHaveValue('FR');
    });
  });

  test.describe('an English page in a US browser', () => {
    test.use({ locale: 'en-US' });
    test('a mainland mobile typed under +1 is sent to +86, and the sheet says so', async ({ page }) => {
      const dialog = await openSheet(page, 'en');
      const region = dialog.getByLabel('Country/region');
      await expect(region).toHaveValue('US');
      await dialog.getByRole('button', { name: 'SMS code' }).click();
      const phone = newPhone();
      await dialog.getByLabel('Phone number', { exact: true }).fill(phone);
      const since = Date.now();
      await dialog.getByRole('button', { name: 'Send code' }).click();
      await expect(region).toHaveValue('CN');
      await expect(
        dialog.getByText("This looks like a Chinese mainland number: country/region set to +86. If it isn't, choose another."),
      ).toBeVisible();
      expect(await outboxCode(page.request, `+86${phone}`, since)).toMatch(/^\d{6}$/);
      await expect(dialog.getByLabel('Verification code')).toBeFocused();
      await expect(dialog.getByRole('alert')).toHaveCount(0);
    });

    test('after a password sign-in, the sheet opens there again on this device', async ({ page }) => {
      const phone = newPhone();
      await post(page.request, 'sendCode', { account: phone, type: 1, purpose: 0, region: 'CN' });
      const code = await outboxCode(page.request, `+86${phone}`);
      await post(page.request, 'register', { account: phone, type: 1, code, password: 'layer0height2', region: 'CN' });
      await post(page.request, 'logout', {});

      let dialog = await openSheet(page, 'en');
      await dialog.getByRole('button', { name: 'Password' }).click();
      await dialog.getByLabel('Phone number or email').fill(phone);
      // The mainland number moves the region here too.
      await expect(dialog.getByLabel('Country/region')).toHaveValue('CN');
      await dialog.getByLabel('Password', { exact: true }).fill('layer0height2');
      await dialog.getByRole('button', { name: 'Sign in' }).click();
      await expect(dialog).toBeHidden();
      await post(page.request, 'logout', {});

      dialog = await openSheet(page, 'en');
      await expect(dialog.getByRole('button', { name: 'Password', pressed: true })).toBeVisible();
      await expect(dialog.getByLabel('Country/region')).toHaveValue('CN');
    });
  });

  for (const locale of LOCALES) {
    test(`the region shows its whole value at 320 px in ${locale}`, async ({ page }) => {
      await page.setViewportSize({ width: 320, height: 640 });
      const dialog = await openSheet(page, locale);
      const select = dialog.getByLabel(REGION[locale]);
      const values = await select.evaluate((s: HTMLSelectElement) => [...s.options].map((o) => o.value));
      expect(values.length).toBeGreaterThan(5);
      for (const value of values) {
        await select.selectOption(value);
        const field = select.locator('xpath=ancestor::*[contains(concat(" ", @class, " "), " field ")][1]');
        expect(await field.evaluate(regionClipped), `${value} in ${locale}`).toEqual([]);
      }
    });
  }
});
