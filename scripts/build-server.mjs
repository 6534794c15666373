// Bundles the Fastify server (src/server/main.ts) and its G-code worker for `npm start`, and pre-compresses the client
// assets so the server never compresses a static file per request.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { build } from 'esbuild';
import { sourceStamp } from './source-stamp.mjs';

const serverBuild = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
};
await build({ ...serverBuild, entryPoints: ['src/server/main.ts'], outfile: 'build/app/main.js' });
// The G-code parser's worker thread, loaded by the server from beside main.js (in-worker.ts).
await build({ ...serverBuild, entryPoints: ['src/server/content/gcode/worker.ts'], outfile: 'build/app/gcode-worker.js' });

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
