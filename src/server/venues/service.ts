import type { Kysely } from 'kysely';
import type { TAdminVenue, VenueLanding, VenueSample, VenueState, VenueToday, VenueView } from '../../shared/api/venues';
import type { Locale } from '../../shared/i18n';
import { dayBounds } from '../../shared/time';
import type { AccountsService } from '../accounts/service';
import { inLanguage } from '../campaigns/campaign';
import type { CampaignPages } from '../campaigns/pages';
import type { AuditHook } from '../console/audit';
import type { ContentService } from '../content/service';
import type { Database } from '../db/schema';
import { createVenue, getVenue, updateVenue, type VenueAdminDeps } from './admin';
import { allVenues, slugsOfCampaign, venueBySlug, venueByWechatPath } from './store';

/**
 * What the venue pages and the API read: a venue configured per slug, with its raffle (from the
 * lottery service) and its printed samples (from the content service). Other domains ask it
 * whether a user is staff of a campaign's venue.
 */
export function createVenuesService(deps: {
  db: Kysely<Database>;
  transaction: VenueAdminDeps['transaction'];
  accounts: Pick<AccountsService, 'hasRole'>;
  content: Pick<ContentService, 'model'>;
  lottery: Pick<CampaignPages, 'page' | 'isRaffle' | 'countsBetween'>;
}) {
  const { db, accounts, content, lottery } = deps;
  const admin: VenueAdminDeps = {
    db,
    transaction: deps.transaction,
    isRaffle: (id) => lottery.isRaffle(id),
    modelExists: async (id) => (await content.model(id)) !== null,
  };
  const view = async (slug: string, locale: Locale) => {
    const v = await venueBySlug(db, slug);
    return v ? venueView(v, locale, Date.now()) : null;
  };

  return {
    view,
    async landing(slug: string, locale: Locale): Promise<VenueLanding | null> {
      const venue = await view(slug, locale);
      if (!venue) return null;
      const page = await lottery.page(Number(venue.campaignId), locale);
      const raffle = page
        ? (({ id, title, state, startsAt, endsAt, segments }) => ({ id, title, state, startsAt, endsAt, segments }))(page.info)
        : null;
      return { venue, raffle };
    },
    async laboratory(slug: string, locale: Locale): Promise<{ venue: VenueView; samples: VenueSample[] } | null> {
      const v = await venueBySlug(db, slug);
      if (!v) return null;
      // A model deleted since the venue was set up is simply not shown.
      const models = await Promise.all(v.samples.map((id) => content.model(id)));
      const samples = models.flatMap((m) => (m ? [{ id: m.id, title: m.title, imageUrl: m.images[0]?.url ?? null }] : []));
      return { venue: venueView(v, locale, Date.now()), samples };
    },
    /** The venue of `/wechat-<path>/…` and the WeChat client of each environment. */
    async wechat(wechatPath: string, locale: Locale) {
      const v = await venueByWechatPath(db, wechatPath);
      return v ? { venue: venueView(v, locale, Date.now()), clients: v.wechat } : null;
    },
    /** Staff of a venue running this campaign (role `staff`, scope `venue:<slug>`, or an admin). */
    async staffsCampaign(userId: number, campaignId: number): Promise<boolean> {
      for (const slug of await slugsOfCampaign(db, campaignId)) if (await accounts.hasRole(userId, 'staff', `venue:${slug}`)) return true;
      return false;
    },
    /** Today's draws, wins and write-offs of the venue's raffle, in the venue's time zone. */
    async today(slug: string, now = Date.now()): Promise<VenueToday> {
      const v = await getVenue(db, slug);
      const { day, from, to } = dayBounds(now, v.timeZone);
      const counts = await lottery.countsBetween(v.campaignId, from, to);
      return { day, timeZone: v.timeZone, campaignId: String(v.campaignId), ...counts };
    },
    create: (input: Parameters<typeof createVenue>[1], audit?: AuditHook) => createVenue(admin, input, Date.now(), audit),
    update: (input: Parameters<typeof updateVenue>[1], audit?: AuditHook) => updateVenue(admin, input, Date.now(), audit),
    get: (slug: string) => getVenue(db, slug),
    list: () => allVenues(db),
  };
}

export type VenuesService = ReturnType<typeof createVenuesService>;

function stateOf(v: TAdminVenue, now: number): VenueState {
  if (now >= v.endsAt) return 'ended';
  return now < v.startsAt ? 'notStarted' : 'ongoing';
}

export function venueView(v: TAdminVenue, locale: Locale, now: number): VenueView {
  return {
    slug: v.slug,
    wechatPath: v.wechatPath,
    name: inLanguage(v.name, locale),
    place: inLanguage(v.place, locale),
    startsAt: v.startsAt,
    endsAt: v.endsAt,
    timeZone: v.timeZone,
    state: stateOf(v, now),
    printers: v.printers,
    campaignId: String(v.campaignId),
  };
}
