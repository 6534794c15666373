import { lazy, Suspense } from 'react';
import { type AppLoadContext, Link } from 'react-router';
import type { NewcomerOffer } from '../../../shared/api/giftpack';
import type { InviteCampaign } from '../../../shared/api/invite';
import type { Locale } from '../../../shared/i18n';
import { useTranslation } from '../../i18n/react';
import { ButtonCardPlaceholder } from '../../ui/placeholders';
import { queryId } from '../lottery/raffle-paths';
import { InviteHero } from './invite-hero';
import { type InviteLook, LOOKS, POLITELY_INVITEE_RULES } from './looks';
import { UpdateBanner } from './update-banner';
import './invite.css';

const InviteeJoin = lazy(() => import('./invitee-join'));
const NewcomerPack = lazy(() => import('../giftpack/newcomer-pack'));

/** The friend who invited, as the welcome names them. */
export type Inviter = { nickname: string } | null;

/** What the welcome shows besides the campaign: the newcomer gifts running now and who invited. */
export async function welcomeData(
  context: Pick<AppLoadContext, 'services'>,
  base: { locale: Locale; url: URL },
): Promise<{ newcomer: NewcomerOffer | null; inviter: Inviter }> {
  const inviterId = queryId(base.url.searchParams, 'inviter');
  const [newcomer, profile] = await Promise.all([
    context.services.lottery.newcomerPage(base.locale),
    inviterId ? context.services.content.profile(inviterId) : null,
  ]);
  return { newcomer, inviter: profile ? { nickname: profile.nickname } : null };
}

/** The friend's rules page of a look: the second fixed-id rules page, or the look's own rules. */
const friendRules = (look: InviteLook, id: string) =>
  look === 'politely' ? `${POLITELY_INVITEE_RULES}?activityId=${id}` : LOOKS[look].rules(id);

/**
 * The invited friend's welcome: who invited them, accepting by signing in, what they get (the
 * newcomer gifts) and what to do next. Every look's friend page, and the friends look's own page
 * when it is opened through an invite link.
 */
export function Welcome(p: { page: InviteCampaign; newcomer: NewcomerOffer | null; inviter: Inviter; look: InviteLook }) {
  const { page, newcomer, inviter, look } = p;
  const { t } = useTranslation('campaigns');
  const title = inviter ? t('invitee.titleFrom', { name: inviter.nickname }) : t('invitee.title');
  return (
    <article className={`invite invite-look-${look}`}>
      <InviteHero page={page} look={look} title={title} lead={t('invitee.lead', { title: page.title })} />
      <UpdateBanner minAppVersion={page.minAppVersion} />
      <Suspense fallback={<ButtonCardPlaceholder label={t('invitee.accept')} />}>
        <InviteeJoin page={page} next={t(newcomer ? 'invitee.next' : 'invitee.nextNoPack')} />
      </Suspense>
      {newcomer ? (
        <Suspense fallback={<section className="card newcomer" />}>
          <NewcomerPack offer={newcomer} />
        </Suspense>
      ) : (
        <p className="card muted">{t('invitee.noPack')}</p>
      )}
      <nav className="raffle-links invite-links invitee-links" aria-label={t('invitee.title')}>
        <Link className="btn btn-secondary" to={friendRules(look, page.id)}>
          {t('invite.rules')}
        </Link>
        <Link className="btn" to={LOOKS[look].page(page.id)}>
          {t('invitee.inviteToo')}
        </Link>
      </nav>
    </article>
  );
}
