import type { RaffleLook } from './api/lottery';
import type { TCampaignKind } from './api/lottery-admin';

/**
 * Paths of the pages a link can be shared to. Shared between the pages (links between them) and
 * the server (sitemap), so a path changes in one place.
 */
export const contentPaths = {
  model: (id: string) => `/creality-cloud/model-details/${id}`,
  slice: (id: string) => `/creality-cloud/slices-details/${id}`,
  post: (id: string) => `/creality-cloud/share-content/${id}`,
  profile: (id: string) => `/creality-cloud/personal-center/${id}`,
  circle: (id: string) => `/creality-cloud/circle-details/${id}`,
  topic: (id: string) => `/creality-cloud/topic/${id}`,
  timelapse: (id: string) => `/timelapses-share/${id}`,
  timelapses: '/timelapses-share',
} as const;

/** The page that draws a raffle in its look (every look's page draws any raffle by its id). */
export function drawPagePath(look: RaffleLook, activeId: string | number): string {
  if (look === 'wheel') return `/activitys?activeId=${activeId}`;
  return `/${look === 'box' ? 'blind-box' : 'happy-planet'}?activeId=${activeId}`;
}

/** The page of a campaign of any kind (raffles by their look). */
export function campaignPath(c: { kind: TCampaignKind; look: RaffleLook | null; id: string | number }): string {
  switch (c.kind) {
    case 'raffle':
      return drawPagePath(c.look ?? 'wheel', c.id);
    case 'checkin':
      return `/webview/check-in?activityId=${c.id}`;
    case 'invite':
      return `/invite-friends?activityId=${c.id}`;
    case 'collection':
      return `/collection?activityId=${c.id}`;
    case 'giftcode':
      return `/gift-pack?activityId=${c.id}`;
    case 'newcomer':
      return '/gift-pack';
  }
}
