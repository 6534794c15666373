import type { AppLoadContext } from 'react-router';
import type { Contest } from '../../../shared/api/modeler';
import { formatDay } from '../../../shared/format';
import { pageBase } from '../../page-loader';

/** The modeler pages' common loader part: catalogues, a date formatter in the page's language. */
export function modelerBase(request: Request, context: AppLoadContext) {
  const base = pageBase(request, context, ['modeler']);
  return { ...base, date: (ms: number) => formatDay(ms, base.locale, context.services.config.timeZone), modeler: context.services.modeler };
}

/** A contest's dates as shown (formatted on the server, so the page hydrates the same). */
export const contestDates = (c: Contest, date: (ms: number) => string) => ({ start: date(c.startsAt), end: date(c.endsAt) });

/** `/modeler/sendRequirement?id=N`: a request's own page. */
export const requestPath = (id: number) => `/modeler/sendRequirement?id=${id}`;
export const contestPath = (id: number) => `/modeler/voteDetail?contestId=${id}`;
