import type { FastifyInstance } from 'fastify';
import * as contract from '../../shared/api/lottery-admin';
import { requireMay, staffGuard } from '../console/access';
import { auditOf } from '../console/audit';
import { endpoint } from '../http/envelope';
import { createCampaign, getCampaign, updateCampaign } from './admin';

/**
 * The raffle admin API (`/api/rest/lottery/admin/campaign/…`): create a campaign with its prizes,
 * edit it, read its configuration. Admins create; staff of a campaign (`activity:<id>`) read and
 * edit that campaign only. Every write is audited in its own transaction.
 */
export function registerLotteryAdminRoutes(app: FastifyInstance) {
  const { db, accounts } = app.services;

  app.register(async (admin) => {
    admin.addHook('onRequest', staffGuard(accounts));
    endpoint(admin, contract.createCampaign, async (input, request) => {
      await requireMay(accounts, request, 'change', { type: 'area', area: 'campaigns' });
      return createCampaign(db, input, Date.now(), auditOf(request, 'campaign.create', 'campaign'));
    });
    endpoint(admin, contract.updateCampaign, async (input, request) => {
      await requireMay(accounts, request, 'change', { type: 'campaign', id: input.id });
      return updateCampaign(db, input, Date.now(), auditOf(request, 'campaign.update', 'campaign'));
    });
    endpoint(admin, contract.getCampaign, async (input, request) => {
      await requireMay(accounts, request, 'view', { type: 'campaign', id: input.id });
      return getCampaign(db, input.id);
    });
  });
}
