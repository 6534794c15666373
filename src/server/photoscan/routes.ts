import type { FastifyInstance } from 'fastify';
import * as contract from '../../shared/api/photo-scan';
import { PHOTO_SCAN_PHOTO_PATH } from '../../shared/api/routes-programmes';
import { MAX_PHOTO_BYTES } from '../../shared/photo-rules';
import { requireUser } from '../accounts/auth';
import { endpoint, ok, parseInput } from '../http/envelope';
import { createPhotoScanService, pathNumber } from './service';

const jobId = (params: unknown) => pathNumber((params as { id?: unknown }).id);

/** Photo modelling scan jobs: signed-in members, each reading and writing only their own jobs. */
export function registerPhotoScanRoutes(app: FastifyInstance) {
  const { accounts, db, content } = app.services;
  const service = createPhotoScanService(db.kysely, content.storage);

  endpoint(app, contract.create, async (input, request) => service.create((await requireUser(accounts, request)).userId, input), {
    rateLimit: { max: 20, timeWindow: '1 minute' },
  });
  endpoint(app, contract.job, async (_input, request) => service.job((await requireUser(accounts, request)).userId, jobId(request.params)));
  endpoint(app, contract.submit, async (_input, request) =>
    service.submit((await requireUser(accounts, request)).userId, jobId(request.params)),
  );

  // The photo is the raw body whatever its Content-Type (the type is read from the bytes); one
  // byte over the limit is still read so the answer is the product's 3703, not a bare 413.
  app.register(async (upload) => {
    upload.removeAllContentTypeParsers();
    upload.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_PHOTO_BYTES + 1 }, (_request, body, done) => done(null, body));
    upload.route({
      method: 'PUT',
      url: PHOTO_SCAN_PHOTO_PATH,
      bodyLimit: MAX_PHOTO_BYTES + 1,
      config: { csrf: true },
      handler: async (request) => {
        const { userId } = await requireUser(accounts, request);
        const { band } = parseInput(contract.ZPhotoQuery, request.query);
        const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const params = request.params as { id?: unknown; index?: unknown };
        return ok(request, await service.putPhoto(userId, pathNumber(params.id), params.index, band, bytes));
      },
    });
  });
}
