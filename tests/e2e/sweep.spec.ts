import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { SPEC_ROUTES } from '../../src/web/spec-routes';
import { expect, test } from './fixtures';
import { findFaults, type SweepOptions } from './sweep-checks';

/**
 * Every page of the site (the spec's path table with the demo's ids; the operator console aside),
 * as a visitor on the narrowest phones in every language. A page fails on: the page scrolling
 * sideways or a control poking out of its box, text cut inside its box, a catalogue key shown
 * instead of its text, a console error, a failed request, or a control smaller than a 44 × 44 px
 * finger. One test per path, each language loaded once and looked at in both widths.
 */
const LOCALES = ['en', 'zh-CN', 'zh-TW', 'fr'] as const;
const WIDTHS = [390, 320] as const;

/** The demo's ids, for the paths that need one (the seed's first model, post, raffle…). */
const DEMO_IDS: Record<string, string> = {
  '/invite-record/:id': '4',
  '/invite-record2/:id': '5',
  '/invite-politely/record/:id': '5',
  '/invite-politely/:id': '5',
  '/dragon-record/:id': '5',
  '/creality-cloud/tools/:id/:type': '1/1',
};
const withIds = (p: string) => {
  if (DEMO_IDS[p]) return p.replace(/:id(\/:type)?$/, DEMO_IDS[p]);
  // A syntactically valid order number nobody has: a visitor's order page asks them to sign in.
  return p.replace(':orderNo', 'M20260101ABCDEF123456').replace(/:[A-Za-z]+/g, '1');
};

export const SWEEP_PATHS = Object.entries(SPEC_ROUTES)
  .filter(([p, owner]) => owner !== 'console' && !p.startsWith('/admin'))
  .map(([p]) => withIds(p));

/** Every key of every catalogue, so a key shown instead of its text is known for what it is. */
function catalogueKeys(): string[] {
  const dir = path.join(process.cwd(), 'locales/en');
  const keys: string[] = [];
  const walk = (prefix: string, node: unknown) => {
    if (typeof node === 'string') keys.push(prefix.replace(/_(zero|one|two|few|many|other)$/, ''));
    else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(prefix ? `${prefix}.${k}` : k, v);
  };
  for (const file of fs.readdirSync(dir)) walk('', JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')));
  return [...new Set(keys.filter((k) => k.includes('.')))];
}
const OPTIONS: SweepOptions = { keys: catalogueKeys() };

/** Console errors, page errors and failed requests while `page` is open. */
function watch(page: Page) {
  const faults: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') faults.push(`console error: ${m.text().slice(0, 200)}`);
  });
  page.on('pageerror', (e) => faults.push(`page error: ${e.message.slice(0, 200)}`));
  page.on('requestfailed', (r) => {
    // A navigation or prefetch the next goto cancels is not a failure of the page.
    if (!/ERR_ABORTED/.test(r.failure()?.errorText ?? '')) faults.push(`request failed: ${r.url()} ${r.failure()?.errorText}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) faults.push(`${r.status()} from ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  return faults;
}

/** The root font size follows the viewport a moment after a resize: wait for it, then a frame for layout. */
async function settled(page: Page, width: number) {
  await page.waitForFunction((w) => document.documentElement.style.fontSize === `${w / 10}px`, width);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))));
}

for (const route of SWEEP_PATHS) {
  test(`sweep ${route}`, async ({ page }) => {
    const faults = watch(page);
    const baseURL = test.info().project.use.baseURL ?? '';
    const found: string[] = [];
    for (const locale of LOCALES) {
      await page.context().addCookies([{ name: 'lang', value: locale, url: baseURL }]);
      await page.setViewportSize({ width: WIDTHS[0], height: 800 });
      // The last language waits for the page's late calls too, so every request it makes is seen.
      await page.goto(route, locale === LOCALES.at(-1) ? { waitUntil: 'networkidle' } : undefined);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        await settled(page, width);
        for (const f of await page.evaluate(findFaults, OPTIONS)) found.push(`${locale} ${width}px: ${f}`);
      }
      for (const f of faults.splice(0)) found.push(`${locale}: ${f}`);
    }
    expect(found, `${route}\n${found.join('\n')}`).toEqual([]);
  });
}
