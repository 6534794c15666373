import type { LandingData } from '../../shared/api/site';
import type { Locale } from '../../shared/i18n';
import type { CampaignPages } from '../campaigns/pages';
import type { ContentService } from '../content/service';

const PER_SECTION = 6;

/** The home page's lists: the library's featured and newest work, and the campaigns running now. */
export function createSiteService(deps: { content: Pick<ContentService, 'feed'>; lottery: Pick<CampaignPages, 'running'> }) {
  return {
    async landing(locale: Locale): Promise<LandingData> {
      const [feed, campaigns] = await Promise.all([deps.content.feed(PER_SECTION), deps.lottery.running(locale, PER_SECTION)]);
      return { campaigns, ...feed };
    },
  };
}
export type SiteService = ReturnType<typeof createSiteService>;
