import { domainPlugin } from '../domain-plugin';
import { registerAccounts } from './module';

/** Sign-in, sessions, the member's own account and staff's account handling. */
export const accountsPlugin = domainPlugin({ name: 'accounts', dependencies: ['jobs'] }, (app) => {
  registerAccounts(app, app.modules.accounts, app.config.PUBLIC_URL);
  // Cancelled accounts whose cooling-off period is over lose their personal data, and the account
  // guards their dead rows (idempotent, safe when several instances run it).
  const { accounts } = app.services;
  app.jobs.add({
    name: 'account purge',
    everyMs: 3_600_000,
    runAtStart: true,
    run: async () => ({ cancelled: await accounts.purgeCancelled(), ...(await accounts.purgeGuards()) }),
  });
});
