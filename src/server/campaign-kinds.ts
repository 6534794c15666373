import { installCampaignKinds } from './campaigns/kinds';
import { type CampaignPages, createCampaignPages } from './campaigns/pages';
import { checkinKind } from './checkin/kind';
import { collectionKind } from './collection/kind';
import type { Db } from './db/database';
import { giftcodeKind, newcomerKind } from './giftpack/kind';
import { inviteKind } from './invite/kind';
import { raffleKind } from './lottery/kind';

/**
 * The campaign kinds in use: the one list a new kind joins (docs/campaign-kinds.md). The core
 * (`campaigns/`) knows none of them; this composition installs their hooks and merges their
 * pages with the core's.
 */
export function createCampaigns(db: Db): CampaignPages {
  installCampaignKinds([raffleKind, checkinKind, giftcodeKind, newcomerKind, inviteKind, collectionKind]);
  return createCampaignPages(db, {
    ...raffleKind.pages(db),
    ...checkinKind.pages(db),
    ...giftcodeKind.pages(db),
    ...newcomerKind.pages(db),
    ...inviteKind.pages(db),
    ...collectionKind.pages(db),
  });
}
