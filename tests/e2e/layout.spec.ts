import { expect, test } from './fixtures';

/**
 * Share pages on the narrowest phones, in every language: nothing makes the page scroll sideways,
 * and no control pokes out of the box it sits in. Longer French and shorter Chinese labels are
 * the usual culprits, so each language is tried at 320 and 390 px.
 */
const PAGES = [
  '/creality-cloud/model-details/1',
  '/creality-cloud/share-content/1',
  '/creality-cloud/licences',
  '/creality-cloud/personal-center/1',
  '/creality-cloud/slices-details/1',
  '/timelapses-share/1',
];
const LOCALES = ['en', 'zh-CN', 'zh-TW', 'fr'] as const;
const WIDTHS = [320, 390] as const;

/** What sticks out: the page wider than the screen, or an element past the right edge of the screen or of its parent. */
function overflowing(): string[] {
  const viewport = document.documentElement.clientWidth;
  const found: string[] = [];
  if (document.documentElement.scrollWidth > viewport) found.push(`page is ${document.documentElement.scrollWidth}px wide`);
  const name = (el: Element) =>
    `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
  // Inside a box that scrolls or clips on its own, sticking out of it is that box's design.
  const inScroller = (el: Element) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      if (/auto|scroll|hidden|clip/.test(getComputedStyle(p).overflowX)) return true;
    }
    return false;
  };
  for (const el of document.querySelectorAll('main *, header *')) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || getComputedStyle(el).position === 'fixed') continue;
    if (inScroller(el)) continue;
    if (box.right > viewport + 1) found.push(`${name(el)} ends at ${Math.round(box.right)}px`);
    const parent = el.parentElement?.getBoundingClientRect();
    if (parent && (el.matches('button, a, .btn') || el.parentElement?.matches('.reactions'))) {
      if (box.right > parent.right + 1) found.push(`${name(el)} pokes ${Math.round(box.right - parent.right)}px out of its box`);
    }
  }
  return found.slice(0, 8);
}

for (const locale of LOCALES) {
  for (const width of WIDTHS) {
    test(`share pages fit a ${width} px screen in ${locale}`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.context().addCookies([{ name: 'lang', value: locale, url: test.info().project.use.baseURL ?? '' }]);
      for (const path of PAGES) {
        await page.goto(path);
        await expect.poll(() => page.evaluate(overflowing), { message: `${path} in ${locale} at ${width} px` }).toEqual([]);
      }
    });
  }
}
