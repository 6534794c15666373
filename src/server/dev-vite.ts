import type { ServerBuild } from 'react-router';
import type { InlineConfig } from 'vite';
import type { Config } from './config';

/**
 * Development: Vite in middleware mode (vite.config.ts: which files it may serve), mounted by the
 * app in place of the client build, and the server build from Vite's module graph.
 */
export async function createDevVite(config: Pick<Config, 'HOST'>, overrides: InlineConfig = {}) {
  const { createServer, mergeConfig } = await import('vite');
  // Hot reload's socket listens where the site does: on every interface only when HOST says so.
  const everywhere = config.HOST === '0.0.0.0' || config.HOST === '::';
  const vite = await createServer(
    mergeConfig({ server: { middlewareMode: true, ...(everywhere ? {} : { hmr: { host: config.HOST } }) }, appType: 'custom' }, overrides),
  );
  return {
    middlewares: vite.middlewares,
    ssrBuild: () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
    close: () => vite.close(),
  };
}
