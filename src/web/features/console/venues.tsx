import { data, Link } from 'react-router';
import { may } from '../../../shared/console-access';
import { LOCALES } from '../../../shared/i18n';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import { venueDates } from '../venues/venue-loader';
import { venuePaths } from '../venues/venue-paths';
import type { Route } from './+types/venues';
import { NotYours } from './catalogue-parts';
import { consoleAccess } from './console-loader';
import { sectionStatus } from './mall-access';
import { consolePaths } from './paths';
import './operations.css';
import './catalogue.css';
import './venues-console.css';

/**
 * The Venues section: the venues the signed-in staff member may edit (all of them for admins, their
 * own for staff with `venue:<slug>`), each with its dates and the languages its texts still lack.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['console', 'catalogue', 'venues', 'common']);
  const access = await consoleAccess(context);
  const allowed = access.state === 'staff' && may(access.grants, 'view', { type: 'area', area: 'venues' });
  const venues = allowed ? await context.services.venuesAdmin.list() : [];
  const items = venues
    .filter((v) => access.state === 'staff' && may(access.grants, 'view', { type: 'venue', slug: v.slug }))
    .map((v) => ({
      slug: v.slug,
      name: v.name[base.locale] || v.name.en,
      dates: venueDates(v, base),
      // A language counts as missing when the name or the place lacks it.
      missing: LOCALES.filter((l) => v.name[l].trim() === '' || v.place[l].trim() === ''),
    }));
  return data({ i18n: base.i18n, allowed, items }, { status: sectionStatus(allowed), headers: { 'cache-control': 'private, no-store' } });
}

export default function ConsoleVenues({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('venues');
  const tc = useTranslation('console').t;
  if (!loaderData.allowed) return <NotYours />;
  return (
    <section className="ops">
      <h1>{t('console.title')}</h1>
      {loaderData.items.length === 0 ? <p className="card muted">{t('console.empty')}</p> : null}
      <ul className="ops-list">
        {loaderData.items.map((v) => (
          <li key={v.slug} className="card ops-card" data-testid="venue" data-venue={v.slug}>
            <header className="ops-card-head">
              <Link to={consolePaths.venue(v.slug)}>
                <strong>{v.name}</strong>
              </Link>
              <span className="badge venue-slug">/{v.slug}</span>
            </header>
            <p className="small">{v.dates}</p>
            <p className={v.missing.length > 0 ? 'small console-missing' : 'small muted'}>
              {v.missing.length > 0
                ? t('console.missing', { languages: v.missing.map((l) => tc(`languages.${l}`)).join(', ') })
                : t('console.complete')}
            </p>
            <div className="ops-row">
              <Link className="btn btn-small" to={consolePaths.venue(v.slug)} aria-label={t('console.editNamed', { name: v.name })}>
                {t('console.edit')}
              </Link>
              <a className="btn btn-small btn-secondary" href={venuePaths.landing(v.slug)}>
                {t('console.publicPage')}
              </a>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
