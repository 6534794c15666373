import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  build: {
    target: 'es2022',
    assetsInlineLimit: 0,
    rollupOptions: {
      output: {
        manualChunks(id) {
          if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'vendor';
          if (
            /src\/web\/(app-context|paths|store|seo)\.ts|src\/web\/ui\/(icons|state-view)\.tsx|login-store\.ts|src\/shared\/(format|api\/routes)\.ts/.test(
              id,
            )
          )
            return 'app';
        },
      },
    },
  },
  server: { hmr: { port: Number(process.env.HMR_PORT ?? 24678) } },
});
