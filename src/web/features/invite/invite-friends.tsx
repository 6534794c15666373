import { lazy, Suspense } from 'react';
import { data, Link } from 'react-router';
import type { InviteCampaign } from '../../../shared/api/invite';
import { publicPageHeaders } from '../../cache-headers';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import { headTags } from '../../seo';
import { PeopleIcon } from '../../ui/icons';
import { StateView } from '../../ui/state-view';
import { RaffleShare } from '../lottery/raffle-islands';
import { queryId } from '../lottery/raffle-paths';
import type { Route } from './+types/invite-friends';
import { InviteHero } from './invite-hero';
import { type InviteLook, LOOKS, lookOf } from './looks';
import { TierLadder } from './tier-ladder';
import { UpdateBanner } from './update-banner';
import { Welcome, welcomeData } from './welcome';
import './invite.css';

const Referrer = lazy(() => import('./referrer'));

/** The page a campaign's invite link opens, with the friend's referrer in `inviter`. */
export const invitePage = (id: string, inviter?: string) => LOOKS.friends.invitee(id, inviter);

/** The campaign's id: the path's `:id` (`/invite-politely/:id`) or `activityId`; null: the one running now. */
export function inviteCampaignId(url: URL, params: { id?: string }): number | null {
  if (params.id !== undefined) return /^[1-9]\d{0,14}$/.test(params.id) ? Number(params.id) : -1;
  return queryId(url.searchParams, 'activityId');
}

/**
 * Invite friends, in each look (`/invite-friends`, `/invite-friends2`, `/invite-politely/:id`,
 * `/dragon-activities`; without an id the campaign running now) and its rules (`/invite-rules`,
 * `/invite-rules2`, `/invite-politely/rules/1`, `/dragon-rules`): what a friend earns the
 * referrer and when, the reward tiers, the invite link, and for the signed-in referrer
 * their coins, tiers and friends. A friend who opens the link and signs in with a new account is
 * bound to the referrer.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['campaigns', 'lottery', 'enums']);
  const look = lookOf(base.url.pathname);
  const id = inviteCampaignId(base.url, params);
  const page = id === -1 ? null : await context.services.lottery.invitePage(id, base.locale);
  const rules = /\/(invite-rules|dragon-rules|invite-politely\/rules)/.test(base.url.pathname);
  const head = page
    ? {
        title: page.title,
        description: base.t('campaigns', 'invite.metaDescription'),
        canonical: base.origin + (rules ? LOOKS[look].rules(page.id) : LOOKS[look].page(page.id)),
      }
    : {
        title: base.t('campaigns', 'invite.notFound'),
        description: base.t('campaigns', 'invite.metaDescription'),
        canonical: base.canonical,
        noindex: true,
      };
  // Opened through a friend's invite link: the invited friend's welcome, not the referrer's page.
  const welcome = page && !rules && base.url.searchParams.has('inviter') ? await welcomeData(context, base) : null;
  return data({ i18n: base.i18n, page, rules, look, welcome, head }, { status: page ? 200 : 404 });
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function InviteFriends({ loaderData }: Route.ComponentProps) {
  const { page, rules, look, welcome } = loaderData;
  const { t } = useTranslation('campaigns');
  if (!page) return <StateView icon={<PeopleIcon />} title={t('invite.notFound')} />;
  if (welcome) return <Welcome page={page} newcomer={welcome.newcomer} inviter={welcome.inviter} look={look} />;
  return rules ? <Rules page={page} look={look} /> : <Invite page={page} look={look} />;
}

function Invite({ page, look }: { page: InviteCampaign; look: InviteLook }) {
  const { t } = useTranslation('campaigns');
  const paths = LOOKS[look];
  return (
    <article className={`invite invite-look-${look}`}>
      <InviteHero page={page} look={look} title={page.title} />
      <UpdateBanner minAppVersion={page.minAppVersion} />
      <section className="card" aria-labelledby="invite-how">
        <h2 id="invite-how">{t('invite.howTitle')}</h2>
        <ol className="gift-steps">
          <li>{t('invite.how1')}</li>
          <li>{t('invite.how2', { coins: page.inviteCoins, level: page.releaseLevel })}</li>
          <li>{t('invite.how3')}</li>
          {page.tiers.length > 0 ? <li>{t('tiers.how')}</li> : null}
        </ol>
        <nav className="raffle-links invite-links" aria-label={t('invite.title')}>
          <Link className="btn btn-secondary" to={paths.rules(page.id)}>
            {t('invite.rules')}
          </Link>
          <RaffleShare
            info={{ id: page.id, title: page.title, segments: [] }}
            page={(id, inviter) => (inviter ? paths.invitee(id, inviter) : paths.page(id))}
            invite={{ text: t('invite.shareText', { coins: page.inviteCoins, level: page.releaseLevel }), record: paths.record(page.id) }}
          />
        </nav>
      </section>
      <Suspense fallback={<TierLadder tiers={page.tiers} />}>
        <Referrer page={page} />
      </Suspense>
      <Link className="btn btn-secondary btn-block" to={paths.record(page.id)}>
        {t('invite.listTitle')}
      </Link>
    </article>
  );
}

function Rules({ page, look }: { page: InviteCampaign; look: InviteLook }) {
  const { t } = useTranslation('campaigns');
  return (
    <article className={`invite invite-look-${look}`}>
      <InviteHero page={page} look={look} title={t('invite.rulesTitle')} />
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
        {page.tiers.length > 0 ? (
          <>
            <h2>{t('tiers.title')}</h2>
            <p>{t('tiers.rule')}</p>
          </>
        ) : null}
        {page.minAppVersion ? <p className="muted small">{t('invite.appVersion', { version: page.minAppVersion })}</p> : null}
        <Link className="btn btn-block" to={LOOKS[look].page(page.id)}>
          {t('invite.back')}
        </Link>
      </section>
      <TierLadder tiers={page.tiers} />
    </article>
  );
}
