import { lazy, Suspense } from 'react';
import { data } from 'react-router';
import type { CollectionView } from '../../../shared/api/collection';
import { publicPageHeaders } from '../../cache-headers';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import { headTags } from '../../seo';
import { CampaignHero, CampaignMissing } from '../lottery/campaign-frame';
import { queryId } from '../lottery/raffle-paths';
import type { Route } from './+types/collection';
import { Album } from './album';
import { EarnCards, SetPrize } from './sections';
import './collection.css';

const Member = lazy(() => import('./member'));

/**
 * A collection campaign (`/collection?activityId=…`, without an id the one running now): the
 * campaign, the set of cards, where to earn them and the prize render on the server, the same for
 * every signed-out reader; the reader's own cards and the exchange come from the signed-in
 * browser (an island).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['collection', 'lottery', 'enums']);
  const page = await context.services.lottery.collectionPage(queryId(base.url.searchParams, 'activityId'), base.locale);
  const description = base.t('collection', 'metaDescription');
  const head = page
    ? { title: page.title, description, canonical: `${base.canonical}?activityId=${page.id}` }
    : { title: base.t('collection', 'notFound'), description, canonical: base.canonical, noindex: true };
  return data({ i18n: base.i18n, page, head }, { status: page ? 200 : 404 });
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function Collection({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const { t } = useTranslation('collection');
  return page ? <Campaign page={page} /> : <CampaignMissing title={t('notFound')} />;
}

function Campaign({ page }: { page: CollectionView }) {
  const { t } = useTranslation('collection');
  return (
    <article className="collection">
      <CampaignHero page={page} className="collection-hero" />
      <section className="card" aria-labelledby="collection-album">
        <h2 id="collection-album">{t('albumTitle')}</h2>
        <Suspense
          fallback={
            <>
              <Album cards={page.cards} />
              <button type="button" className="btn btn-block" disabled>
                {t('exchange')}
              </button>
            </>
          }
        >
          <Member page={page} />
        </Suspense>
      </section>
      <SetPrize page={page} />
      <EarnCards earn={page.earn} />
      <section className="card raffle-rules" aria-labelledby="collection-rules">
        <h2 id="collection-rules">{t('rules')}</h2>
        <p className="pre-line">{page.rules}</p>
      </section>
    </article>
  );
}
