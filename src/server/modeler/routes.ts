import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as contract from '../../shared/api/modeler';
import { REQUEST_BODY_LIMIT } from '../../shared/modeler-rules';
import { requireUser } from '../accounts/auth';
import { areaGuard } from '../console/access';
import { auditOf } from '../console/audit';
import { endpoint } from '../http/envelope';

/**
 * The modeler programme's API: public lists, members' requests and votes, and the admins' contest
 * set-up under `/api/cxy/admin/v2/modeler/` (global `admin` role).
 */
export function registerModelerRoutes(app: FastifyInstance) {
  const { accounts, modeler, pageCache } = app.services;
  // Every write empties the page cache, so the next visitor sees the new request or count.
  const written = async <T>(result: Promise<T>) => {
    const r = await result;
    pageCache.clear();
    return r;
  };
  const caller = async (request: FastifyRequest) => (await accounts.authenticate(request.ctx))?.userId ?? null;

  endpoint(app, contract.requests, (input) => modeler.requests(input));
  endpoint(app, contract.request, async (input, request) => modeler.request(input.id, await caller(request)));
  endpoint(app, contract.post, async (input, request) => written(modeler.post((await requireUser(accounts, request)).userId, input)), {
    rateLimit: { max: 10, timeWindow: '1 minute' },
    bodyLimit: REQUEST_BODY_LIMIT,
  });
  endpoint(app, contract.close, async (input, request) => written(modeler.close((await requireUser(accounts, request)).userId, input.id)));
  endpoint(app, contract.contest, (input) => modeler.contest(input.contestId));
  endpoint(app, contract.myVotes, async (input, request) =>
    modeler.myVotes((await requireUser(accounts, request)).userId, input.contestId),
  );
  endpoint(app, contract.vote, async (input, request) =>
    written(modeler.vote((await requireUser(accounts, request)).userId, input.entryId)),
  );
  endpoint(app, contract.unvote, async (input, request) =>
    written(modeler.unvote((await requireUser(accounts, request)).userId, input.entryId)),
  );

  app.register(async (admin) => {
    admin.addHook('onRequest', areaGuard(accounts, 'programmes'));
    endpoint(admin, contract.adminCreateContest, (input, request) =>
      written(modeler.createContest(input, auditOf(request, 'contest.create', 'contest'))),
    );
    endpoint(admin, contract.adminAddEntry, (input, request) =>
      written(modeler.addEntry(input, auditOf(request, 'contest.addEntry', 'contest'))),
    );
  });
}
