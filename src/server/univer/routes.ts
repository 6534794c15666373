import type { FastifyInstance } from 'fastify';
import { UNIVER_EXPORT_PATH } from '../../shared/api/routes-programmes';
import * as contract from '../../shared/api/univer';
import { requireRole, requireUser } from '../accounts/auth';
import { endpoint } from '../http/envelope';
import { myRegistration, register, registrationsCsv } from './service';

/** University programme registration (signed-in students) and the staff export. */
export function registerUniverRoutes(app: FastifyInstance) {
  const { db } = app;
  const { accounts } = app.services;
  const k = db.kysely;

  endpoint(app, contract.register, async (input, request) => register(k, (await requireUser(accounts, request)).userId, input), {
    rateLimit: { max: 20, timeWindow: '1 minute' },
  });

  endpoint(app, contract.mine, async (_input, request) => myRegistration(k, (await requireUser(accounts, request)).userId));

  // Staff of the programme (role staff, scope programme:univer) or admins; a file, not the envelope.
  app.get(UNIVER_EXPORT_PATH, async (request, reply) => {
    await requireRole(accounts, request, 'staff', 'programme:univer');
    const csv = await registrationsCsv(k);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="univer-registrations-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });
}
