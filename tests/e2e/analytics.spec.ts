import path from 'node:path';
import type { Page, Request } from '@playwright/test';
import SQLite from 'better-sqlite3';
import { expect } from './fixtures';
import { cli } from './operator';
import { signInByApi, test, userIdOf } from './session';

/**
 * The real Sensors Data SDK in the browser sends to our collector in each send mode
 * (chosen per page with `?analytics_send=`, outside production only), and the events land in
 * the server's database with their properties; the staff dashboard draws them.
 */
const COLLECT = '/api/analytics/collect';
const db = () => new SQLite(path.join(process.env.E2E_DATA_DIR ?? '', 'e2e.sqlite'), { readonly: true, fileMustExist: true });
type Row = {
  event: string;
  type: string;
  distinct_id: string;
  original_id: string | null;
  channel: string | null;
  activity_id: string | null;
  properties: string;
};

/** The events of a channel (each test has its own `?c=`), once `count` of them are stored. */
async function landed(channel: string, count: number): Promise<Row[]> {
  let rows: Row[] = [];
  await expect
    .poll(
      () => {
        const d = db();
        try {
          rows = d.prepare('select * from analytics_events where channel = ? order by id').all(channel) as Row[];
        } finally {
          d.close();
        }
        return rows.length;
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return rows;
}

/** What the page sends to the collector, as the browser sent it. */
function collectorRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === COLLECT) seen.push(r);
  });
  return seen;
}

const channelOf = (mode: string) => `e2e-${mode}-${Math.random().toString(36).slice(2, 8)}`;
const props = (r: Row | undefined) => JSON.parse(r?.properties ?? '{}');

for (const mode of ['image', 'ajax', 'beacon'] as const) {
  test(`the SDK sends page views and share-page events by ${mode}`, async ({ page }) => {
    const requests = collectorRequests(page);
    const c = channelOf(mode);
    await page.goto(`/creality-cloud/model-details/2?analytics_send=${mode}&c=${c}`);
    const rows = await landed(c, 2);
    const view = rows.find((r) => r.event === '$pageview');
    expect(props(view)).toMatchObject({ $url_path: '/creality-cloud/model-details/2', channel: c, $lib: 'js', $lib_version: '1.15.18' });
    expect(props(rows.find((r) => r.event === 'SharePageView'))).toMatchObject({ contentType: 'model', contentId: '2', channel: c });

    // The browser's request events arrive on their own channel: wait for the first rather than
    // assume it came before the rows landed (seen once: stored, but not yet reported as sent).
    await expect.poll(() => requests.length).toBeGreaterThan(0);
    const sent = requests[0];
    if (mode === 'image') {
      expect(sent?.method()).toBe('GET');
      expect(new URL(sent?.url() ?? '').searchParams.get('ext')).toMatch(/^crc=-?\d+$/);
    } else {
      expect(sent?.method()).toBe('POST');
      expect(sent?.postData()).toMatch(/^data=.+&ext=crc%3D-?\d+$/);
      expect(sent?.headers()['content-type']).toMatch(mode === 'ajax' ? /x-www-form-urlencoded/ : /text\/plain/);
    }

    // A route change in the app is one more page view, with the campaign of its address.
    await page.goto(`/activitys?activeId=1&analytics_send=${mode}`);
    const more = await landed(c, 3);
    expect(more.some((r) => r.event === '$pageview' && r.activity_id === '1')).toBe(true);
  });
}

test('batch mode posts groups of at most 6 records, every 6 seconds', async ({ page }) => {
  test.setTimeout(60_000);
  const requests = collectorRequests(page);
  const c = channelOf('batch');
  await page.goto(`/?analytics_send=batch&c=${c}`);
  await landed(c, 1);
  // Fourteen events from the page through the real SDK (its global), queued in local storage.
  await page.evaluate((channel) => {
    const sdk = (window as unknown as { sensorsDataAnalytic201505: { track(e: string, p: object): void } }).sensorsDataAnalytic201505;
    for (let n = 0; n < 14; n++) sdk.track('BatchProbe', { n, channel });
  }, c);
  const rows = await landed(c, 15);
  expect(
    rows
      .filter((r) => r.event === 'BatchProbe')
      .map((r) => props(r).n)
      .sort((a, b) => a - b),
  ).toEqual([...Array(14).keys()]);
  const groups = requests.map((r) => {
    const list = new URLSearchParams(r.postData() ?? '').get('data_list') ?? '';
    return JSON.parse(Buffer.from(list, 'base64').toString('utf8')).length as number;
  });
  expect(groups.every((n) => n >= 1 && n <= 6)).toBe(true);
  expect(groups).toContain(6);
});

test('signing in links the visitor to the user (track_signup) and later events are the user’s', async ({ page }) => {
  const c = channelOf('login');
  await page.goto(`/webview/check-in?analytics_send=ajax&c=${c}`);
  const anon = (await landed(c, 1))[0]?.distinct_id;
  await signInByApi(page);
  const userId = await userIdOf(page);
  await page.reload();
  await page.getByRole('button', { name: 'Check in', exact: true }).click();
  await expect.poll(async () => (await landed(c, 2)).some((r) => r.event === 'CheckIn')).toBe(true);
  const rows = await landed(c, 2);
  expect(rows.find((r) => r.event === 'CheckIn')).toMatchObject({ distinct_id: userId });
  const d = db();
  try {
    expect(d.prepare('select distinct_id from analytics_identities where original_id = ?').get(anon)).toEqual({ distinct_id: userId });
  } finally {
    d.close();
  }
});

test('staff see the dashboard with its charts; a member is refused', async ({ page }) => {
  await signInByApi(page);
  cli('scripts/admin.ts', ['user:role', '--user', await userIdOf(page), '--role', 'staff', '--scope', 'analytics']);
  await page.goto('/admin/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Campaign analytics' })).toBeVisible();
  // Inside the console: its navigation shows the sections the analytics scope opens, and People
  // (any staff member finds members, with contacts masked), no others.
  const nav = page.getByRole('navigation', { name: 'Console sections' });
  await expect(nav.getByRole('link')).toHaveText(['Dashboard', 'Analytics', 'People']);
  await expect(page.getByRole('img', { name: /chart/ })).toHaveCount(4);
  await expect(page.getByRole('heading', { name: 'Draw funnel' }).first()).toBeVisible();
  await expect(page.getByTestId('total-events')).not.toHaveText('0');

  await page.context().clearCookies();
  await signInByApi(page);
  await page.goto('/admin/analytics');
  // The console's frame answers a member who is not staff (403) before the page is reached.
  await expect(page.getByRole('heading', { level: 1, name: 'Not available' })).toBeVisible();
  await expect(page.getByRole('img', { name: /chart/ })).toHaveCount(0);
});
