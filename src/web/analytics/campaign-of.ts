import { CAMPAIGN_PARAMS } from '../../shared/analytics-events';

/**
 * Pages that carry their campaign in the path (`/invite-politely/12`, the invite histories):
 * the id is the last segment. `/invite-politely/gift` and `/invite-politely/rules/1` are not ids.
 */
const CAMPAIGN_PATH = /^\/(?:invite-record2?|invite-politely(?:\/record)?|dragon-record)\/(\d{1,16})\/?$/;
const ID = /^\d{1,16}$/;

/** The campaign a page is about: from its path, else from the query parameters the spec's pages use. */
export function campaignOf(pathname: string, search: string): string | undefined {
  const inPath = CAMPAIGN_PATH.exec(pathname)?.[1];
  if (inPath) return inPath;
  const params = new URLSearchParams(search);
  return CAMPAIGN_PARAMS.map((p) => params.get(p)).find((v): v is string => !!v && ID.test(v));
}
