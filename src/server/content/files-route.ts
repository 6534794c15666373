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
}
