import { type AppLoadContext, data } from 'react-router';
import type { VenueView } from '../../../shared/api/venues';
import { formatDayRange, timeZoneWords } from '../../../shared/format';
import { pageBase } from '../../page-loader';
import { slugOfPath } from './venue-paths';

/** Every venue page has the `venues` catalogue (and the raffle's, for prizes and write-off). */
export function venueBase(request: Request, context: AppLoadContext) {
  const base = pageBase(request, context, ['venues', 'lottery', 'enums']);
  return { ...base, slug: slugOfPath(base.url.pathname) };
}
type Base = ReturnType<typeof venueBase>;

/** A venue's dates as its visitors read them: days in the venue's own time zone, the zone in words. */
export function venueDates(v: Pick<VenueView, 'startsAt' | 'endsAt' | 'timeZone'>, base: Pick<Base, 'locale' | 't'>): string {
  const dates = formatDayRange(v.startsAt, v.endsAt, base.locale, v.timeZone);
  const zone = timeZoneWords(v.timeZone, base.locale, base.t('common', 'beijingTime'));
  return base.t('venues', 'landing.datesInZone', { dates, zone });
}

/** A venue the server does not know (or not configured yet): the translated state with a 404. */
export function venueMissing(base: Base) {
  return data(
    {
      i18n: base.i18n,
      page: null,
      head: {
        title: base.t('venues', 'notFound.title'),
        description: base.t('venues', 'notFound.text'),
        canonical: base.canonical,
        noindex: true,
      },
    },
    { status: 404 },
  );
}

/** The head of a venue page. */
export function venueHead(base: Base, venue: VenueView, title: string, noindex = false) {
  return { title, description: `${venue.name} · ${venue.place}`, canonical: base.canonical, ...(noindex ? { noindex } : {}) };
}
