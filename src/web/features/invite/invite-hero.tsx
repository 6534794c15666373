import type { CampaignHead } from '../../../shared/api/lottery';
import { LocalTime } from '../../ui/local-time';
import { StateBadge } from '../lottery/state-badge';
import type { InviteLook } from './looks';

/** The referral pages' header in the look's colours: state, title and the campaign's dates. */
export function InviteHero({ page, look, title, lead }: { page: CampaignHead; look: InviteLook; title: string; lead?: string }) {
  return (
    <header className={`raffle-hero invite-hero invite-hero-${look}`}>
      <StateBadge info={page} />
      <h1>{title}</h1>
      {lead ? <p className="gift-lead">{lead}</p> : null}
      <p className="raffle-period">
        <LocalTime at={page.startsAt} style="date" /> – <LocalTime at={page.endsAt} style="date" />
      </p>
    </header>
  );
}
