import type { FastifyInstance } from 'fastify';
import * as contract from '../../shared/api/venues';
import { may } from '../../shared/console-access';
import { requireRole } from '../accounts/auth';
import { areaGuard, requireMay } from '../console/access';
import { auditOf } from '../console/audit';
import { endpoint } from '../http/envelope';

/**
 * The venues API: admin set-up under `/api/cxy/admin/v2/venues/` (global admins only, checked
 * when the request arrives), and the staff's figures of their own venue.
 */
export function registerVenueRoutes(app: FastifyInstance) {
  const { accounts, venues } = app.services;

  app.register(async (admin) => {
    // Admins set venues up; venue staff may read their own venue's set-up.
    admin.addHook('onRequest', areaGuard(accounts, 'venues'));
    endpoint(admin, contract.createVenue, (input, request) => venues.create(input, auditOf(request, 'venue.create', 'venue')));
    endpoint(admin, contract.updateVenue, async (input, request) => {
      await requireMay(accounts, request, 'change', { type: 'venue', slug: input.slug });
      return venues.update(input, auditOf(request, 'venue.update', 'venue'));
    });
    endpoint(admin, contract.getVenue, async (input, request) => {
      await requireMay(accounts, request, 'view', { type: 'venue', slug: input.slug });
      return venues.get(input.slug);
    });
    endpoint(admin, contract.listVenues, async (_input, request) => {
      const { grants } = await requireMay(accounts, request, 'view', { type: 'area', area: 'venues' });
      return (await venues.list()).filter((v) => may(grants, 'view', { type: 'venue', slug: v.slug }));
    });
  });

  endpoint(app, contract.today, async (q, request) => {
    await requireRole(accounts, request, 'staff', `venue:${q.slug}`);
    return venues.today(q.slug);
  });
}
