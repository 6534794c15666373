import type { FastifyInstance } from 'fastify';
import * as contract from '../../shared/api/console';
import { sendCsv } from '../http/csv';
import { endpoint, parseInput } from '../http/envelope';
import { areaGuard } from './access';
import { eachAudit, listAudit } from './audit';
import { registerPeopleRoutes } from './people-routes';

const COLUMNS = ['id', 'at', 'actor_id', 'actor', 'action', 'item_type', 'item_id', 'before', 'after', 'request_id'] as const;

/** The console's own API: the audit log, read and exported by admins. */
export function registerConsoleRoutes(app: FastifyInstance) {
  const { db } = app;
  const { accounts } = app.services;
  app.register(async (staff) => {
    staff.addHook('onRequest', areaGuard(accounts, 'analytics'));
    endpoint(staff, contract.dashboard, () => app.services.console.dashboard());
  });

  registerPeopleRoutes(app);
  app.register(async (admin) => {
    admin.addHook('onRequest', areaGuard(accounts, 'audit'));
    endpoint(admin, contract.audit, (input) => listAudit(db.kysely, { ...input, beforeId: input.before }));
    // No body to read on this GET: like endpoint()'s bodyless routes, nothing is decompressed.
    admin.route({
      method: 'GET',
      url: contract.auditExport.path,
      decompress: false,
      handler: async (request, reply) => {
        const filter = parseInput(contract.auditExport.input, request.query);
        async function* rows() {
          for await (const r of eachAudit(db.kysely, filter))
            yield [
              r.id,
              new Date(r.at).toISOString(),
              r.actorId,
              r.actorName,
              r.action,
              r.itemType,
              r.itemId,
              r.before === null ? null : JSON.stringify(r.before),
              r.after === null ? null : JSON.stringify(r.after),
              r.requestId,
            ];
        }
        return sendCsv(reply, `audit-${new Date().toISOString().slice(0, 10)}.csv`, COLUMNS, rows());
      },
    });
  });
}
