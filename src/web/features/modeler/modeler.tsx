import { Link } from 'react-router';
import { publicPageHeaders } from '../../cache-headers';
import { useTranslation } from '../../i18n/react';
import { headTags } from '../../seo';
import { BenefitsCard } from '../../ui/placeholders';
import type { Route } from './+types/modeler';
import { contestDates, contestPath, modelerBase } from './modeler-loader';
import { ContestHead, RequestList } from './parts';
import './modeler.css';

/**
 * The designers' programme (`/modeler`, and `/modeler2`, its second version: the contest first):
 * what it is, the benefits, the current design contest with its top entries, and the latest open
 * modelling requests. The same for every visitor in a language, so it is rendered and cached.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const base = modelerBase(request, context);
  const version = base.url.pathname.replace(/\/$/, '') === '/modeler2' ? 2 : 1;
  const [contest, requests] = await Promise.all([base.modeler.contest(undefined), base.modeler.requests({ limit: 5 })]);
  return {
    i18n: base.i18n,
    version,
    contest,
    contestDates: contest ? contestDates(contest, base.date) : null,
    requests: requests.items,
    requestDates: Object.fromEntries(requests.items.map((r) => [r.id, base.date(r.createdAt)])),
    head: {
      title: base.t('modeler', version === 2 ? 'title2' : 'title'),
      description: base.t('modeler', 'metaDescription'),
      canonical: base.canonical,
    },
  };
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function Modeler({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('modeler');
  const { version, contest, requests, requestDates } = loaderData;
  const about = (
    <>
      <section className="card" aria-labelledby="modeler-what">
        <h2 id="modeler-what">{t('whatTitle')}</h2>
        <p>{t('whatText')}</p>
      </section>
      <BenefitsCard id="modeler-benefits" title={t('benefitsTitle')} items={[t('benefit1'), t('benefit2'), t('benefit3')]} />
    </>
  );
  const contestCard = (
    <section className="card modeler-contest" aria-labelledby="modeler-contest">
      <h2 id="modeler-contest">{t('contestTitle')}</h2>
      {contest && loaderData.contestDates ? (
        <>
          <h3>{contest.title}</h3>
          <ContestHead contest={contest} dates={loaderData.contestDates} />
          <h4>{t('topEntries')}</h4>
          <ol className="modeler-top">
            {contest.entries.slice(0, 3).map((e) => (
              <li key={e.id} className="modeler-row">
                <img src={e.imageUrl} alt="" loading="lazy" width={48} height={48} />
                <span className="modeler-row-text">
                  <strong>{e.title}</strong> <span className="muted small">{t('by', { designer: e.designer })}</span>
                </span>
                <span className="modeler-votes">{t('votes', { count: e.votes })}</span>
              </li>
            ))}
          </ol>
          <Link className="btn btn-block" to={contestPath(contest.id)}>
            {t('seeContest')}
          </Link>
        </>
      ) : (
        <p className="muted">{t('noContest')}</p>
      )}
    </section>
  );
  return (
    <article className="modeler">
      <header className="raffle-hero modeler-hero">
        <h1>{t(version === 2 ? 'title2' : 'title')}</h1>
        <p className="gift-lead">{t('lead')}</p>
      </header>
      {version === 2 ? contestCard : about}
      {version === 2 ? about : contestCard}
      <section className="card" aria-labelledby="modeler-requests">
        <h2 id="modeler-requests">{t('requestsTitle')}</h2>
        <RequestList items={requests} dates={requestDates} />
        <Link className="btn btn-block" to="/modeler/sendRequirement">
          {t('postRequest')}
        </Link>
      </section>
    </article>
  );
}
