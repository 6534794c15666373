import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';
import { API_HEADERS, signInByApi, signInWithSheet, test } from './session';

/**
 * Share pages of the community (posts, profiles, circles, topics, timelapses) and the
 * interactions on them, on the demo data the server seeds at first start.
 */
const EN = { 'accept-language': 'en' };

async function firstPost(request: APIRequestContext, query = '') {
  const body = await (await request.get(`/api/cxy/v2/content/posts${query}`)).json();
  expect(body.code).toBe(0);
  return body.result.list[0] as { id: string; title: string; author: { id: string } };
}

const ogTitle = (html: string) => /<meta property="og:title" content="([^"]*)"\/>/.exec(html)?.[1];

test.describe('community pages', () => {
  test('each renders on the server with its head tags; unknown ids are translated 404s', async ({ request }) => {
    const post = await firstPost(request, '?contentFilter=2');
    const postHtml = await (await request.get(`/creality-cloud/share-content/${post.id}`, { headers: EN })).text();
    expect(postHtml).toMatch(/<meta property="og:type" content="article"\/>/);
    expect(postHtml).toMatch(/<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/files\//);
    expect(postHtml).toContain('"@type":"SocialMediaPosting"');
    // Comments are in the first HTML too.
    expect(postHtml).toContain('id="comments"');

    const profile = await request.get(`/creality-cloud/personal-center/${post.author.id}`, { headers: EN });
    expect(profile.status()).toBe(200);
    const profileHtml = await profile.text();
    expect(profileHtml).toMatch(/<meta property="og:type" content="profile"\/>/);
    expect(profileHtml).toContain('<dt>Fans</dt>');

    const circles = await (await request.get(`/api/cxy/v2/content/circles?userId=${post.author.id}`)).json();
    const circle = circles.result.list[0];
    const circleHtml = await (await request.get(`/creality-cloud/circle-details/${circle.id}`, { headers: EN })).text();
    expect(ogTitle(circleHtml)).toBe(circle.name);
    expect(circleHtml).toContain('Owner');

    const timelapses = await (await request.get('/api/cxy/v2/content/timelapses')).json();
    const item = timelapses.result.list[0];
    const tlHtml = await (await request.get(`/timelapses-share/${item.id}`, { headers: EN })).text();
    expect(tlHtml).toMatch(/<meta property="og:type" content="video.other"\/>/);
    expect(tlHtml).toContain('"@type":"VideoObject"');
    expect((await request.get('/creality-cloud/timelapses-share', { headers: EN })).status()).toBe(200);

    for (const path of [
      '/creality-cloud/share-content/999999',
      '/creality-cloud/personal-center/999999',
      '/creality-cloud/circle-details/999999',
      '/creality-cloud/topic/999999',
      '/timelapses-share/999999',
      '/creality-cloud/share-content/abc',
    ]) {
      const res = await request.get(path, { headers: EN });
      expect(res.status(), path).toBe(404);
      expect(await res.text()).toMatch(/is not available<\/h1>/);
    }
  });

  test('a post links to its topic and circle; the circle filters its posts', async ({ page, request }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const calibration = (await (await request.get('/api/cxy/v2/content/posts?contentFilter=0')).json()).result.list.find(
      (p: { title: string }) => p.title.startsWith('Calibration month'),
    );
    await page.goto(`/creality-cloud/share-content/${calibration.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(calibration.title);
    await expect(page.getByText('Official').first()).toBeVisible();
    await page.getByRole('link', { name: '#Calibration & tuning' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('#Calibration & tuning');
    await expect(page.locator('.post-card').first()).toBeVisible();

    await page.locator('.post-card-link').first().click();
    await expect(page.locator('#comments')).toBeVisible();
    const welcome = (await (await request.get('/api/cxy/v2/content/posts?contentFilter=1')).json()).result.list.find(
      (p: { title: string }) => p.title.startsWith('Welcome to'),
    );
    await page.goto(`/creality-cloud/share-content/${welcome.id}`);
    await page.getByRole('link', { name: 'Functional Prints Workshop' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Functional Prints Workshop');
    await expect(page.locator('.banners li')).toHaveCount(3);
    await expect(page.locator('.post-card', { hasText: welcome.title }).getByText('Owner')).toBeVisible();
    const all = await page.locator('.post-card').count();
    await page.getByRole('link', { name: 'Text', exact: true }).click();
    await expect(page).toHaveURL(/\?content=1$/);
    await expect.poll(() => page.locator('.post-card').count()).toBeLessThan(all);
    await expect(page.locator('.post-card img')).toHaveCount(0);
    await page.getByRole('link', { name: 'Official', exact: true }).click();
    await expect(page).toHaveURL(/\?content=1&author=2$/);
    await expect(page.getByText('No posts here yet')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a profile shows fans, likes and tabs of models, posts and groups', async ({ page, request }) => {
    const post = await firstPost(request);
    await page.goto(`/creality-cloud/personal-center/${post.author.id}`);
    await expect(page.locator('.counts dt', { hasText: 'Fans' })).toBeVisible();
    await page.getByRole('link', { name: /^Posts/ }).click();
    await expect(page).toHaveURL(/\?tab=posts$/);
    await expect(page.locator('.post-card').first()).toBeVisible();
    await page.getByRole('link', { name: /^Groups/ }).click();
    await expect(page.locator('.tile-card').first()).toBeVisible();
  });

  test('the timelapse plays its recording and links to the model and the list', async ({ page, request }) => {
    const item = (await (await request.get('/api/cxy/v2/content/timelapses')).json()).result.list[0];
    await page.goto(`/timelapses-share/${item.id}`);
    // The poster first; the recording plays when asked.
    const poster = page.locator('img.media');
    await expect(poster).toBeVisible();
    expect(await poster.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
    await page.getByRole('button', { name: 'Play' }).click();
    await expect(page.locator('canvas.media, video.media').first()).toBeVisible();
    await page.getByRole('link', { name: 'More timelapses' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Print timelapses');
    await expect(page.locator('.tile-card')).not.toHaveCount(0);
  });
});

async function likeCount(page: Page) {
  return Number((await page.locator('.reaction', { hasText: 'Like' }).locator('.reaction-count').textContent()) ?? 'NaN');
}

test.describe('interactions', () => {
  test('an anonymous like opens the login sheet, and the like happens after signing in', async ({ page, request }) => {
    const post = await firstPost(request);
    await page.goto(`/creality-cloud/share-content/${post.id}`);
    const before = await likeCount(page);
    const like = page.locator('.reaction', { hasText: 'Like' });
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await like.click();
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    await expect(dialog).toBeVisible();

    await signInWithSheet(page);

    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => likeCount(page)).toBe(before + 1);
    // Stored: a reload (signed in, so not the shared cached page) shows it pressed.
    await page.reload();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => likeCount(page)).toBe(before + 1);
    // And undone.
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await expect.poll(() => likeCount(page)).toBe(before);
  });

  test('closing the sheet without signing in drops the action', async ({ page, request }) => {
    const post = await firstPost(request);
    await page.goto(`/creality-cloud/share-content/${post.id}`);
    await page.locator('.reaction', { hasText: 'Collect' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => sessionStorage.getItem('cxy_after_sign_in'))).toBeNull();
  });

  test('a signed-in visitor comments and replies; text shows as typed, never as markup', async ({ page, request }) => {
    await signInByApi(page);
    await page.goto('/creality-cloud/model-details/1');
    const comments = page.locator('#comments');
    const text = `Printed it in PETG <b>bold</b> <img src=x onerror="window.__xss=1"> ${Date.now()}`;
    await comments.getByRole('textbox', { name: 'Your comment' }).fill(text);
    await comments.getByRole('button', { name: 'Send' }).click();
    const mine = comments.locator('.comment', { hasText: text }).first();
    await expect(mine).toBeVisible();
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    await expect(comments.getByRole('textbox', { name: 'Your comment' })).toHaveValue('');

    await mine.getByRole('button', { name: 'Reply' }).click();
    await expect(comments.getByText(/^Replying to /)).toBeVisible();
    await comments.getByRole('textbox', { name: 'Your comment' }).fill('And the reply');
    await comments.getByRole('button', { name: 'Send' }).click();
    await expect(mine.locator('.replies').getByText('And the reply')).toBeVisible();

    // Still there for the next visitor (the cached page was refreshed by the write).
    const html = await (await request.get('/creality-cloud/model-details/1', { headers: EN })).text();
    expect(html).toContain('Printed it in PETG &lt;b&gt;bold&lt;/b&gt;');
  });

  test('a blank comment cannot be sent; a long one is collapsed; the author deletes their own', async ({ page }) => {
    await signInByApi(page);
    await page.goto('/creality-cloud/share-content/1');
    const comments = page.locator('#comments');
    const box = comments.getByRole('textbox', { name: 'Your comment' });
    await box.fill('    ');
    await expect(comments.getByRole('button', { name: 'Send' })).toBeDisabled();

    const long = `Long notes ${Date.now()}: ${'The first layer went down evenly at 0.2 mm. '.repeat(12)}The end.`;
    await box.fill(long);
    await comments.getByRole('button', { name: 'Send' }).click();
    const mine = comments.locator('.comment', { hasText: 'Long notes' }).first();
    await expect(mine.getByRole('button', { name: 'Show more' })).toHaveAttribute('aria-expanded', 'false');
    const cut = () => mine.locator('.comment-body').evaluate((el) => el.scrollHeight > el.clientHeight);
    expect(await cut()).toBe(true);
    await mine.getByRole('button', { name: 'Show more' }).click();
    await expect(mine.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
    expect(await cut()).toBe(false);

    // Only one's own comments offer Delete, and it asks first.
    await expect(comments.locator('.comment', { hasNotText: 'Long notes' }).getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await mine.getByRole('button', { name: 'Delete' }).click();
    await mine.getByRole('button', { name: 'Delete for good' }).click();
    await expect(comments.locator('.comment', { hasText: 'Long notes' })).toHaveCount(0);
    await page.reload();
    await expect(page.locator('#comments .comment', { hasText: 'Long notes' })).toHaveCount(0);
  });
});

test.describe('lists', () => {
  test('comments load ten at a time, the next ten when the end of the list scrolls into view', async ({ page, request }) => {
    // Twelve new comments on the shelf bracket, from two makers (one maker may post ten a minute).
    const run = Date.now().toString(36);
    for (let maker = 0; maker < 2; maker++) {
      await signInByApi({ request });
      for (let i = 0; i < 6; i++) {
        const res = await request.post('/api/cxy/v2/content/comment', {
          data: { kind: 1, targetId: 3, body: `Scroll test ${run} ${maker}-${i}` },
          headers: API_HEADERS,
        });
        expect((await res.json()).code).toBe(0);
      }
    }
    await page.goto('/creality-cloud/model-details/3');
    const topLevel = page.locator('#comments > ol > li');
    await expect(topLevel).toHaveCount(10);
    await page.locator('.load-more').scrollIntoViewIfNeeded();
    await expect.poll(() => topLevel.count()).toBeGreaterThan(10);
    // Newest first, nothing shown twice.
    const bodies = await page.locator('#comments > ol > li > .comment-body').allTextContents();
    expect(new Set(bodies).size).toBe(bodies.length);
    expect(bodies[0]).toBe(`Scroll test ${run} 1-5`);
  });
});
