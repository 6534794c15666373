import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { publicPageHeaders } from '../../cache-headers';
import { useTranslation } from '../../i18n/react';
import { headTags } from '../../seo';
import { ButtonCardPlaceholder } from '../../ui/placeholders';
import type { Route } from './+types/send-requirement';
import { modelerBase } from './modeler-loader';
import { Budget, RequestList } from './parts';
import './modeler.css';

const RequestForm = lazy(() => import('./request-form'));
const CloseRequest = lazy(() => import('./close-request'));

/**
 * Modelling requests (`/modeler/sendRequirement`): the form to post one (an island for signed-in
 * members) and the open requests, newest first; with `?id=N`, one request's page, where its
 * author may close it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const base = modelerBase(request, context);
  const raw = base.url.searchParams.get('id');
  if (raw !== null) {
    const found = /^\d{1,15}$/.test(raw) ? await base.modeler.request(Number(raw), null).catch(() => null) : null;
    return {
      i18n: base.i18n,
      detail: found ? { request: found, date: base.date(found.createdAt) } : null,
      missing: !found,
      list: [],
      dates: {},
      head: {
        title: found?.title ?? base.t('modeler', 'requestTitle'),
        description: base.t('modeler', 'sendLead'),
        canonical: base.canonical,
      },
    };
  }
  const list = await base.modeler.requests({ limit: 20 });
  return {
    i18n: base.i18n,
    detail: null,
    missing: false,
    list: list.items,
    dates: Object.fromEntries(list.items.map((r) => [r.id, base.date(r.createdAt)])),
    head: { title: base.t('modeler', 'sendTitle'), description: base.t('modeler', 'sendLead'), canonical: base.canonical },
  };
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function SendRequirement({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('modeler');
  const { detail, missing } = loaderData;
  if (detail || missing)
    return (
      <article className="modeler">
        {detail ? (
          <section className="card modeler-detail" aria-labelledby="modeler-detail">
            <p className="muted small">{t('requestTitle')}</p>
            <h1 id="modeler-detail">{detail.request.title}</h1>
            <p>
              <Budget amount={detail.request.budget} />
              {detail.request.closed ? <span className="modeler-state modeler-state-closed"> {t('closed')}</span> : null}
            </p>
            <p className="muted small">{t('postedBy', { author: detail.request.author, date: detail.date })}</p>
            <p className="modeler-description">{detail.request.description}</p>
            {detail.request.imageUrls.length > 0 ? (
              <div className="modeler-images">
                {detail.request.imageUrls.map((u) => (
                  <a key={u} href={u}>
                    <img src={u} alt="" loading="lazy" />
                  </a>
                ))}
              </div>
            ) : null}
            {detail.request.closed ? null : (
              <Suspense fallback={null}>
                <CloseRequest id={detail.request.id} />
              </Suspense>
            )}
          </section>
        ) : (
          <p className="card notice">{t('requestMissing')}</p>
        )}
        <Link to="/modeler/sendRequirement">{t('backToList')}</Link>
      </article>
    );
  return (
    <article className="modeler">
      <header className="raffle-hero modeler-hero">
        <h1>{t('sendTitle')}</h1>
        <p className="gift-lead">{t('sendLead')}</p>
      </header>
      <Suspense fallback={<ButtonCardPlaceholder label={t('submit')} />}>
        <RequestForm />
      </Suspense>
      <section className="card" aria-labelledby="modeler-list">
        <h2 id="modeler-list">{t('allRequests')}</h2>
        <RequestList items={loaderData.list} dates={loaderData.dates} />
      </section>
    </article>
  );
}
