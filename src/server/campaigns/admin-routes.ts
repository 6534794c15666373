import type { FastifyInstance } from 'fastify';
import * as contract from '../../shared/api/lottery-admin';
import { campaignScope } from '../../shared/console-access';
import { requireMay, staffGuard } from '../console/access';
import { auditOf } from '../console/audit';
import { endpoint } from '../http/envelope';
import { createCampaign, getCampaign, updateCampaign } from './admin';
import { changeState, listCampaigns, restock } from './admin-actions';

/**
 * The raffle admin API (`/api/rest/lottery/admin/campaign/…`): create a campaign with its prizes,
 * edit it, read its configuration. Admins create; staff of a campaign (`activity:<id>`) read and
 * edit that campaign only. Every write is audited in its own transaction.
 */
export function registerLotteryAdminRoutes(app: FastifyInstance) {
  const { db } = app;
  const { accounts, pageCache } = app.services;
  // Campaign pages are cached for a few seconds: a change shows at once on this instance.
  const changed = <T>(result: T): T => {
    pageCache.clear();
    return result;
  };

  app.register(async (admin) => {
    admin.addHook('onRequest', staffGuard(accounts));
    endpoint(admin, contract.createCampaign, async (input, request) => {
      await requireMay(accounts, request, 'change', { type: 'area', area: 'campaigns' });
      return changed(await createCampaign(db, input, Date.now(), auditOf(request, 'campaign.create', 'campaign')));
    });
    endpoint(admin, contract.updateCampaign, async (input, request) => {
      await requireMay(accounts, request, 'change', { type: 'campaign', id: input.id });
      return changed(await updateCampaign(db, input, Date.now(), auditOf(request, 'campaign.update', 'campaign')));
    });
    endpoint(admin, contract.listCampaigns, async (input, request) => {
      const { grants } = await requireMay(accounts, request, 'view', { type: 'area', area: 'campaigns' });
      return listCampaigns(db, { ...input, ids: campaignScope(grants) }, Date.now());
    });
    endpoint(admin, contract.campaignState, async (input, request) => {
      await requireMay(accounts, request, 'change', { type: 'campaign', id: input.id });
      return changed(await changeState(db, input.id, input.action, Date.now(), auditOf(request, `campaign.${input.action}`, 'campaign')));
    });
    endpoint(admin, contract.restockPrize, async (input, request) => {
      await requireMay(accounts, request, 'change', { type: 'campaign', id: input.id });
      return changed(await restock(db, input.id, input.prizeId, input.add, Date.now(), auditOf(request, 'campaign.restock', 'campaign')));
    });
    endpoint(admin, contract.getCampaign, async (input, request) => {
      await requireMay(accounts, request, 'view', { type: 'campaign', id: input.id });
      return getCampaign(db, input.id);
    });
  });
}
