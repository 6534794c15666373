import { lazy, Suspense } from 'react';
import { data, Link } from 'react-router';
import type { InviteCampaign } from '../../../shared/api/invite';
import { publicPageHeaders } from '../../cache-headers';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import { headTags } from '../../seo';
import { PeopleIcon } from '../../ui/icons';
import { LocalTime } from '../../ui/local-time';
import { StateView } from '../../ui/state-view';
import { RaffleShare } from '../lottery/raffle-islands';
import { queryId } from '../lottery/raffle-paths';
import { StateBadge } from '../lottery/state-badge';
import type { Route } from './+types/invite-friends';

const Referrer = lazy(() => import('./referrer'));

/** The page a campaign's invite link opens, with the friend's referrer in `inviter`. */
export const invitePage = (id: string, inviter?: string) =>
  `/invite-friends?${new URLSearchParams({ activityId: id, ...(inviter ? { inviter } : {}) })}`;

/**
 * Invite friends (`/invite-friends`, `/invite-friends2`; without `activityId` the campaign running
 * now): what a friend earns the referrer and when (spec §4), the invite link, and for the signed-in
 * referrer their coins by state and their friends. A friend who opens the link and signs in with a
 * new account is bound to the referrer.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['campaigns', 'lottery', 'enums']);
  const page = await context.services.lottery.invitePage(queryId(base.url.searchParams, 'activityId'), base.locale);
  const rules = base.url.pathname.startsWith('/invite-rules');
  const head = page
    ? {
        title: page.title,
        description: base.t('campaigns', 'invite.metaDescription'),
        canonical: `${base.canonical}?activityId=${page.id}`,
      }
    : {
        title: base.t('campaigns', 'invite.notFound'),
        description: base.t('campaigns', 'invite.metaDescription'),
        canonical: base.canonical,
        noindex: true,
      };
  return data({ i18n: base.i18n, page, rules, head }, { status: page ? 200 : 404 });
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function InviteFriends({ loaderData }: Route.ComponentProps) {
  const { page, rules } = loaderData;
  const { t } = useTranslation('campaigns');
  if (!page) return <StateView icon={<PeopleIcon />} title={t('invite.notFound')} />;
  return rules ? <Rules page={page} /> : <Invite page={page} />;
}

function Hero({ page, title }: { page: InviteCampaign; title: string }) {
  return (
    <header className="raffle-hero checkin-hero">
      <StateBadge info={page} />
      <h1>{title}</h1>
      <p className="raffle-period">
        <LocalTime at={page.startsAt} style="date" /> – <LocalTime at={page.endsAt} style="date" />
      </p>
    </header>
  );
}

function Invite({ page }: { page: InviteCampaign }) {
  const { t } = useTranslation('campaigns');
  return (
    <article className="invite">
      <Hero page={page} title={page.title} />
      <section className="card" aria-labelledby="invite-how">
        <h2 id="invite-how">{t('invite.howTitle')}</h2>
        <ol className="gift-steps">
          <li>{t('invite.how1')}</li>
          <li>{t('invite.how2', { coins: page.inviteCoins, level: page.releaseLevel })}</li>
          <li>{t('invite.how3')}</li>
        </ol>
        <nav className="raffle-links invite-links" aria-label={t('invite.title')}>
          <Link className="btn btn-secondary" to={`/invite-rules?activityId=${page.id}`}>
            {t('invite.rules')}
          </Link>
          <RaffleShare info={{ id: page.id, title: page.title, segments: [] }} page={invitePage} />
        </nav>
      </section>
      <Suspense fallback={<section className="card" />}>
        <Referrer page={page} />
      </Suspense>
    </article>
  );
}

function Rules({ page }: { page: InviteCampaign }) {
  const { t } = useTranslation('campaigns');
  return (
    <article className="invite">
      <Hero page={page} title={t('invite.rulesTitle')} />
      <section className="card raffle-rules">
        <p className="pre-line">{page.rules}</p>
        <h2>{t('invite.statesTitle')}</h2>
        <dl className="invite-states">
          {(['pending', 'released', 'received', 'expired'] as const).map((s) => (
            <div key={s}>
              <dt>{t(`invite.state.${s}`)}</dt>
              <dd>{t(`invite.explain.${s}`, { level: page.releaseLevel })}</dd>
            </div>
          ))}
        </dl>
        <Link className="btn btn-block" to={invitePage(page.id)}>
          {t('invite.back')}
        </Link>
      </section>
    </article>
  );
}
