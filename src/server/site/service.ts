import type { LandingCard, LandingData } from '../../shared/api/site';
import type { Locale } from '../../shared/i18n';

/** A domain's contribution to the landing page (content: featured models; campaigns: live ones). */
export interface LandingProvider {
  section: keyof LandingData;
  list(locale: Locale, limit: number): Promise<LandingCard[]>;
}

const PER_SECTION = 6;

export function createSiteService() {
  const providers: LandingProvider[] = [];
  return {
    addLandingProvider(p: LandingProvider) {
      providers.push(p);
    },
    async landing(locale: Locale): Promise<LandingData> {
      const data: LandingData = { featured: [], campaigns: [] };
      const lists = await Promise.all(providers.map(async (p) => [p.section, await p.list(locale, PER_SECTION)] as const));
      for (const [section, cards] of lists) data[section].push(...cards);
      data.featured = data.featured.slice(0, PER_SECTION);
      data.campaigns = data.campaigns.slice(0, PER_SECTION);
      return data;
    },
  };
}
export type SiteService = ReturnType<typeof createSiteService>;
