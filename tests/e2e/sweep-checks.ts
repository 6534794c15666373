/** What the sweep looks for on a page, run inside the page (self-contained: serialised into it). */
export interface SweepOptions {
  /** Every catalogue key (`lottery.wheel.title`): text equal to one is a missing translation. */
  keys: string[];
}

export function findFaults({ keys }: SweepOptions): string[] {
  const found: string[] = [];
  const viewport = document.documentElement.clientWidth;
  const name = (el: Element) => {
    const cls = [...el.classList].slice(0, 3).join('.');
    const text = (el.textContent || el.getAttribute('aria-label') || '').trim().replace(/\s+/g, ' ').slice(0, 30);
    return `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''} "${text}"`;
  };
  const styles = new Map<Element, CSSStyleDeclaration>();
  const styleOf = (el: Element) => {
    let s = styles.get(el);
    if (!s) {
      s = getComputedStyle(el);
      styles.set(el, s);
    }
    return s;
  };
  const visible = (el: Element) => {
    const box = el.getBoundingClientRect();
    if (box.width < 2 || box.height < 2) return false;
    const style = styleOf(el);
    return style.visibility !== 'hidden' && style.opacity !== '0';
  };
  const clips = (v: string) => v === 'hidden' || v === 'clip';
  // Inside a box that scrolls or clips on its own (a carousel, a table wrapper), sticking out of
  // it is that box's design: its own scrollbar or hint shows there is more.
  const scrollers = new Map<Element, boolean>();
  const inScroller = (el: Element): boolean => {
    const p = el.parentElement;
    if (!p || p === document.body) return false;
    let known = scrollers.get(p);
    if (known === undefined) {
      known = /auto|scroll|hidden|clip/.test(styleOf(p).overflowX) || inScroller(p);
      scrollers.set(p, known);
    }
    return known;
  };

  // 1. The page scrolls sideways, or something ends past the screen or pokes out of its box.
  if (document.documentElement.scrollWidth > viewport) found.push(`page is ${document.documentElement.scrollWidth}px wide`);
  const all = [...document.body.querySelectorAll('*')].filter(
    (el) => !el.closest('svg *, script, style, template, noscript, [hidden], [aria-hidden="true"], dialog:not([open])'),
  );
  for (const el of all) {
    if (!visible(el) || styleOf(el).position === 'fixed' || inScroller(el)) continue;
    const box = el.getBoundingClientRect();
    if (box.right > viewport + 1) found.push(`${name(el)} ends at ${Math.round(box.right)}px`);
    if (el.matches('button, a, .btn, input, select') && el.parentElement) {
      const parent = el.parentElement.getBoundingClientRect();
      if (box.right > parent.right + 1) found.push(`${name(el)} pokes ${Math.round(box.right - parent.right)}px out of its box`);
    }
  }

  // 2. Text cut inside its box: a box that clips its own text, or ends it with an ellipsis.
  // Several lines clamped on purpose (a card's title, a collapsed comment) are a design, and say so;
  // so is a member's name ended with an ellipsis that keeps the whole of it in its title.
  const canvas = document.createElement('canvas').getContext('2d');
  for (const el of all) {
    if (!visible(el)) continue;
    const style = styleOf(el);
    const ownText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
    if (el instanceof HTMLSelectElement && canvas) {
      canvas.font = style.font;
      const label = el.selectedOptions[0]?.textContent ?? '';
      const room = el.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      if (canvas.measureText(label).width > room + 1) found.push(`select cuts "${label.slice(0, 30)}"`);
      continue;
    }
    if (!ownText || style.webkitLineClamp !== 'none') continue;
    if (style.textOverflow === 'ellipsis' && el.getAttribute('title') === el.textContent?.trim()) continue;
    const cutX = (clips(style.overflowX) || style.textOverflow === 'ellipsis') && el.scrollWidth > el.clientWidth + 1;
    const cutY = clips(style.overflowY) && el.scrollHeight > el.clientHeight + 1;
    if (cutX || cutY) found.push(`${name(el)} is cut (${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight})`);
  }

  // 3. A catalogue key where its text should be.
  const keySet = new Set(keys);
  const looksLikeKey = /^[a-z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9_]*){2,}$/;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.textContent?.trim() ?? '';
    if (n.parentElement?.closest('script, style, code, pre')) continue;
    if (keySet.has(text) || (looksLikeKey.test(text) && !/\.(com|cn|net|org|io|stl|3mf|gcode|obj|png|jpg)$/.test(text))) {
      found.push(`untranslated "${text}"`);
    }
  }
  for (const el of document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
    for (const attr of ['aria-label', 'placeholder', 'title', 'alt']) {
      const v = el.getAttribute(attr);
      if (v && keySet.has(v)) found.push(`untranslated ${attr} "${v}"`);
    }
  }

  // 4. A control too small for a finger. Links inside running text are sized by the text (the
  // inline exception); a visually hidden checkbox or radio is tapped through its label.
  const controls = document.body.querySelectorAll(
    'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"], [role="radio"], [role="checkbox"], [tabindex="0"]',
  );
  for (const el of controls) {
    if (el.closest('[hidden], [aria-hidden="true"], dialog:not([open])') || !visible(el)) continue;
    let target: Element = el;
    if (el.matches('input[type="checkbox"], input[type="radio"], input[type="file"]')) {
      const label = el.closest('label') ?? (el.id ? document.querySelector(`label[for="${el.id}"]`) : null);
      if (label) target = label;
    }
    if (el.matches('a') && el.parentElement) {
      const inText = [...el.parentElement.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent?.trim().length ?? 0) > 1);
      if (inText && styleOf(el).display === 'inline') continue;
    }
    const box = target.getBoundingClientRect();
    if (box.width < 43.5 || box.height < 43.5) found.push(`${name(el)} is ${Math.round(box.width)}×${Math.round(box.height)}px`);
  }
  return [...new Set(found)].slice(0, 12);
}
