// How the server is bundled (scripts/build-server.mjs), shared with the test that checks what the
// production bundle holds. The development providers (src/dev) become their own file beside
// main.js: the server imports src/dev/index.ts only dynamically, and only when configuration
// chose a development provider (refused in production), so production never loads it.
import path from 'node:path';

const DEV_ENTRY = path.resolve('src/dev/index.ts');
const DEV_TREE = `${path.resolve('src/dev')}${path.sep}`;

/** Resolves the dynamic import of src/dev to ./dev.js beside main.js; refuses any other way into src/dev. */
const devProvidersApart = {
  name: 'dev-providers-apart',
  setup(build) {
    build.onResolve({ filter: /(^|\/)dev(\/|$)/ }, (args) => {
      if (args.namespace !== 'file' || !args.path.startsWith('.')) return undefined;
      const target = path.resolve(args.resolveDir, args.path);
      if (!`${target}${path.sep}`.startsWith(DEV_TREE) && !target.startsWith(DEV_TREE)) return undefined;
      const isEntry = [DEV_ENTRY, DEV_ENTRY.replace(/\.ts$/, ''), path.dirname(DEV_ENTRY)].includes(target);
      if (args.kind !== 'dynamic-import' || !isEntry) {
        return { errors: [{ text: `src/dev is loaded only by a dynamic import of src/dev/index (found ${args.kind} of ${args.path})` }] };
      }
      return { path: './dev.js', external: true };
    });
  },
};

/**
 * esbuild options of the server bundle; `outdir` holds main.js, the G-code parser's worker thread
 * that the server loads from beside it (content/gcode/in-worker.ts), and dev.js, built separately.
 */
export function serverBundleOptions(outdir) {
  return {
    entryPoints: { main: 'src/server/main.ts', 'gcode-worker': 'src/server/content/gcode/worker.ts' },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
    metafile: true,
    plugins: [devProvidersApart],
  };
}

/** esbuild options of the development providers' bundle, build/app/dev.js. */
export function devBundleOptions(outdir) {
  return { ...serverBundleOptions(outdir), entryPoints: { dev: DEV_ENTRY }, plugins: [] };
}

/** Development, test and demo-drawing code: none of it belongs in the production server bundle. */
const NOT_PRODUCT = [
  /^src\/dev\//,
  /^scripts\//,
  /^tests\//,
  /stand-?in/i,
  /outbox/i,
  /demo-(assets|models)\//,
  /\b(png|apng|raster|triangulate|timelapse)\.ts$/,
];

/** The inputs of an esbuild metafile's bundle that are not product code (paths relative to the project). */
export function notProductInputs(metafile, output = 'build/app/main.js') {
  const bundle = Object.entries(metafile.outputs).find(([file]) => file.endsWith(output))?.[1];
  if (!bundle) throw new Error(`${output} is not in the metafile`);
  return Object.keys(bundle.inputs).filter((input) => NOT_PRODUCT.some((re) => re.test(input)));
}
