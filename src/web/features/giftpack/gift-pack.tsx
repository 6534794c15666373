import { lazy, Suspense } from 'react';
import { publicPageHeaders } from '../../cache-headers';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import { headTags } from '../../seo';
import { CampaignHero } from '../lottery/campaign-frame';
import { queryId } from '../lottery/raffle-paths';
import type { Route } from './+types/gift-pack';
import './gift-pack.css';

const RedeemForm = lazy(() => import('./redeem-form'));
const NewcomerPack = lazy(() => import('./newcomer-pack'));

/**
 * Gift-code entry (`/gift-pack`, `/gift-pack2`, and `/vip-package` for premium codes): the same
 * page for every version. The form is an island; a code gives its prize at once, or asks for a
 * shipping address for a physical one. The header shows the state and dates of the gift-code
 * campaign the link names (`activityId`) or, without one, of the one running now.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['campaigns', 'lottery', 'enums']);
  const vip = base.url.pathname.startsWith('/vip-package');
  const id = queryId(base.url.searchParams, 'activityId') ?? queryId(base.url.searchParams, 'activeId');
  return {
    i18n: base.i18n,
    vip,
    campaign: await context.services.lottery.giftCodePage(id, base.locale),
    // The newcomer pack is offered on the gift pages while one runs.
    newcomer: vip ? null : await context.services.lottery.newcomerPage(base.locale),
    head: {
      title: base.t('campaigns', vip ? 'gift.vipTitle' : 'gift.title'),
      description: base.t('campaigns', 'gift.metaDescription'),
      canonical: base.canonical,
    },
  };
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function GiftPack({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('campaigns');
  const title = t(loaderData.vip ? 'gift.vipTitle' : 'gift.title');
  return (
    <article className="gift-pack">
      {loaderData.campaign ? (
        <CampaignHero page={loaderData.campaign} className="gift-hero" title={title} lead={t('gift.lead')} />
      ) : (
        <header className="raffle-hero gift-hero">
          <h1>{title}</h1>
          <p className="gift-lead">{t('gift.lead')}</p>
        </header>
      )}
      {loaderData.newcomer ? (
        <Suspense fallback={<section className="card newcomer" />}>
          <NewcomerPack offer={loaderData.newcomer} />
        </Suspense>
      ) : null}
      <Suspense
        fallback={
          <section className="card">
            <div className="field">
              <label htmlFor="gift-code">{t('gift.code')}</label>
              <input id="gift-code" disabled />
            </div>
            <button type="button" className="btn btn-block gift-submit" disabled>
              {t('gift.redeem')}
            </button>
          </section>
        }
      >
        <RedeemForm />
      </Suspense>
      <section className="card" aria-labelledby="gift-how">
        <h2 id="gift-how">{t('gift.howTitle')}</h2>
        <ol className="gift-steps">
          <li>{t('gift.how1')}</li>
          <li>{t('gift.how2')}</li>
          <li>{t('gift.how3')}</li>
        </ol>
      </section>
    </article>
  );
}
