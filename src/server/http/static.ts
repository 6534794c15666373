import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * The production build's client files. Hashed assets under /assets are immutable for a year;
 * the few unhashed files (favicon, robots) are revalidated. Brotli/gzip copies made at build
 * time are served when the browser accepts them, so nothing is compressed per request.
 */
export async function registerStatic(app: FastifyInstance, clientDir: string) {
  if (!fs.existsSync(clientDir)) return;
  await app.register(fastifyStatic, {
    root: path.resolve(clientDir),
    wildcard: false,
    preCompressed: true,
    index: false,
    // Our setHeaders decides caching; the plugin's default (max-age=0) would overwrite it.
    cacheControl: false,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });
}
