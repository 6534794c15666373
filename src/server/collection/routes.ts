import type { FastifyInstance } from 'fastify';
import * as contract from '../../shared/api/collection';
import { requireUser } from '../accounts/auth';
import { campaignOr404 } from '../campaigns/campaign';
import { endpoint } from '../http/envelope';
import { collectionView, exchangeSet } from './service';

/** Collection campaigns: the member's cards and the exchange of a complete set. */
export function registerCollectionRoutes(app: FastifyInstance) {
  const { db } = app;
  const { accounts } = app.services;
  const user = async (request: Parameters<typeof requireUser>[1]) => (await requireUser(accounts, request)).userId;

  endpoint(app, contract.status, async (q, request) =>
    collectionView(db, await campaignOr404(db, q.activityId, 'collection'), await user(request), request.ctx.locale),
  );

  endpoint(
    app,
    contract.exchange,
    async (input, request) =>
      exchangeSet(db, await campaignOr404(db, input.activityId, 'collection'), await user(request), request.ctx.locale),
    { rateLimit: { max: 30, timeWindow: '1 minute' } },
  );
}
