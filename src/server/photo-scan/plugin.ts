import { domainPlugin } from '../domain-plugin';
import { abandonedJobsCleanup } from './limits';
import { registerPhotoScanRoutes } from './routes';

/** Photo modelling: scan jobs, their photos and the clean-up of abandoned ones. */
export const photoScanPlugin = domainPlugin({ name: 'photo-scan', dependencies: ['accounts', 'content', 'jobs'] }, (app) => {
  registerPhotoScanRoutes(app, app.config);
  app.jobs.add(abandonedJobsCleanup(app.db, app.services.content.storage, app.config));
});
