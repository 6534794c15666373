import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as contract from '../../shared/api/venues';
import { requireRole } from '../accounts/auth';
import { endpoint } from '../http/envelope';

/**
 * The venues API: admin set-up under `/api/cxy/admin/v2/venues/` (global admins only, checked
 * when the request arrives), and the staff's figures of their own venue.
 */
export function registerVenueRoutes(app: FastifyInstance) {
  const { accounts, venues } = app.services;

  app.register(async (admin) => {
    admin.addHook('onRequest', async (request: FastifyRequest) => {
      await requireRole(accounts, request, 'admin', '*');
    });
    endpoint(admin, contract.createVenue, (input) => venues.create(input));
    endpoint(admin, contract.updateVenue, (input) => venues.update(input));
    endpoint(admin, contract.getVenue, (input) => venues.get(input.slug));
    endpoint(admin, contract.listVenues, () => venues.list());
  });

  endpoint(app, contract.today, async (q, request) => {
    await requireRole(accounts, request, 'staff', `venue:${q.slug}`);
    return venues.today(q.slug);
  });
}
