import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

/**
 * Chunks (docs/decisions/0003-share-page-islands.md): React and React Router in one `vendor`
 * file, the tiny modules every page needs in one `app` file, and what every share page shows
 * around its content in one `share` file, and the list parts (cards, paging) in one `lists` file — many files of a few hundred bytes cost more in gzip
 * framing and import glue than they hold.
 */
const APP = [
  /src\/web\/(app-context|paths|store|seo)\.ts$/,
  /src\/web\/i18n\/(react\.tsx|translator\.ts)$/,
  /src\/web\/api\/lazy-api\.ts$/,
  /src\/web\/ui\/(icons|state-view|toast)\.tsx$/,
  /src\/web\/features\/accounts\/login-store\.ts$/,
  /src\/shared\/(format|translate|i18n|api\/routes)\.ts$/,
];
const SHARE = /src\/web\/features\/content\/(author|content-meta|content-paths|duration|islands|open-in-app|content-not-found)\.tsx?$/;
const LISTS = /src\/web\/features\/content\/(cards|paged|post-list)\.tsx$/;

/**
 * React Router's package exports always resolve to its development build (remix-run/react-router
 * #12437, #14102): in a production build that ships its dev-only warnings and checks to every
 * browser (and logs them on the server). Its own production build is in the same package, same
 * version: production builds use it (dev keeps the warnings).
 */
const RR_PRODUCTION = path.resolve('node_modules/react-router/dist/production');
const reactRouterProduction = [
  { find: /^react-router$/, replacement: `${RR_PRODUCTION}/index.mjs` },
  { find: /^react-router\/dom$/, replacement: `${RR_PRODUCTION}/dom-export.mjs` },
];

/**
 * What the development server may send a browser: the web sources, the code they share with the
 * server, and packages, nothing else. The project directory also holds the database (with the
 * auth secret, the OAuth signing key and password hashes), `.env` and the server's code.
 */
export const DEV_FILES = {
  strict: true,
  allow: ['src/web', 'src/shared', 'node_modules', 'public'],
  deny: [
    '.env',
    '.env.*',
    '*.{crt,pem,key}',
    '**/.git/**',
    '*.sqlite',
    '*.sqlite-*',
    '*.db',
    '**/data/**',
    '**/src/server/**',
    '**/scripts/**',
  ],
};

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [reactRouter()],
  resolve: command === 'build' ? { alias: reactRouterProduction } : {},
  build: {
    target: 'es2022',
    assetsInlineLimit: 0,
    // Terser (two passes) makes the browser's files 3% smaller than esbuild's minifier does,
    // 3.5 KB gzip on every first load (docs/decisions/0007); the server's bundle stays readable.
    minify: isSsrBuild ? false : 'terser',
    terserOptions: { compress: { passes: 2 } },
    rollupOptions: {
      output: {
        manualChunks(id) {
          // A feature's sheet in a chunk of its own (a CSS file, no script): left to Rollup, it joins
          // the chunk of a module that imports it, and a page that only needs the sheet would load
          // that chunk's script too.
          const sheet = /src\/web\/features\/[^/]+\/([^/]+)\.css$/.exec(id);
          if (sheet) return `${sheet[1]}-css`;
          if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'vendor';
          if (APP.some((re) => re.test(id))) return 'app';
          if (SHARE.test(id)) return 'share';
          if (LISTS.test(id)) return 'lists';
          // Named, so the bench can weigh the raffle wheel's library.
          if (/node_modules\/lucky-canvas\//.test(id)) return 'lucky-canvas';
        },
      },
    },
  },
  server: { hmr: { port: Number(process.env.HMR_PORT ?? 24678) }, fs: DEV_FILES },
}));
