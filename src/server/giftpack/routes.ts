import type { FastifyInstance } from 'fastify';
import * as codes from '../../shared/api/giftcode-admin';
import * as contract from '../../shared/api/giftpack';
import { requireUser } from '../accounts/auth';
import { campaignOr404 } from '../campaigns/campaign';
import { requireMay, staffGuard } from '../console/access';
import { auditOf } from '../console/audit';
import { endpoint } from '../http/envelope';
import { campaignOfCode, listCodes, voidCode } from './admin';
import { claimNewcomer, newcomerOffer } from './newcomer';
import { generateCodes, redeemGiftCode } from './service';

/** Gift codes: redeeming (signed-in users; wrong entries limited per user and per address); batches, the list and voiding (the campaign's staff). */
export function registerGiftpackRoutes(app: FastifyInstance) {
  const { db } = app;
  const { accounts } = app.services;

  endpoint(
    app,
    contract.redeem,
    async (input, request) =>
      redeemGiftCode(db, (await requireUser(accounts, request)).userId, input.code, request.ctx.locale, Date.now(), request.ctx.requestId),
    { rateLimit: { max: 20, timeWindow: '1 minute' } },
  );

  endpoint(app, contract.newcomer, async (q, request) => {
    const user = await accounts.authenticate(request.ctx).catch(() => null);
    return newcomerOffer(db, await campaignOr404(db, q.activityId, 'newcomer'), user?.userId ?? null, request.ctx.locale);
  });

  endpoint(
    app,
    contract.claimNewcomer,
    async (input, request) => {
      const userId = (await requireUser(accounts, request)).userId;
      return claimNewcomer(db, await campaignOr404(db, input.activityId, 'newcomer'), userId, request.ctx.locale);
    },
    { rateLimit: { max: 20, timeWindow: '1 minute' } },
  );

  app.register(async (admin) => {
    admin.addHook('onRequest', staffGuard(accounts));
    endpoint(admin, contract.generate, async (input, request) => {
      await requireMay(accounts, request, 'change', { type: 'campaign', id: input.campaignId });
      return generateCodes(db, input, Date.now(), auditOf(request, 'giftcode.generate', 'campaign'));
    });
    endpoint(admin, codes.codes, async (input, request) => {
      await requireMay(accounts, request, 'view', { type: 'campaign', id: input.campaignId });
      return listCodes(db, input, request.ctx.locale);
    });
    endpoint(admin, codes.voidCode, async (input, request) => {
      const user = await requireMay(accounts, request, 'change', { type: 'campaign', id: await campaignOfCode(db, input.codeId) });
      return voidCode(
        db,
        { codeId: input.codeId, actorId: user.userId },
        request.ctx.locale,
        auditOf(request, 'giftcode.void', 'giftcode'),
      );
    });
  });
}
