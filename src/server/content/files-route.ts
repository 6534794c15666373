import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { type FileStorage, isStorageKey } from './storage';

/**
 * Stored files at /files/<key>: the type and name recorded at upload, a year of caching (a key
 * is never reused), never sniffed; models and G-code download as attachments.
 */
export function registerFileRoute(app: FastifyInstance, deps: { db: Db; storage: FileStorage }) {
  app.get('/files/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    if (!isStorageKey(key)) return reply.callNotFound();
    const file = await deps.db.kysely
      .selectFrom('content_files')
      .select(['kind', 'name', 'mime', 'size_bytes'])
      .where('storage_key', '=', key)
      .executeTakeFirst();
    const stream = file ? deps.storage.read(key) : null;
    if (!file || !stream) return reply.callNotFound();
    const disposition = file.kind === 'model' || file.kind === 'gcode' ? 'attachment' : 'inline';
    return reply
      .header('content-type', file.mime)
      .header('content-length', file.size_bytes)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(file.name)}`)
      .send(stream);
  });

  // A slice's toolpath preview (slices.toolpath_key): served while its model is shown.
  app.get('/toolpaths/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    if (!isStorageKey(key) || !key.endsWith('.json')) return reply.callNotFound();
    const slice = await deps.db.kysely
      .selectFrom('slices')
      .innerJoin('models', 'models.id', 'slices.model_id')
      .select('slices.id')
      .where('slices.toolpath_key', '=', key)
      .where('models.deleted_at', 'is', null)
      .executeTakeFirst();
    const stream = slice ? deps.storage.read(key) : null;
    if (!stream) return reply.callNotFound();
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(stream);
  });
}

/** Where the slice page fetches a toolpath preview from. */
export const toolpathUrl = (key: string) => `/toolpaths/${key}`;
