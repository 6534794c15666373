import { describe, expect, it } from 'vitest';
import { PageCache } from './page-cache';

describe('PageCache', () => {
  const page = (c: PageCache, ttl = 5) => c.entry(200, [['content-type', 'text/html']], Buffer.from('<html>'), ttl);

  it('keeps only public pages, for at most the configured seconds', () => {
    const c = new PageCache(5);
    expect(c.ttlOf('public, max-age=0, s-maxage=30')).toBe(5);
    expect(c.ttlOf('public, s-maxage=2')).toBe(2);
    expect(c.ttlOf('private, no-cache')).toBe(0);
    expect(c.ttlOf('public, max-age=60')).toBe(0);
    expect(c.ttlOf(null)).toBe(0);
    expect(new PageCache(0).enabled).toBe(false);
  });

  it('expires entries', async () => {
    let now = 1000;
    const c = new PageCache(5, 10, () => now);
    await c.getOrRender('k', async () => page(c));
    expect(c.get('k')).toBeDefined();
    now += 5001;
    expect(c.get('k')).toBeUndefined();
  });

  it('renders once for concurrent misses', async () => {
    const c = new PageCache(5);
    let renders = 0;
    const render = async () => {
      renders++;
      await new Promise((r) => setTimeout(r, 10));
      return page(c);
    };
    const results = await Promise.all(Array.from({ length: 20 }, () => c.getOrRender('k', render)));
    expect(renders).toBe(1);
    expect(new Set(results.map((r) => r?.etag)).size).toBe(1);
  });

  it('does not keep what the render declined, and stays bounded', async () => {
    const c = new PageCache(5, 3);
    expect(await c.getOrRender('no', async () => null)).toBeNull();
    expect(c.get('no')).toBeUndefined();
    for (const k of ['a', 'b', 'c', 'd']) await c.getOrRender(k, async () => page(c));
    expect(c.get('a')).toBeUndefined();
    expect(c.get('d')).toBeDefined();
    c.clear();
    expect(c.get('d')).toBeUndefined();
  });
});

describe('memory', () => {
  it('holds at most its byte budget, counting the compressed copies, and forgets what it drops', async () => {
    const c = new PageCache(5, 100, Date.now, 30_000);
    const kb = (n: number) => c.entry(200, [], Buffer.alloc(n * 1000, 'x'), 5);
    for (const k of ['a', 'b', 'c', 'd']) await c.getOrRender(k, async () => kb(3));
    // 3 KB bodies count 9 KB each: three fit in 30 KB, the oldest went.
    expect(c.get('a')).toBeUndefined();
    expect(['b', 'c', 'd'].every((k) => c.get(k))).toBe(true);
    expect(c.footprint).toBe(27_000);
    // A page larger than the whole budget is served but not kept.
    expect(await c.getOrRender('huge', async () => kb(11))).not.toBeNull();
    expect(c.get('huge')).toBeUndefined();
    await c.getOrRender('b2', async () => kb(3));
    c.clear();
    expect(c.footprint).toBe(0);
  });
});

describe('personal pages', () => {
  it('are remembered for the cache time, at most as many as the entries', () => {
    let now = 1000;
    const c = new PageCache(5, 2, () => now);
    c.markPersonal('settings');
    expect(c.isPersonal('settings')).toBe(true);
    expect(c.isPersonal('model')).toBe(false);
    now += 5001;
    expect(c.isPersonal('settings')).toBe(false);
    for (const k of ['a', 'b', 'c']) c.markPersonal(k);
    expect(c.isPersonal('a')).toBe(false);
    expect(c.isPersonal('c')).toBe(true);
  });
});

describe('encodedBody', () => {
  it('compresses once per encoding and honours q=0', async () => {
    const { PageCache: PC, encodedBody } = await import('./page-cache');
    const c = new PC(5);
    const page = c.entry(200, [], Buffer.from('<p>hello</p>'.repeat(200)), 5);
    const br = encodedBody(page, 'gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(br.body.length).toBeLessThan(page.body.length);
    expect(encodedBody(page, 'br').body).toBe(br.body);
    expect(encodedBody(page, 'br;q=0, gzip').encoding).toBe('gzip');
    expect(encodedBody(page, 'identity').encoding).toBeUndefined();
    expect(encodedBody(page, undefined).body).toBe(page.body);
  });

  it("keeps brotli's window small, so each compression holds little memory", async () => {
    const { PageCache: PC, encodedBody } = await import('./page-cache');
    const { BROTLI_WINDOW_BITS, brotliWindowBits } = await import('./compression');
    const page = new PC(5).entry(200, [], Buffer.from('<p>hello</p>'.repeat(200)), 5);
    expect(brotliWindowBits(encodedBody(page, 'br').body)).toBe(BROTLI_WINDOW_BITS);
    expect(BROTLI_WINDOW_BITS).toBeLessThanOrEqual(18);
  });
});
