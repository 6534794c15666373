// First-load JavaScript per route, gzip level 9 (what a CDN/browser pair would transfer at best;
// the server ships pre-compressed .gz/.br files built the same way).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

const gzipSize = (file) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

/**
 * Route id → module and its (already flattened) static imports come from React Router's assets
 * manifest, exported by the server build; it is the manifest the browser receives, so it is the
 * truth about what a first load fetches. When Vite's own manifest exists (build.manifest: true)
 * the imports are instead resolved through it, recursively — a cross-check of the same graph.
 */
export async function jsPerRoute(root) {
  const clientDir = path.join(root, 'build/client');
  const viteManifestFile = path.join(clientDir, '.vite/manifest.json');
  const serverBuild = await import(pathToFileURL(path.join(root, 'build/server/index.js')).href);
  const assets = serverBuild.assets ?? serverBuild.default?.assets;
  if (!assets?.routes) throw new Error('build/server/index.js exports no assets manifest');

  let importsOf = (entry) => [entry.module, ...(entry.imports ?? [])];
  let source = 'React Router assets manifest (build/server/index.js) — build/client/.vite/manifest.json not present';
  if (fs.existsSync(viteManifestFile)) {
    const vite = JSON.parse(fs.readFileSync(viteManifestFile, 'utf8'));
    const byFile = new Map(Object.values(vite).map((chunk) => [`/${chunk.file}`, chunk]));
    importsOf = (entry) => {
      const seen = new Set();
      const visit = (file) => {
        if (seen.has(file)) return;
        seen.add(file);
        for (const key of byFile.get(file)?.imports ?? []) visit(`/${vite[key].file}`);
      };
      visit(entry.module);
      return [...seen];
    };
    source = 'Vite manifest (build/client/.vite/manifest.json), route ids from React Router assets manifest';
  }

  const sizes = new Map(); // each file compressed once
  const sizeOf = (url) => {
    if (!sizes.has(url)) sizes.set(url, gzipSize(path.join(clientDir, url)));
    return sizes.get(url);
  };
  // A route renders inside all its parents (root at least), so their modules load too.
  const chain = (id) => {
    const out = [];
    for (let r = assets.routes[id]; r; r = assets.routes[r.parentId]) out.unshift(r);
    return out;
  };

  const routes = [];
  for (const id of Object.keys(assets.routes)) {
    if (id === 'root') continue;
    const files = new Set(importsOf(assets.entry));
    for (const r of chain(id)) for (const f of importsOf(r)) files.add(f);
    const gzip = [...files].reduce((sum, f) => sum + sizeOf(f), 0);
    // The stylesheets the page links (root's site-wide sheets, then its route's own).
    // React Router marks a route's own sheets with a trailing '#'; the file is the same.
    const cssFiles = [...new Set(chain(id).flatMap((r) => (r.css ?? []).map((f) => f.replace(/#$/, ''))))];
    const cssGzip = cssFiles.reduce((sum, f) => sum + sizeOf(f), 0);
    routes.push({
      id,
      path: assets.routes[id].index ? '/' : `/${assets.routes[id].path ?? ''}`,
      files: [...files],
      gzip,
      cssFiles,
      cssGzip,
    });
  }

  // CSS: every stylesheet in the client build (root links the site-wide one, each route its own).
  const assetDir = path.join(clientDir, 'assets');
  const css = fs
    .readdirSync(assetDir)
    .filter((f) => f.endsWith('.css'))
    .map((f) => ({ file: `/assets/${f}`, raw: fs.statSync(path.join(assetDir, f)).size, gzip: gzipSize(path.join(assetDir, f)) }));

  return { source, routes, css, fileSizes: Object.fromEntries(sizes) };
}

/**
 * Extra JavaScript a lazy chunk brings once requested: the chunk whose name starts with `prefix`
 * and every file it imports statically, minus what the first load already fetched.
 */
export function lazyExtra(root, prefix, alreadyLoaded) {
  const dir = path.join(root, 'build/client/assets');
  const start = fs.readdirSync(dir).find((f) => f.startsWith(prefix) && f.endsWith('.js'));
  if (!start) throw new Error(`no chunk named ${prefix}* in the client build`);
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file) || alreadyLoaded.has(`/assets/${file}`)) return;
    seen.add(file);
    const code = fs.readFileSync(path.join(dir, file), 'utf8');
    // Static imports only (`from"./x.js"`, `import"./x.js"`); dynamic ones load later still.
    for (const m of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) visit(m[1]);
  };
  visit(start);
  return { files: [...seen], gzip: [...seen].reduce((sum, f) => sum + gzipSize(path.join(dir, f)), 0) };
}
