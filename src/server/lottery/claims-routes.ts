import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as contract from '../../shared/api/lottery-claims';
import { requireRole } from '../accounts/auth';
import { endpoint, parseInput } from '../http/envelope';
import { campaignOfWin, listWinners, markShipped, undoShipment } from './claims';
import { shippingCsv } from './shipping-export';

/**
 * The console's winners and claims (`/api/rest/lottery/admin/winners…`): staff of the campaign
 * (`activity:<id>`) or admins; the campaign of a win is looked up before its scope is checked.
 */
export function registerClaimsRoutes(app: FastifyInstance) {
  const { db, accounts } = app.services;
  const staffOf = (request: FastifyRequest, campaignId: number) => requireRole(accounts, request, 'staff', `activity:${campaignId}`);

  endpoint(app, contract.winners, async (input, request) => {
    await staffOf(request, input.campaignId);
    return listWinners(db, input, request.ctx.locale);
  });

  // CSV rather than the envelope: a download of any size, streamed page by page.
  app.route({
    method: contract.shippingExport.method,
    url: contract.shippingExport.path,
    config: { csrf: true },
    handler: async (request, reply) => {
      const input = parseInput(contract.shippingExport.input, request.query);
      await staffOf(request, input.campaignId);
      const name = `shipping-${input.campaignId}-${input.state}-${new Date().toISOString().slice(0, 10)}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(shippingCsv(db, input, request.ctx.locale));
    },
  });

  endpoint(app, contract.ship, async (input, request) => {
    const user = await staffOf(request, await campaignOfWin(db, input.winId));
    return markShipped(db, { ...input, actorId: user.userId }, request.ctx.locale, async () => {});
  });

  endpoint(app, contract.unship, async (input, request) => {
    const user = await staffOf(request, await campaignOfWin(db, input.winId));
    return undoShipment(db, { winId: input.winId, actorId: user.userId }, request.ctx.locale, async () => {});
  });
}
