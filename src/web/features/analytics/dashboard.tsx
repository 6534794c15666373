import { lazy, Suspense } from 'react';
import { ANALYTICS_API } from '../../../shared/api/routes-analytics';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import { headTags } from '../../seo';
import { useSignedInData } from '../accounts/use-signed-in-data';
import { Personal } from '../lottery/personal-states';
import type { Route } from './+types/dashboard';
import { Figures } from './figures';
import { type Filters, FiltersForm, filtersFrom } from './filters';

// chart.js is a lazy chunk: only this page, and only once its figures are there, loads it.
const Charts = lazy(() => import('./charts'));

/**
 * The staff analytics dashboard (`/admin/analytics`): events per day, top events and
 * the campaign funnels, filtered by campaign, channel and date range (in the address, so a view
 * can be shared). The figures come from the staff-only API; others see its refusal.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  // `lottery` for the signed-in frame's texts (personal-states.tsx), shared with the raffle's pages.
  const base = pageBase(request, context, ['analytics', 'lottery']);
  return {
    i18n: base.i18n,
    filters: filtersFrom(base.url.searchParams, Date.now()),
    head: {
      title: base.t('analytics', 'title'),
      description: base.t('analytics', 'metaDescription'),
      canonical: base.canonical,
      noindex: true,
    },
  };
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('analytics');
  const f = loaderData.filters;
  const { state } = useSignedInData(
    (api) =>
      Promise.all([
        api.call(ANALYTICS_API.overview, clean(f), { quiet: true }),
        api.call(ANALYTICS_API.dimensions, { from: f.from, to: f.to }, { quiet: true }),
      ]),
    [f.from, f.to, f.activityId, f.channel],
  );
  return (
    <article className="analytics">
      <Personal state={state} title={t('title')}>
        {([figures, choices]) => (
          <>
            <h1 className="page-title">{t('title')}</h1>
            <FiltersForm filters={f} dimensions={choices} />
            <p className="muted small">{t('utcNote')}</p>
            <Suspense fallback={null}>
              <Charts overview={figures} />
            </Suspense>
            <Figures overview={figures} />
          </>
        )}
      </Personal>
    </article>
  );
}

/** The API omits empty filters (GET queries omit empty params). */
function clean(f: Filters) {
  return { from: f.from, to: f.to, ...(f.activityId ? { activityId: f.activityId } : {}), ...(f.channel ? { channel: f.channel } : {}) };
}
