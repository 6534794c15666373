/**
 * The raffle's pages and the query they carry: `activeId` (the campaign) everywhere,
 * `winId` while a prize is being claimed, `id` for the address being edited.
 */
export type RafflePage = '' | 'my-prize' | 'invitation-record' | 'address' | 'new-address' | 'confirmation-prize' | 'admin';

export function rafflePath(page: RafflePage, query: Record<string, string | number | null | undefined> = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== null && v !== undefined && v !== '') q.set(k, String(v));
  const s = q.toString();
  return `/activitys${page ? `/${page}` : ''}${s ? `?${s}` : ''}`;
}

/** A positive integer id from the query, or null (anything else reads as "no such campaign"). */
export function queryId(search: URLSearchParams | string, name: string): number | null {
  const v = (typeof search === 'string' ? new URLSearchParams(search) : search).get(name);
  return v && /^[1-9]\d{0,14}$/.test(v) ? Number(v) : null;
}

/** Only a path of this site (never `//host` or a full URL: no open redirect). */
export function sitePath(value: string | null): string | null {
  return value && value.length <= 500 && /^\/(?!\/)[^\s\\]*$/.test(value) ? value : null;
}

/** `returnTo` with `addressId` set in its query. */
export function withAddress(returnTo: string, addressId: string): string {
  const url = new URL(returnTo, 'http://x');
  url.searchParams.set('addressId', addressId);
  return url.pathname + url.search + url.hash;
}

/** The page that draws a raffle in its look: one table with the server's sitemap. */
export { drawPagePath } from '../../../shared/share-paths';
