import { domainPlugin } from '../domain-plugin';
import { purgeExpiredOidcRows } from './adapter';
import { registerOAuth } from './routes';

/** The OAuth 2 / OpenID Connect server other apps sign members in with. */
export const oauthPlugin = domainPlugin({ name: 'oauth', dependencies: ['accounts', 'jobs'] }, async (app) => {
  await registerOAuth(app, { config: app.config, db: app.db, accounts: app.modules.accounts });
  // Expired codes, tokens, interactions and sessions are never read again: clear them hourly.
  const { kysely } = app.db;
  app.jobs.add({ name: 'oauth2 purge', everyMs: 60 * 60_000, run: async () => ({ purged: await purgeExpiredOidcRows(kysely) }) });
});
