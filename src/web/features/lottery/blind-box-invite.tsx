import { Link } from 'react-router';
import { publicPageHeaders } from '../../cache-headers';
import { useTranslation } from '../../i18n/react';
import { headTags } from '../../seo';
import type { Route } from './+types/blind-box-invite';
import { CampaignNotFound } from './activitys';
import { Invites } from './invitation-record';
import { NoneRunning } from './none-running';
import { RaffleShare } from './raffle-islands';
import { drawCampaignLoader } from './raffle-loader';
import { StateBadge } from './state-badge';

/**
 * More blind boxes for inviting friends (`/blind-box-invite?activeId=…`): the visitor's invite
 * link (each new friend who joins through it gives the campaign's invite draws) and the friends
 * who joined. The link opens the blind box itself (a friend who signs in there is bound by it),
 * not the wheel.
 */
/** The blind box of a campaign; with `inviter`, the invite link a friend opens (stable: an island's effect depends on it). */
const blindBoxPage = (id: string, inviter?: string) =>
  `/blind-box?${new URLSearchParams({ activeId: id, ...(inviter ? { inviter } : {}) })}`;

export const loader = ({ request, context }: Route.LoaderArgs) => drawCampaignLoader(request, context, 'box');

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function BlindBoxInvite({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('lottery');
  const { page, none } = loaderData;
  if (!page) return none ? <NoneRunning state={none} /> : <CampaignNotFound />;
  const { info } = page;
  return (
    <article className="raffle">
      <header className="raffle-hero gift-hero">
        <StateBadge info={info} />
        <h1>{t('box.inviteTitle')}</h1>
        <p className="gift-lead">{info.title}</p>
      </header>
      <section className="card">
        <p>{t('box.inviteText')}</p>
        <nav className="raffle-links" aria-label={t('links.label')}>
          <Link className="btn btn-secondary" to={blindBoxPage(info.id)}>
            {t('box.back')}
          </Link>
          <RaffleShare info={info} page={blindBoxPage} />
        </nav>
      </section>
      <Invites activeId={info.id} />
    </article>
  );
}
