import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as contract from '../../shared/api/photo-scan';
import { PHOTO_SCAN_PHOTO_PATH } from '../../shared/api/routes-programmes';
import { MAX_PHOTO_BYTES } from '../../shared/photo-scan-rules';
import { requireUser } from '../accounts/auth';
import type { Config } from '../config';
import { endpoint, ok, parseInput } from '../http/envelope';
import { limitsOf } from './limits';
import { createPhotoScanService, pathNumber } from './service';

const jobId = (params: unknown) => pathNumber((params as { id?: unknown }).id);

/** Photo modelling scan jobs: signed-in members, each reading and writing only their own jobs. */
export function registerPhotoScanRoutes(app: FastifyInstance, config: Config) {
  const { db } = app;
  const { accounts, content } = app.services;
  const service = createPhotoScanService(db, content.storage, limitsOf(config));
  // Counted per member (a member's addresses change; one address may be many members' network),
  // before the body is read; callers without a session are counted by address.
  const perMember = (max: number) => ({
    max,
    timeWindow: '1 minute',
    keyGenerator: async (request: FastifyRequest) => {
      const user = await accounts.authenticate(request.ctx).catch(() => null);
      return user ? `member:${user.userId}` : request.ip;
    },
  });

  endpoint(app, contract.create, async (input, request) => service.create((await requireUser(accounts, request)).userId, input), {
    rateLimit: perMember(20),
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
      config: { csrf: true, rateLimit: perMember(config.PHOTO_SCAN_UPLOADS_PER_MINUTE) },
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
