// Bundles the Fastify server (src/server/main.ts) and its G-code worker for `npm start`, with the
// development providers (src/dev) in their own file, and pre-compresses the client assets so the
// server never compresses a static file per request. build/app/main.meta.json lists what the
// server bundle is made of.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { build } from 'esbuild';
import { devBundleOptions, serverBundleOptions } from './server-bundle.mjs';
import { sourceStamp } from './source-stamp.mjs';

const server = await build(serverBundleOptions('build/app'));
fs.writeFileSync('build/app/main.meta.json', JSON.stringify(server.metafile));
await build(devBundleOptions('build/app'));

// React Router moves the server build's stylesheet (every sheet of the app in one file) into the
// client's assets, though no page links it: each route links its own sheets.
for (const f of fs.readdirSync('build/client/assets')) {
  if (/^server-build-.*\.css$/.test(f)) fs.rmSync(path.join('build/client/assets', f));
}

const COMPRESSIBLE = /\.(js|css|svg|json|txt|map|html)$/;
function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(p);
    else yield p;
  }
}
let count = 0;
for (const file of files('build/client')) {
  if (!COMPRESSIBLE.test(file)) continue;
  const src = fs.readFileSync(file);
  if (src.length < 1024) continue;
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(src, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(src, { level: 9 }));
  count++;
}
fs.writeFileSync('build/.stamp', sourceStamp());
console.log(`server bundled; ${count} client files pre-compressed`);
