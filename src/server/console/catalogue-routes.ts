import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as uploads from '../../shared/api/content-uploads';
import { adminImage } from '../../shared/api/mall-console';
import { ResultCode } from '../../shared/errors';
import { requireUser } from '../accounts/auth';
import { MAX_FILE_BYTES } from '../content/import/file-types';
import { checkUpload, saveUpload } from '../content/import/files';
import { createUploads } from '../content/import/uploads';
import { AppError } from '../http/app-error';
import { endpoint, ok, parseInput } from '../http/envelope';
import { areaGuard } from './access';
import { auditOf } from './audit';

/**
 * The console's catalogue calls that the domains' admin APIs did not have: product images for mall
 * staff, and resumable uploads for content staff. Both take a raw body (the file, or a part of
 * it), so each has its own body parser with a limit of its own; the guard admits the caller
 * before any body is read.
 */
export function registerCatalogueConsole(app: FastifyInstance) {
  const { accounts, content } = app.services;
  const { db } = app;
  const actor = async (request: FastifyRequest) => (await requireUser(accounts, request)).userId;
  const raw = (scope: FastifyInstance, limit: number) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: limit }, (_request, body, done) => done(null, body));
  };
  const bodyOf = (request: FastifyRequest) => {
    const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    if (bytes.length === 0) throw new AppError(ResultCode.parameter, { messageKey: 'parameterNamed', params: { field: '(body)' } });
    return bytes;
  };

  app.register(async (mall) => {
    mall.addHook('onRequest', areaGuard(accounts, 'mall'));
    raw(mall, MAX_FILE_BYTES.image);
    mall.route({
      method: adminImage.method,
      url: adminImage.path,
      bodyLimit: MAX_FILE_BYTES.image,
      handler: async (request) => {
        const { name } = parseInput(adminImage.input, request.query);
        const bytes = bodyOf(request);
        const checked = checkUpload(bytes, name);
        if (checked.type.kind !== 'image') throw new AppError(ResultCode.unsupportedFileType);
        const audit = auditOf(request, 'file.upload', 'file');
        const { storageKey: _key, ...file } = await saveUpload(db.kysely, content.storage, bytes, checked, Date.now());
        // Its own write, after the file (as the content upload's): a product refers to it when saved.
        await db.transaction((trx) =>
          audit(trx, { itemId: file.fileId, after: { name: file.name, kind: file.kind, sizeBytes: file.sizeBytes } }),
        );
        return ok(request, file);
      },
    });
  });

  const store = createUploads(db, content.storage);
  app.register(async (staff) => {
    staff.addHook('onRequest', areaGuard(accounts, 'content'));
    endpoint(staff, uploads.uploadStart, async (input, request) => store.start(await actor(request), input, Date.now()));
    endpoint(staff, uploads.uploadStatus, async (input, request) => store.status(await actor(request), input.uploadId));
    staff.register(async (parts) => {
      raw(parts, uploads.MAX_PART_BYTES);
      parts.route({
        method: uploads.uploadPart.method,
        url: uploads.uploadPart.path,
        bodyLimit: uploads.MAX_PART_BYTES,
        handler: async (request) => {
          const input = parseInput(uploads.uploadPart.input, request.query);
          const bytes = bodyOf(request);
          const state = await store.part(await actor(request), { ...input, bytes }, Date.now(), auditOf(request, 'file.upload', 'file'));
          return ok(request, state);
        },
      });
    });
  });
}
