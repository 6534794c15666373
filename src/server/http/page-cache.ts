import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { brotliParams } from './compression';

/**
 * A short cache of rendered pages: a shared link that goes viral is rendered once per few seconds
 * per language instead of once per visitor. Only pages that say they are the same for every
 * visitor (`Cache-Control: public, s-maxage=N`; their personal parts are fetched by the browser)
 * are kept, rendered without the caller's identity, never answers that set cookies. Entries keep
 * the CSP header of their render, so the nonce in the HTML and the header match. Concurrent
 * misses for one key share one render.
 */
export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
  etag: string;
  expires: number;
  /** Compressed copies, made on first demand: a hit costs no compression. */
  encoded: Map<'br' | 'gzip', Buffer>;
}

const ACCEPTS_BR = /\bbr\b(?!;q=0(\.0*)?\b)/;
const ACCEPTS_GZIP = /\bgzip\b(?!;q=0(\.0*)?\b)/;

/** The body in the best encoding the client accepts, compressed once per entry. */
export function encodedBody(page: CachedPage, acceptEncoding: string | undefined): { body: Buffer; encoding?: 'br' | 'gzip' } {
  const ae = acceptEncoding ?? '';
  const encoding = ACCEPTS_BR.test(ae) ? 'br' : ACCEPTS_GZIP.test(ae) ? 'gzip' : undefined;
  if (!encoding || page.body.length < 1024) return { body: page.body };
  let body = page.encoded.get(encoding);
  if (!body) {
    body = encoding === 'br' ? zlib.brotliCompressSync(page.body, { params: brotliParams(6) }) : zlib.gzipSync(page.body, { level: 6 });
    page.encoded.set(encoding, body);
  }
  return { body, encoding };
}

// An entry holds its body and at most two compressed copies, each smaller than the body.
const FOOTPRINT_PER_BODY_BYTE = 3;

export class PageCache {
  private entries = new Map<string, CachedPage>();
  /** What the entries may hold at most, counted as FOOTPRINT_PER_BODY_BYTE × their bodies. */
  private bytes = 0;
  private pending = new Map<string, Promise<CachedPage | null>>();
  /** Keys whose page turned out personal: signed-in visitors skip the shared render for a while. */
  private personal = new Map<string, number>();

  constructor(
    private readonly maxSeconds: number,
    private readonly maxEntries = 500,
    private readonly now: () => number = Date.now,
    private readonly maxBytes = 64 * 1024 * 1024,
  ) {}

  get enabled() {
    return this.maxSeconds > 0;
  }

  get(key: string): CachedPage | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expires <= this.now()) {
      this.drop(key);
      return undefined;
    }
    return hit;
  }

  /** Renders once for all concurrent callers of a key; null means "not cacheable, render yourself". */
  async getOrRender(key: string, render: () => Promise<CachedPage | null>): Promise<CachedPage | null> {
    const hit = this.get(key);
    if (hit) return hit;
    const running = this.pending.get(key);
    if (running) return running;
    const p = render()
      .then((page) => {
        if (page) this.set(key, page);
        return page;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, p);
    return p;
  }

  /** Seconds a response may be kept: its s-maxage, capped by configuration; 0 when not public. */
  ttlOf(cacheControl: string | null): number {
    if (!cacheControl || !/\bpublic\b/.test(cacheControl)) return 0;
    const m = /\bs-maxage=(\d+)/.exec(cacheControl);
    return m ? Math.min(Number(m[1]), this.maxSeconds) : 0;
  }

  entry(status: number, headers: [string, string][], body: Buffer, ttlSeconds: number): CachedPage {
    const etag = `W/"${crypto.createHash('sha1').update(body).digest('base64url')}"`;
    return { status, headers, body, etag, expires: this.now() + ttlSeconds * 1000, encoded: new Map() };
  }

  /** The page of `key` is not shared (no public Cache-Control): known for the longest cache time. */
  markPersonal(key: string): void {
    if (this.personal.size >= this.maxEntries) {
      const oldest = this.personal.keys().next().value;
      if (oldest !== undefined) this.personal.delete(oldest);
    }
    this.personal.set(key, this.now() + this.maxSeconds * 1000);
  }

  isPersonal(key: string): boolean {
    const until = this.personal.get(key);
    if (until === undefined) return false;
    if (until > this.now()) return true;
    this.personal.delete(key);
    return false;
  }

  /** Content changed: forget everything (each instance's copies expire within seconds anyway). */
  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  /** Bytes the entries may hold at most (bodies and their compressed copies). */
  get footprint(): number {
    return this.bytes;
  }

  private set(key: string, page: CachedPage) {
    const size = page.body.length * FOOTPRINT_PER_BODY_BYTE;
    if (size > this.maxBytes) return;
    this.drop(key);
    // Drop the oldest entries (Map keeps insertion order) until the new one fits.
    while (this.entries.size >= this.maxEntries || this.bytes + size > this.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.drop(oldest);
    }
    this.entries.set(key, page);
    this.bytes += size;
  }

  private drop(key: string) {
    const page = this.entries.get(key);
    if (!page) return;
    this.entries.delete(key);
    this.bytes -= page.body.length * FOOTPRINT_PER_BODY_BYTE;
  }
}
