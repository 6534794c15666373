import type { FastifyInstance } from 'fastify';
import * as contract from '../../shared/api/moderation';
import { requireUser } from '../accounts/auth';
import { areaGuard, requireMay } from '../console/access';
import { auditOf } from '../console/audit';
import { endpoint } from '../http/envelope';
import { dismissReports, hideItem, moderationQueue, reportItem, restoreItem } from './moderation';

/**
 * Reports (signed-in visitors) and the moderation queue (staff with the `content` scope). A hide
 * or restore empties the page cache, so the next visitor's page is rendered without (or with) it.
 */
export function registerModerationRoutes(app: FastifyInstance) {
  const { db } = app;
  const { accounts, pageCache } = app.services;

  endpoint(
    app,
    contract.report,
    async (input, request) => reportItem(db, { ...input, reporterId: (await requireUser(accounts, request)).userId }),
    { rateLimit: { max: 20, timeWindow: '1 minute' } },
  );

  app.register(async (staff) => {
    staff.addHook('onRequest', areaGuard(accounts, 'content'));
    const content = { type: 'area', area: 'content' } as const;
    endpoint(staff, contract.queue, (input) => moderationQueue(db, input));
    endpoint(staff, contract.hide, async (input, request) => {
      const user = await requireMay(accounts, request, 'change', content);
      const done = await hideItem(db, { ...input, actorId: user.userId }, auditOf(request, 'content.hide', input.itemType));
      pageCache.clear();
      return done;
    });
    endpoint(staff, contract.restore, async (input, request) => {
      const user = await requireMay(accounts, request, 'change', content);
      const done = await restoreItem(db, { ...input, actorId: user.userId }, auditOf(request, 'content.restore', input.itemType));
      pageCache.clear();
      return done;
    });
    endpoint(staff, contract.dismiss, async (input, request) => {
      const user = await requireMay(accounts, request, 'change', content);
      return dismissReports(db, { ...input, actorId: user.userId }, auditOf(request, 'content.dismiss', input.itemType));
    });
  });
}
