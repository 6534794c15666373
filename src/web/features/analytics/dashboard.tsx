import { lazy, Suspense } from 'react';
import type * as contract from '../../../shared/api/analytics';
import { ANALYTICS_API } from '../../../shared/api/routes-analytics';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import { headTags } from '../../seo';
import { LockIcon } from '../../ui/icons';
import { StateView } from '../../ui/state-view';
import { openLogin } from '../accounts/login-store';
import { useSignedInData } from '../accounts/use-signed-in-data';
import type { Route } from './+types/dashboard';
import { Figures } from './figures';
import { type Filters, FiltersForm, filtersFrom } from './filters';

// chart.js is a lazy chunk: only this page, and only once its figures are there, loads it.
const Charts = lazy(() => import('./charts'));

/**
 * The staff analytics dashboard (`/admin/analytics`, issue 7): events per day, top events and
 * the campaign funnels, filtered by campaign, channel and date range (in the address, so a view
 * can be shared). The figures come from the staff-only API; others see its refusal.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['analytics']);
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
        api.call<typeof contract.overview>(ANALYTICS_API.overview, clean(f), { quiet: true }),
        api.call<typeof contract.dimensions>(ANALYTICS_API.dimensions, { from: f.from, to: f.to }, { quiet: true }),
      ]),
    [f.from, f.to, f.activityId, f.channel],
  );
  if (state.status === 'signedOut') {
    return (
      <StateView
        icon={<LockIcon />}
        title={t('title')}
        actions={
          <button type="button" className="btn btn-block" onClick={() => openLogin()}>
            {t('signIn.button')}
          </button>
        }
      >
        <p className="muted">{t('signIn.text')}</p>
      </StateView>
    );
  }
  if (state.status === 'failed') {
    return (
      <StateView icon={<LockIcon />} title={t('title')}>
        <p className="muted" role="alert">
          {state.message}
        </p>
      </StateView>
    );
  }
  return (
    <article className="analytics">
      <h1 className="page-title">{t('title')}</h1>
      <FiltersForm filters={f} dimensions={state.status === 'ready' ? state.data[1] : { campaigns: [], channels: [] }} />
      <p className="muted small">{t('utcNote')}</p>
      {state.status === 'ready' ? (
        <>
          <Suspense fallback={null}>
            <Charts overview={state.data[0]} />
          </Suspense>
          <Figures overview={state.data[0]} />
        </>
      ) : (
        <p className="muted" aria-busy="true">
          {t('loading')}
        </p>
      )}
    </article>
  );
}

/** The API omits empty filters (spec §7: GET queries omit empty params). */
function clean(f: Filters) {
  return { from: f.from, to: f.to, ...(f.activityId ? { activityId: f.activityId } : {}), ...(f.channel ? { channel: f.channel } : {}) };
}
