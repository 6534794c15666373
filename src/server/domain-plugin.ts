import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * How a domain joins the app: a plugin with the domain's name, the other plugins it needs
 * registered before it, and one function that adds its routes, hooks and jobs to the app. It
 * reads what it needs from the decorations (`app.config`, `app.db`, `app.modules`,
 * `app.services`, `app.jobs`), so every domain registers the same way. The plugin is not
 * encapsulated: its routes sit under the app's own hooks (context, CSRF, rate limits, errors).
 */
export function domainPlugin(meta: { name: string; dependencies?: string[] }, register: (app: FastifyInstance) => void | Promise<void>) {
  return fp(
    async (app) => {
      await register(app);
    },
    { name: meta.name, dependencies: ['core', 'http', ...(meta.dependencies ?? [])], fastify: '5.x' },
  );
}
