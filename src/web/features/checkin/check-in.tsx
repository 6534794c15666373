import { lazy, Suspense } from 'react';
import { data, Link } from 'react-router';
import type { CheckinCampaign } from '../../../shared/api/checkin';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import { headTags } from '../../seo';
import { CompassIcon } from '../../ui/icons';
import { StateView } from '../../ui/state-view';
import { CampaignHero } from '../lottery/campaign-frame';
import { queryId } from '../lottery/raffle-paths';
import type { Route } from './+types/check-in';
import { RewardStrip } from './reward-strip';
import './check-in.css';

const Member = lazy(() => import('./member'));

/**
 * Daily check-in (`/webview/check-in?activityId=…`, without an id the one running now): the
 * campaign, its reward week and rules render on the server; the member's calendar, streak and
 * the check-in button come from the signed-in browser (an island).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['campaigns', 'lottery', 'enums']);
  const page = await context.services.lottery.checkinPage(queryId(base.url.searchParams, 'activityId'), base.locale);
  const head = page
    ? {
        title: page.title,
        description: base.t('campaigns', 'checkin.metaDescription'),
        canonical: `${base.canonical}?activityId=${page.id}`,
      }
    : {
        title: base.t('campaigns', 'checkin.notFound'),
        description: base.t('campaigns', 'checkin.metaDescription'),
        canonical: base.canonical,
        noindex: true,
      };
  return data({ i18n: base.i18n, page, head }, { status: page ? 200 : 404 });
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function CheckIn({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return page ? <Campaign page={page} /> : <Missing />;
}

function Campaign({ page }: { page: CheckinCampaign }) {
  const { t } = useTranslation('campaigns');
  return (
    <article className="checkin">
      <CampaignHero page={page} className="checkin-hero" />
      <Suspense
        fallback={
          <section className="card checkin-member">
            <RewardStrip rewards={page.rewards} streak={0} checkedToday={false} />
            <button type="button" className="btn btn-block" disabled>
              {t('checkin.button')}
            </button>
          </section>
        }
      >
        <Member page={page} />
      </Suspense>
      <section className="card raffle-rules" aria-labelledby="checkin-rules">
        <h2 id="checkin-rules">{t('checkin.rules')}</h2>
        <p className="pre-line">{page.rules}</p>
      </section>
    </article>
  );
}

function Missing() {
  const { t } = useTranslation('campaigns');
  return (
    <StateView
      icon={<CompassIcon />}
      title={t('checkin.notFound')}
      actions={
        <Link className="btn btn-block" to="/">
          {t('checkin.home')}
        </Link>
      }
    />
  );
}
