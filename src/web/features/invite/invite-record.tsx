import { lazy, Suspense } from 'react';
import { data, Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import { headTags } from '../../seo';
import { PeopleIcon } from '../../ui/icons';
import { StateView } from '../../ui/state-view';
import type { Route } from './+types/invite-record';
import { inviteCampaignId } from './invite-friends';
import { InviteHero } from './invite-hero';
import { LOOKS, lookOf } from './looks';
import './invite.css';

const Referrer = lazy(() => import('./referrer'));

/**
 * The referrer's invite history of a campaign, in each look (`/invite-record/:id`,
 * `/invite-record2/:id`, `/invite-politely/record/:id`, `/dragon-record/:id`).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['campaigns', 'lottery', 'enums']);
  const id = inviteCampaignId(base.url, params);
  const page = id && id > 0 ? await context.services.lottery.invitePage(id, base.locale) : null;
  const head = {
    title: base.t('campaigns', page ? 'invite.listTitle' : 'invite.notFound'),
    description: base.t('campaigns', 'invite.metaDescription'),
    canonical: base.canonical,
    noindex: true,
  };
  return data({ i18n: base.i18n, page, look: lookOf(base.url.pathname), head }, { status: page ? 200 : 404 });
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function InviteRecord({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('campaigns');
  const { page, look } = loaderData;
  if (!page) return <StateView icon={<PeopleIcon />} title={t('invite.notFound')} />;
  return (
    <article className={`invite raffle-page invite-look-${look}`}>
      <InviteHero page={page} look={look} title={page.title} />
      <Suspense fallback={<section className="card" />}>
        <Referrer page={page} />
      </Suspense>
      <Link className="btn btn-secondary btn-block" to={LOOKS[look].page(page.id)}>
        {t('invite.back')}
      </Link>
    </article>
  );
}
