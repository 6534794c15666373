// Lighthouse with its default config, which is the mobile profile (Moto G-class emulation,
// simulated slow 4G and 4x CPU slowdown): the site's visitors are mostly phones in the apps.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];

/** One Chromium for all pages, pages audited one after the other. */
export async function audit(urls) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  try {
    const reports = [];
    for (const url of urls) {
      const { lhr } = await lighthouse(url, { port: chrome.port, logLevel: 'error', output: 'json', onlyCategories: CATEGORIES });
      reports.push(summarise(lhr));
    }
    return reports;
  } finally {
    await chrome.kill();
  }
}

function summarise(lhr) {
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c]?.score == null ? null : Math.round(lhr.categories[c].score * 100)]));
  const metrics = Object.fromEntries(METRICS.map((id) => [id, lhr.audits[id]?.displayValue ?? null]));
  // Every scored audit below 1 in the four categories: these are what the scores lose points on.
  const failed = [];
  for (const c of CATEGORIES) {
    for (const ref of lhr.categories[c]?.auditRefs ?? []) {
      const a = lhr.audits[ref.id];
      if (!a || a.score === null || a.score >= 1) continue;
      if (['informative', 'notApplicable', 'manual'].includes(a.scoreDisplayMode)) continue;
      failed.push({
        category: c,
        id: a.id,
        title: a.title,
        score: a.score,
        weight: ref.weight,
        displayValue: a.displayValue ?? '',
        items: (a.details?.items ?? []).slice(0, 6).map(describeItem),
      });
    }
  }
  return {
    url: lhr.finalDisplayedUrl ?? lhr.requestedUrl,
    formFactor: lhr.configSettings.formFactor,
    scores,
    metrics,
    failed,
    runWarnings: lhr.runWarnings,
    runtimeError: lhr.runtimeError ?? null,
  };
}

/** The part of an audit item a developer needs to find the culprit: element, URL or value. */
function describeItem(item) {
  if (item.node) return { selector: item.node.selector, snippet: item.node.snippet, explanation: item.node.explanation };
  const out = {};
  for (const key of ['url', 'source', 'description', 'value', 'wastedBytes', 'wastedMs', 'totalBytes', 'label']) {
    if (item[key] !== undefined) out[key] = typeof item[key] === 'object' ? JSON.stringify(item[key]).slice(0, 200) : item[key];
  }
  if (item.subItems?.items?.length) out.subItems = item.subItems.items.slice(0, 3).map(describeItem);
  return out;
}
