import type { FastifyInstance } from 'fastify';
import * as contract from '../../shared/api/free-model';
import { FREE_MODEL_FILE_PATH } from '../../shared/api/routes-programmes';
import { ModelPrice } from '../../shared/enums';
import { ResultCode } from '../../shared/errors';
import { requireUser } from '../accounts/auth';
import { AppError } from '../http/app-error';
import { endpoint } from '../http/envelope';
import { readDownload, signDownload } from './links';
import { freeModelFile, freeModelFiles, recordDownload } from './service';

/** The free-model funnel: the free models, a model's files, signed links and the download itself. */
export function registerFreeModelRoutes(app: FastifyInstance, deps: { secret: Buffer }) {
  const { db } = app;
  const { accounts, content } = app.services;
  const k = db.kysely;

  endpoint(app, contract.list, (q) => content.models({ price: ModelPrice.free, page: q.page, pageSize: q.pageSize }));

  endpoint(app, contract.files, (q) => freeModelFiles(k, q.modelId));

  endpoint(
    app,
    contract.link,
    async (input, request) => {
      const { userId } = await requireUser(accounts, request);
      await freeModelFile(k, input.modelId, input.fileId);
      const { token, exp } = signDownload(deps.secret, { modelId: input.modelId, fileId: input.fileId, userId });
      return { url: FREE_MODEL_FILE_PATH.replace(':token', token), expiresAt: exp };
    },
    { rateLimit: { max: 60, timeWindow: '1 minute' } },
  );

  // The download: a browser navigation, so refusals are the envelope with a status, never a file.
  app.get<{ Params: { token: string } }>(
    FREE_MODEL_FILE_PATH,
    { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const grant = readDownload(deps.secret, request.params.token);
      if (!grant || grant.exp < Date.now()) throw new AppError(ResultCode.downloadLinkInvalid, { httpStatus: 403 });
      const file = await freeModelFile(k, grant.modelId, grant.fileId);
      const stream = content.storage.read(file.storage_key);
      if (!stream) throw new AppError(ResultCode.notFound, { httpStatus: 404 });
      await recordDownload(db, grant);
      return reply
        .header('content-type', file.mime)
        .header('content-length', file.size_bytes)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
        .send(stream);
    },
  );
}
