import type { FastifyInstance } from 'fastify';
import * as contract from '../../shared/api/venues';
import { isAdmin, may, VENUE_STAFF_FIELDS } from '../../shared/console-access';
import { ResultCode } from '../../shared/errors';
import { requireRole } from '../accounts/auth';
import { requireMay, staffGuard } from '../console/access';
import { auditOf } from '../console/audit';
import { AppError } from '../http/app-error';
import { endpoint } from '../http/envelope';

/**
 * The venues API: set-up under `/api/cxy/admin/v2/venues/` (admins create and change everything;
 * a venue's staff read their venue and change its texts), and the staff's figures of their venue.
 */
export function registerVenueRoutes(app: FastifyInstance) {
  const { accounts, venues, pageCache } = app.services;

  app.register(async (admin) => {
    // Which venue is asked for is in the input: staff get that far, the handler checks the venue.
    admin.addHook('onRequest', staffGuard(accounts));
    endpoint(admin, contract.createVenue, async (input, request) => {
      await requireMay(accounts, request, 'change', { type: 'area', area: 'venues' });
      return venues.create(input, auditOf(request, 'venue.create', 'venue'));
    });
    endpoint(admin, contract.updateVenue, async (input, request) => {
      const { grants } = await requireMay(accounts, request, 'change', { type: 'venue', slug: input.slug });
      const staffMay: readonly string[] = VENUE_STAFF_FIELDS;
      const beyond = Object.entries(input).some(([k, v]) => k !== 'slug' && v !== undefined && !staffMay.includes(k));
      if (beyond && !isAdmin(grants)) throw new AppError(ResultCode.forbiddenRole, { httpStatus: 403 });
      const updated = await venues.update(input, auditOf(request, 'venue.update', 'venue'));
      // The venue's pages are cached: the next visitor sees the new texts.
      pageCache.clear();
      return updated;
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
