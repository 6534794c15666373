/** Session-storage key of the outer-link info (which channel brought the visitor). */
export const OUTER_LINK_KEY = 'outerLinkInfo';

export interface OuterLinkInfo {
  channel: string;
  landingPath: string;
  at: number;
}

/** Keeps `?c=` / `?channel=` of the first page of a visit; later pages of the visit keep it. */
export function rememberOuterLink(location: Pick<Location, 'search' | 'pathname'>, storage: Storage): OuterLinkInfo | null {
  const params = new URLSearchParams(location.search);
  const channel = (params.get('c') ?? params.get('channel') ?? '').trim().slice(0, 64);
  if (!channel) return null;
  const info: OuterLinkInfo = { channel, landingPath: location.pathname, at: Date.now() };
  try {
    storage.setItem(OUTER_LINK_KEY, JSON.stringify(info));
  } catch {
    // Private mode or a full storage: the visit goes on without attribution.
  }
  return info;
}

export function readOuterLink(storage: Storage): OuterLinkInfo | null {
  try {
    const v = storage.getItem(OUTER_LINK_KEY);
    return v ? (JSON.parse(v) as OuterLinkInfo) : null;
  } catch {
    return null;
  }
}
