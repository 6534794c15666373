import type { FastifyInstance } from 'fastify';
import * as contract from '../../shared/api/checkin';
import { ResultCode } from '../../shared/errors';
import { requireUser } from '../accounts/auth';
import { assertAppVersion } from '../campaigns/app-version';
import { campaignOr404, loadCampaign } from '../campaigns/campaign';
import { AppError } from '../http/app-error';
import { endpoint } from '../http/envelope';
import { checkIn, checkinStatus, joinActivity } from './service';

/** Daily check-in and `allActivity/join`, for signed-in members. */
export function registerCheckinRoutes(app: FastifyInstance) {
  const { db } = app;
  const { accounts } = app.services;
  const user = async (request: Parameters<typeof requireUser>[1]) => (await requireUser(accounts, request)).userId;

  endpoint(app, contract.status, async (q, request) =>
    checkinStatus(db, await campaignOr404(db, q.activityId, 'checkin'), await user(request), q.timeZone, q.month),
  );

  endpoint(
    app,
    contract.checkIn,
    async (input, request) =>
      checkIn(
        db,
        await campaignOr404(db, input.activityId, 'checkin'),
        await user(request),
        input.timeZone,
        Date.now(),
        request.ctx.requestId,
      ),
    { rateLimit: { max: 30, timeWindow: '1 minute' } },
  );

  endpoint(
    app,
    contract.join,
    async (input, request) => {
      const userId = await user(request);
      const c = await loadCampaign(db, input.activityId);
      if (!c) throw new AppError(ResultCode.notFound);
      assertAppVersion(c, request.headers['user-agent']);
      return joinActivity(db, c, userId, input.activityType);
    },
    { rateLimit: { max: 30, timeWindow: '1 minute' } },
  );
}
