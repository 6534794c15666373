import type { FastifyInstance } from 'fastify';
import * as contract from '../../shared/api/lottery-claims';
import { requireMay, staffGuard } from '../console/access';
import { auditOf } from '../console/audit';
import { endpoint, parseInput } from '../http/envelope';
import { campaignOfWin, listWinners, markShipped, undoShipment } from './claims';
import { sendShippingCsv } from './shipping-export';

/**
 * The console's winners and claims (`/api/rest/lottery/admin/winners…`): staff of the campaign
 * (`activity:<id>`) or admins; the campaign of a win is looked up before its scope is checked.
 */
export function registerClaimsRoutes(app: FastifyInstance) {
  const { db } = app;
  const { accounts } = app.services;
  const campaign = (id: number) => ({ type: 'campaign' as const, id });

  app.register(async (admin) => {
    admin.addHook('onRequest', staffGuard(accounts));

    endpoint(admin, contract.winners, async (input, request) => {
      await requireMay(accounts, request, 'view', campaign(input.campaignId));
      return listWinners(db, input, request.ctx.locale);
    });

    // CSV rather than the envelope: a download of any size, streamed page by page.
    admin.route({
      method: contract.shippingExport.method,
      url: contract.shippingExport.path,
      config: { csrf: true },
      handler: async (request, reply) => {
        const input = parseInput(contract.shippingExport.input, request.query);
        await requireMay(accounts, request, 'view', campaign(input.campaignId));
        return sendShippingCsv(reply, db, input, request.ctx.locale);
      },
    });

    endpoint(admin, contract.ship, async (input, request) => {
      const user = await requireMay(accounts, request, 'change', campaign(await campaignOfWin(db, input.winId)));
      return markShipped(db, { ...input, actorId: user.userId }, request.ctx.locale, auditOf(request, 'claim.ship', 'win'));
    });

    endpoint(admin, contract.unship, async (input, request) => {
      const user = await requireMay(accounts, request, 'change', campaign(await campaignOfWin(db, input.winId)));
      return undoShipment(db, { winId: input.winId, actorId: user.userId }, request.ctx.locale, auditOf(request, 'claim.unship', 'win'));
    });
  });
}
