import { Form, Link } from 'react-router';
import { CONSOLE_API } from '../../../shared/api/routes-console';
import { may } from '../../../shared/console-access';
import { formatDay } from '../../../shared/format';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import { headTags } from '../../seo';
import { useSignedInData } from '../accounts/use-signed-in-data';
import { Personal } from '../lottery/personal-states';
import type { Route } from './+types/people';
import { consoleAccess } from './console-loader';
import { consolePaths } from './paths';
import './people.css';

/**
 * The console's People section (`/admin/people?q=…`): find a member by phone, e-mail, nickname or
 * id. The query is in the address (a search can be shared); the results come from the admin API,
 * which masks contacts for staff who are not support, and then matches nicknames and ids only.
 */

export async function loader({ request, context }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['console', 'people', 'lottery']);
  const access = await consoleAccess(context);
  return {
    i18n: base.i18n,
    // The form's label says what this staff member can search by (the API decides anyway).
    masked: access.state !== 'staff' || !may(access.grants, 'view', { type: 'area', area: 'support' }),
    q: (base.url.searchParams.get('q') ?? '').trim().slice(0, 100),
    head: { title: base.t('people', 'title'), description: base.t('people', 'metaDescription'), canonical: base.canonical, noindex: true },
  };
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function People({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation('people');
  const { q } = loaderData;
  const { state } = useSignedInData(
    (api) =>
      q
        ? api.call(CONSOLE_API.peopleSearch, { q })
        : // An empty search asks the API nothing; it still says whether contacts are masked.
          Promise.resolve(null),
    [q],
  );
  const masked = state.status === 'ready' && state.data ? state.data.masked : loaderData.masked;
  return (
    <section className="people">
      <h1>{t('title')}</h1>
      <Form method="get" className="people-search" role="search">
        <label htmlFor="people-q">{masked ? t('search.labelMasked') : t('search.label')}</label>
        <div className="people-search-row">
          <input id="people-q" name="q" type="search" defaultValue={q} maxLength={100} autoComplete="off" />
          <button type="submit" className="btn">
            {t('search.button')}
          </button>
        </div>
      </Form>
      <Personal state={state} title={t('title')}>
        {(found) =>
          !found ? (
            <p className="muted">{t('search.hint')}</p>
          ) : (
            <>
              {found.masked && <p className="muted small">{t('search.maskedNote')}</p>}
              {found.items.length === 0 ? (
                <p className="muted">{t('search.none', { q })}</p>
              ) : (
                <>
                  <p className="muted small" aria-live="polite">
                    {t('search.results', { count: found.items.length })}
                  </p>
                  <ul className="people-results">
                    {found.items.map((p) => (
                      <li key={p.id} className="card people-row">
                        <Link to={consolePaths.person(p.id)} className="people-name">
                          {p.nickname}
                        </Link>
                        <span className="muted small">#{p.id}</span>
                        <span className="people-contact">{[p.phone, p.email].filter(Boolean).join(' · ') || '—'}</span>
                        <span className={`people-state people-state-${p.state}`}>{t(`state.${p.state}` as 'state.active')}</span>
                        <span className="muted small">
                          {t('search.joined')} {formatDay(p.createdAt, locale)}
                        </span>
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </>
          )
        }
      </Personal>
    </section>
  );
}
