// Lighthouse with its default config, which is the mobile profile (Moto G-class emulation,
// simulated slow 4G and 4x CPU slowdown): the site's visitors are mostly phones in the apps.
import fs from 'node:fs';
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
  const chromePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  // chrome-launcher reports a missing binary as an unhandled 'error' event that kills the
  // process before any cleanup; checking first turns it into an ordinary error.
  fs.accessSync(chromePath, fs.constants.X_OK);
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  try {
    const reports = [];
    for (const url of urls) {
      let report = await run(url, chrome.port);
      // Lighthouse sometimes loses the trace (NO_NAVSTART, NO_FCP) on a loaded or fresh browser;
      // that is a flake of the tool, not a property of the page, so it gets one more try.
      if (report.runtimeError || Object.values(report.scores).some((s) => s === null)) {
        const first = report.runtimeError?.code ?? report.auditErrors.join('; ');
        report = await run(url, chrome.port);
        report.retriedAfter = first;
      }
      reports.push(report);
    }
    return reports;
  } finally {
    await chrome.kill();
  }
}

async function run(url, port) {
  const { lhr } = await lighthouse(url, { port, logLevel: 'error', output: 'json', onlyCategories: CATEGORIES });
  return summarise(lhr);
}

function summarise(lhr) {
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, lhr.categories[c]?.score == null ? null : Math.round(lhr.categories[c].score * 100)]),
  );
  const metrics = Object.fromEntries(METRICS.map((id) => [id, lhr.audits[id]?.displayValue ?? null]));
  // Simulated (the score) next to observed (what the unthrottled page really did on loopback):
  // a large gap means the score is lost to the simulated slow network, not to the server.
  const m = lhr.audits.metrics?.details?.items?.[0] ?? {};
  const observed = { fcpMs: m.observedFirstContentfulPaint, lcpMs: m.observedLargestContentfulPaint, simulatedTtfbMs: m.timeToFirstByte };
  const lcpElement = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
  const auditErrors = Object.values(lhr.audits)
    .filter((a) => a.errorMessage)
    .map((a) => `${a.id}: ${a.errorMessage}`);
  // Every scored audit below 1 in the four categories: weight > 0 ones cost points, weight 0 ones
  // (diagnostics, insights) explain where the time goes.
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
        items: flatten(a.details).slice(0, 6),
      });
    }
  }
  return {
    url: lhr.finalDisplayedUrl ?? lhr.requestedUrl,
    formFactor: lhr.configSettings.formFactor,
    scores,
    metrics,
    observed,
    lcpElement: lcpElement ? { selector: lcpElement.selector, label: lcpElement.nodeLabel } : null,
    failed,
    auditErrors,
    runWarnings: lhr.runWarnings,
    runtimeError: lhr.runtimeError ?? null,
  };
}

/**
 * The part of an audit's details a developer needs to find the culprit: element, URL, source
 * location, savings. Lists and tables are nested in insight audits, so they are walked.
 */
function flatten(details) {
  if (!details) return [];
  if (details.type === 'list' || details.type === 'table' || details.type === 'opportunity') return (details.items ?? []).flatMap(flatten);
  if (details.type === 'list-section')
    return details.value?.type === 'network-tree' ? [{ longestChain: longestChain(details.value.chains) }] : [];
  if (details.type === 'node') return [{ selector: details.selector, snippet: details.snippet, label: details.nodeLabel }];
  if (details.node) return [{ selector: details.node.selector, snippet: details.node.snippet, explanation: details.node.explanation }];
  const out = {};
  for (const key of ITEM_KEYS) {
    const v = details[key];
    if (v !== undefined && v !== null) out[key] = plain(v);
  }
  return Object.keys(out).length ? [out] : [];
}

const ITEM_KEYS = [
  'url',
  'source',
  'description',
  'sourceLocation',
  'wastedBytes',
  'wastedMs',
  'totalBytes',
  'reflowTime',
  'duration',
  'label',
];

/** Source locations and text values come as small objects; print them as a developer would. */
function plain(v) {
  if (typeof v === 'number') return Math.round(v);
  if (typeof v !== 'object') return v;
  if (v.url) return `${v.url}:${v.line}:${v.column}`;
  return v.value ?? JSON.stringify(v).slice(0, 160);
}

/** "url (ms) → url (ms)" along the chain Lighthouse marked as the longest. */
function longestChain(chains) {
  const steps = [];
  for (let level = chains; level && Object.keys(level).length; ) {
    const node = Object.values(level).find((n) => n.isLongest) ?? Object.values(level)[0];
    steps.push(`${new URL(node.url).pathname} (${Math.round(node.navStartToEndTime)} ms)`);
    level = node.children;
  }
  return steps.join(' → ');
}
