import type { TCampaignListItem } from '../../shared/api/lottery-admin';
import { loadAdminCampaign } from '../campaigns/admin';
import { listCampaigns } from '../campaigns/admin-actions';
import type { Db } from '../db/database';
import { dashboard } from './dashboard';

/**
 * What the console's pages read on the server (their loaders, after checking the user's access
 * themselves); the same reads the admin APIs answer.
 */
export function createConsoleService(db: Db) {
  return {
    dashboard: (now = Date.now()) => dashboard(db.kysely, now),
    campaigns: (f: {
      kind?: TCampaignListItem['kind'] | undefined;
      state?: TCampaignListItem['state'] | undefined;
      ids: 'all' | number[];
    }) => listCampaigns(db, f, Date.now()),
    campaign: (id: number) => loadAdminCampaign(db.kysely, id),
  };
}
export type ConsoleService = ReturnType<typeof createConsoleService>;
