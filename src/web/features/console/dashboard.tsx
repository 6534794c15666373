import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import type { ConsoleDashboard } from '../../../shared/api/console';
import { formatCount } from '../../../shared/format';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import type { Route } from './+types/dashboard';
import { consoleAccess } from './console-loader';
import { SERIES } from './dashboard-series';
import { navFor } from './nav';

// chart.js is a lazy chunk: only this page, once its figures are there, loads it.
const Charts = lazy(() => import('./dashboard-charts'));

/**
 * The console's first page. Staff who may read the figures (analytics, admins) get today and the
 * last 7 days from the ledgers with charts; everyone else the sections they may open. The figures
 * are read on the server, in the same request that checks the access.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['console', 'analytics']);
  const access = await consoleAccess(context);
  const sections = access.state === 'staff' ? access.sections : [];
  const figures = sections.includes('dashboard') ? await context.services.console.dashboard() : null;
  return { i18n: base.i18n, sections, figures };
}

/** Where a share page of each content type lives (the analytics event names the type and id). */
const SHARE_PATHS: Record<string, (id: string) => string> = {
  model: (id) => `/creality-cloud/model-details/${id}`,
  slice: (id) => `/creality-cloud/slices-details/${id}`,
  post: (id) => `/creality-cloud/share-content/${id}`,
  user: (id) => `/creality-cloud/personal-center/${id}`,
  circle: (id) => `/creality-cloud/circle-details/${id}`,
  topic: (id) => `/creality-cloud/topic/${id}`,
  timelapse: (id) => `/timelapses-share/${id}`,
};

export default function ConsoleHome({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('console');
  const { figures, sections } = loaderData;
  if (figures) return <Dashboard figures={figures} />;
  return (
    <section>
      <h1>{t('home.title')}</h1>
      <ul className="console-cards">
        {navFor(sections)
          .filter((i) => !i.end)
          .map((item) => (
            <li key={item.path}>
              <Link className="card console-card-link" to={item.path}>
                {t(item.labelKey)}
              </Link>
            </li>
          ))}
      </ul>
    </section>
  );
}

function Dashboard({ figures }: { figures: ConsoleDashboard }) {
  const { t, locale } = useTranslation('console');
  const n = (v: number) => formatCount(v, locale);
  const today = figures.days[figures.days.length - 1];
  const week = (k: (typeof SERIES)[number]) => figures.days.reduce((sum, d) => sum + d[k], 0);
  return (
    <>
      <h1>{t('dashboard.title')}</h1>
      <p className="muted">{t('dashboard.utcNote')}</p>
      <section aria-labelledby="console-today">
        <h2 id="console-today">{t('dashboard.today')}</h2>
        <dl className="console-cards console-figures">
          {SERIES.map((k) => (
            <div className="card" key={k}>
              <dt>{t(`dashboard.series.${k}`)}</dt>
              <dd data-testid={`today-${k}`}>{n(today?.[k] ?? 0)}</dd>
              <dd className="muted">{t('dashboard.weekTotal', { count: n(week(k)) })}</dd>
            </div>
          ))}
          <div className="card">
            <dt>{t('dashboard.claimsToShip')}</dt>
            <dd data-testid="claims-to-ship">{n(figures.waiting.claimsToShip)}</dd>
          </div>
          <div className="card">
            <dt>{t('dashboard.ordersToShip')}</dt>
            <dd data-testid="orders-to-ship">{n(figures.waiting.ordersToShip)}</dd>
          </div>
        </dl>
      </section>
      <Suspense fallback={null}>
        <Charts days={figures.days} />
      </Suspense>
      <section className="card" aria-labelledby="console-week">
        <h2 id="console-week">{t('dashboard.week')}</h2>
        <div className="console-table-wrap">
          <table className="console-stack">
            <thead>
              <tr>
                <th scope="col">{t('dashboard.day')}</th>
                {SERIES.map((k) => (
                  <th scope="col" key={k}>
                    {t(`dashboard.series.${k}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {figures.days.map((d) => (
                <tr key={d.day}>
                  <th scope="row">{d.day}</th>
                  {SERIES.map((k) => (
                    <td key={k} data-label={t(`dashboard.series.${k}`)}>
                      {n(d[k])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className="card" aria-labelledby="console-shares">
        <h2 id="console-shares">{t('dashboard.topShares')}</h2>
        {figures.topShares.length === 0 ? (
          <p className="muted">{t('dashboard.noShares')}</p>
        ) : (
          <ol className="console-shares">
            {figures.topShares.map((s) => {
              const label = t('dashboard.shareItem', { type: s.contentType, id: s.contentId });
              const to = SHARE_PATHS[s.contentType]?.(encodeURIComponent(s.contentId));
              return (
                <li key={`${s.contentType}/${s.contentId}`}>
                  {to ? <a href={to}>{label}</a> : label} — {t('dashboard.views', { count: n(s.views) })}
                </li>
              );
            })}
          </ol>
        )}
      </section>
    </>
  );
}
