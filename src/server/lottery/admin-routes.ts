import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as contract from '../../shared/api/lottery-admin';
import { requireRole } from '../accounts/auth';
import { endpoint } from '../http/envelope';
import { createCampaign, getCampaign, updateCampaign } from './admin';

/**
 * The raffle admin API (`/api/rest/lottery/admin/campaign/…`): create a campaign with its prizes,
 * edit it, read its configuration. Global admins only, checked when the request arrives.
 */
export function registerLotteryAdminRoutes(app: FastifyInstance) {
  const { db, accounts } = app.services;

  app.register(async (admin) => {
    admin.addHook('onRequest', async (request: FastifyRequest) => {
      await requireRole(accounts, request, 'admin', '*');
    });

    endpoint(admin, contract.createCampaign, (input) => createCampaign(db, input, Date.now()));
    endpoint(admin, contract.updateCampaign, (input) => updateCampaign(db, input, Date.now()));
    endpoint(admin, contract.getCampaign, (input) => getCampaign(db, input.id));
  });
}
