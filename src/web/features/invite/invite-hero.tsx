import type { CampaignHead } from '../../../shared/api/lottery';
import { CampaignHero } from '../lottery/campaign-frame';
import type { InviteLook } from './looks';

/** The referral pages' header in the look's colours: state, title and the campaign's dates. */
export function InviteHero({ page, look, title, lead }: { page: CampaignHead; look: InviteLook; title: string; lead?: string }) {
  return <CampaignHero page={page} className={`invite-hero invite-hero-${look}`} title={title} lead={lead} />;
}
