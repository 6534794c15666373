import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import * as contract from '../../../shared/api/content-admin';
import { ResultCode } from '../../../shared/errors';
import { areaGuard } from '../../console/access';
import { auditOf } from '../../console/audit';
import type { Tx } from '../../db/database';
import { AppError } from '../../http/app-error';
import { endpoint, ok, parseInput } from '../../http/envelope';
import { extensionOf, MAX_FILE_BYTES, MAX_UPLOAD_BYTES, typeOfExtension } from './file-types';
import { readStoredGcode, requireFile, storeFile } from './files';
import * as service from './service';

/**
 * The admin import API (`/api/cxy/admin/v2/content/…`): upload files, then create users, topics,
 * circles, models, slices (stated or read from G-code), posts and timelapses that refer to them.
 * Global admins only, checked when the request arrives, before an upload body is read.
 */
export function registerContentImport(app: FastifyInstance) {
  const { db } = app;
  const { accounts, pageCache, content } = app.services;

  app.register(async (admin) => {
    admin.addHook('onRequest', areaGuard(accounts, 'content'));

    // Each create runs in one transaction with its audit row; cached pages are dropped so the content shows at once.
    const create = <I extends z.ZodType, R extends z.ZodType>(
      c: { method: 'POST'; path: string; input: I; result: R },
      itemType: string,
      run: (trx: Tx, input: z.infer<I>, now: number) => Promise<z.infer<R>>,
    ) =>
      endpoint(admin, c, async (input, request) => {
        const audit = auditOf(request, `${itemType}.create`, itemType);
        const result = await db.transaction(async (trx) => {
          const out = await run(trx, input as z.infer<I>, Date.now());
          await audit(trx, { itemId: Object.values(out as Record<string, number>)[0] ?? '', after: input });
          return out;
        });
        pageCache.clear();
        return result;
      });

    create(contract.createUser, 'user', service.createUser);
    create(contract.createTopic, 'topic', service.createTopic);
    create(contract.createCircle, 'circle', service.createCircle);
    create(contract.createModel, 'model', service.createModel);
    create(contract.createSlice, 'slice', service.createSlice);
    create(contract.createPost, 'post', service.createPost);
    create(contract.createTimelapse, 'timelapse', service.createTimelapse);

    endpoint(admin, contract.createSliceFromGcode, async (input, request) => {
      const audit = auditOf(request, 'slice.create', 'slice');
      // Parsed before the transaction: a large file must not hold the write lock while it is read.
      const file = await requireFile(db.kysely, input.gcodeFileId, 'gcode', 'gcodeFileId');
      const { params, toolpathKey } = await readStoredGcode(content.storage, file, 'gcodeFileId');
      let result: { sliceId: number };
      try {
        result = await db.transaction(async (trx) => {
          const out = await service.createGcodeSlice(trx, input, { file, params, toolpathKey }, Date.now());
          await audit(trx, { itemId: out.sliceId, after: input });
          return out;
        });
      } catch (err) {
        if (toolpathKey) await content.storage.remove(toolpathKey);
        throw err;
      }
      pageCache.clear();
      return { ...result, params };
    });

    // Uploads: the raw body is the file, whatever its Content-Type (the type is read from the
    // bytes), so this route has its own body parser and a limit above the JSON one.
    admin.register(async (upload) => {
      upload.removeAllContentTypeParsers();
      upload.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES }, (_request, body, done) => done(null, body));
      upload.route({
        method: contract.uploadFile.method,
        url: contract.uploadFile.path,
        bodyLimit: MAX_UPLOAD_BYTES,
        // A body longer than its name's type allows is refused before it is read (the type read
        // from the bytes is checked again once they are in).
        onRequest: async (request) => {
          const name = (request.query as { name?: unknown }).name;
          const type = typeof name === 'string' ? typeOfExtension(extensionOf(name)) : undefined;
          const length = Number(request.headers['content-length']);
          const max = type ? MAX_FILE_BYTES[type.kind] : MAX_UPLOAD_BYTES;
          if (type && Number.isFinite(length) && length > max) {
            throw new AppError(ResultCode.fileTooLarge, { params: { format: type.format, maxMb: max / 1024 / 1024 } });
          }
        },
        handler: async (request) => {
          const { name } = parseInput(contract.uploadFile.input, request.query);
          const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          if (bytes.length === 0) throw new AppError(ResultCode.parameter, { messageKey: 'parameterNamed', params: { field: '(body)' } });
          const audit = auditOf(request, 'file.upload', 'file');
          const { storageKey: _key, ...file } = await storeFile(db.kysely, content.storage, { bytes, name }, Date.now());
          // Its own write, after the file: a large upload must not hold the write lock while it is stored.
          // An upload changes nothing visitors see until an item refers to it (that create is audited with it).
          await db.transaction((trx) =>
            audit(trx, { itemId: file.fileId, after: { name: file.name, kind: file.kind, sizeBytes: file.sizeBytes } }),
          );
          return ok(request, file);
        },
      });
    });
  });
}
