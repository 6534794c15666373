import { codeFromScan } from '../lottery/redeem-code';
import { hasAdmin } from './venue-paths';

/**
 * Where a scanned QR code leads (`/scan-code`). Only links of this site are opened; anything else
 * (another site's link, plain text) is shown as text to copy, never followed: a QR code on a
 * poster is easy to swap for a phishing link.
 */
export type ScanRoute =
  /** A prize's redeem code: `to` is the staff write-off page when the visitor is staff, else null. */
  | { kind: 'prize'; code: string; to: string | null }
  /** A friend's invite link to a campaign. */
  | { kind: 'invite'; to: string }
  /** A model, slice, post, circle, profile, topic or timelapse of this site. */
  | { kind: 'content'; to: string }
  /** Any other page of this site. */
  | { kind: 'page'; to: string }
  | { kind: 'text'; text: string };

export interface Role {
  role: string;
  scope: string;
}

/** Pages an invite link lands on, with `inviter=<user id>`. */
const INVITE_PAGES = [
  '/activitys',
  '/invite-friends',
  '/invite-friends2',
  '/invite-politely/gift',
  '/dragon-invitee',
  '/blind-box-invite',
  '/blind-box',
  '/blind-box-new',
  '/happy-planet',
];
const CONTENT_PAGE =
  /^\/(creality-cloud\/(model-details|slices-details|share-content|circle-details|personal-center|topic|timelapses-share)|timelapses-share)\/[^/]+$/;

export function routeScan(raw: string, origin: string, roles: readonly Role[]): ScanRoute {
  const text = raw.trim();
  let url: URL | null = null;
  try {
    url = new URL(text);
  } catch {
    // Not a link: maybe a bare redeem code.
  }
  if (!url) {
    const code = codeFromScan(text);
    return code ? { kind: 'prize', code, to: staffPage(code, null, roles) } : { kind: 'text', text };
  }
  if (url.origin !== origin) return { kind: 'text', text };
  const path = url.pathname.replace(/\/+$/, '') || '/';
  const to = path + url.search + url.hash;
  if (path === '/activitys/admin') {
    const code = codeFromScan(text);
    const activeId = url.searchParams.get('activeId');
    if (code) return { kind: 'prize', code, to: staffPage(code, activeId && /^[1-9]\d{0,14}$/.test(activeId) ? activeId : null, roles) };
  }
  if (url.searchParams.has('inviter') && INVITE_PAGES.includes(path)) return { kind: 'invite', to };
  if (CONTENT_PAGE.test(path)) return { kind: 'content', to };
  return { kind: 'page', to };
}

const raffleAdmin = (activeId: string, code: string) => `/activitys/admin?${new URLSearchParams({ activeId, code })}`;

/**
 * The write-off page for a staff member, or null for visitors who are not staff. The server
 * decides in the end (a venue's staff write off their venue's campaign only); this picks the
 * page that will work for them.
 */
function staffPage(code: string, activeId: string | null, roles: readonly Role[]): string | null {
  const staff = roles.filter((r) => r.role === 'staff' || r.role === 'admin');
  if (staff.length === 0) return null;
  if (activeId && staff.some((r) => r.role === 'admin' || r.scope === `activity:${activeId}`)) return raffleAdmin(activeId, code);
  const venue = staff.map((r) => /^venue:([a-z0-9]+)$/.exec(r.scope)?.[1]).find((slug) => slug && hasAdmin(slug));
  if (venue) return `/${venue}/admin?${new URLSearchParams({ code })}`;
  if (activeId) return raffleAdmin(activeId, code);
  const campaign = staff.map((r) => /^activity:(\d+)$/.exec(r.scope)?.[1]).find(Boolean);
  return campaign ? raffleAdmin(campaign, code) : null;
}
