import { domainPlugin } from '../domain-plugin';
import { registerFileRoute } from './files-route';
import { registerContentImport } from './import/routes';
import { registerModerationRoutes } from './moderation-routes';
import { registerContentRoutes } from './routes';

/** Community content (models, posts, timelapses), its files, its import and its moderation. */
export const contentPlugin = domainPlugin({ name: 'content', dependencies: ['accounts'] }, (app) => {
  registerFileRoute(app, { db: app.db, storage: app.services.content.storage });
  registerContentImport(app);
  registerContentRoutes(app);
  registerModerationRoutes(app);
});
