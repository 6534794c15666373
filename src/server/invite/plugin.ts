import { domainPlugin } from '../domain-plugin';
import { referralJob } from './referral-job';
import { registerInviteRoutes } from './routes';

/** Invite-friends campaigns: binding friends to referrers, and the job that pays referral coins. */
export const invitePlugin = domainPlugin({ name: 'invite', dependencies: ['accounts', 'campaigns', 'jobs'] }, (app) => {
  registerInviteRoutes(app);
  app.jobs.add(referralJob(app.db));
});
