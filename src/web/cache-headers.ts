import type { HeadersFunction } from 'react-router';

/**
 * For pages that are the same for every anonymous visitor in a language: browsers revalidate
 * (ETag → 304), shared caches (our page cache, a CDN) may keep them for a few seconds.
 */
export const publicPageHeaders: HeadersFunction = () => ({
  'Cache-Control': 'public, max-age=0, must-revalidate, s-maxage=30',
  Vary: 'Accept-Language, Cookie',
});
