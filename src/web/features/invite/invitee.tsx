import { data, Link } from 'react-router';
import type { NewcomerOffer } from '../../../shared/api/giftpack';
import type { InviteCampaign } from '../../../shared/api/invite';
import { publicPageHeaders } from '../../cache-headers';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import { headTags } from '../../seo';
import { PeopleIcon } from '../../ui/icons';
import { StateView } from '../../ui/state-view';
import { queryId } from '../lottery/raffle-paths';
import type { Route } from './+types/invitee';
import { InviteHero } from './invite-hero';
import { LOOKS, lookOf, POLITELY_INVITEE_RULES } from './looks';
import { Welcome, welcomeData } from './welcome';
import './invite.css';

/**
 * Where an invited friend lands (`/invite-politely/gift`, `/dragon-invitee`, with `activityId`
 * and the referrer in `inviter`): what the friend gets (the newcomer gift pack running now), and
 * accepting the invitation by signing in. `/invite-politely/rules/2` is the friend's rules: who
 * counts as a new friend.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['campaigns', 'lottery', 'enums']);
  const look = lookOf(base.url.pathname);
  const [page, { newcomer, inviter }] = await Promise.all([
    context.services.lottery.invitePage(queryId(base.url.searchParams, 'activityId'), base.locale),
    welcomeData(context, base),
  ]);
  const rules = base.url.pathname === POLITELY_INVITEE_RULES;
  const head = {
    title: base.t('campaigns', page ? (rules ? 'invitee.rulesTitle' : 'invitee.title') : 'invite.notFound'),
    description: base.t('campaigns', 'invitee.metaDescription'),
    canonical: base.canonical + (page ? `?activityId=${page.id}` : ''),
    noindex: !page,
  };
  return data({ i18n: base.i18n, page, newcomer, inviter, look, rules, head }, { status: page ? 200 : 404 });
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function Invitee({ loaderData }: Route.ComponentProps) {
  const { page, newcomer, inviter, look, rules } = loaderData;
  const { t } = useTranslation('campaigns');
  if (!page) return <StateView icon={<PeopleIcon />} title={t('invite.notFound')} />;
  return rules ? (
    <FriendRules page={page} newcomer={newcomer} />
  ) : (
    <Welcome page={page} newcomer={newcomer} inviter={inviter} look={look} />
  );
}

function FriendRules({ page, newcomer }: { page: InviteCampaign; newcomer: NewcomerOffer | null }) {
  const { t } = useTranslation('campaigns');
  return (
    <article className="invite invite-look-politely">
      <InviteHero page={page} look="politely" title={t('invitee.rulesTitle')} />
      <section className="card raffle-rules">
        <h2>{t('invitee.whoTitle')}</h2>
        <ul>
          <li>{t('invitee.who1')}</li>
          <li>{t('invitee.who2')}</li>
          <li>{t('invitee.who3')}</li>
          <li>{t('invitee.who4', { level: page.releaseLevel })}</li>
        </ul>
        {newcomer ? (
          <>
            <h2>{newcomer.title}</h2>
            <p className="pre-line">{newcomer.rules}</p>
            <p className="muted small">{t('newcomer.who', { days: newcomer.newcomerDays })}</p>
          </>
        ) : null}
        <Link className="btn btn-block" to={LOOKS.politely.invitee(page.id)}>
          {t('invitee.back')}
        </Link>
      </section>
    </article>
  );
}
