// Operator command: the third-party applications of the OAuth server (/api/cxy/oauth2), kept in
// the database of DATABASE_URL (environment, or .env beside package.json), where every instance
// finds them. The TypeScript sources are loaded through tsx, so plain node runs it:
//
//   node scripts/oauth-client.mjs add --id <clientId> --name <app name> --redirect <uri> [--redirect <uri>...]
//        [--secret <secret> | --confidential]    (confidential client, HTTP Basic at the token endpoint;
//                                                  --confidential generates the secret and prints it once)
//   node scripts/oauth-client.mjs list
//   node scripts/oauth-client.mjs remove --id <clientId>
//
// (`node --import tsx scripts/oauth-client.mjs …` works as well.) Without a secret the client is
// public (apps and browser apps); PKCE S256 is required either way. Adding an existing id replaces it.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { tsImport } from 'tsx/esm/api';

const load = (path) => tsImport(path, import.meta.url);

const [command, ...rest] = process.argv.slice(2);
let db;
try {
  const { values } = parseArgs({
    args: rest,
    options: {
      id: { type: 'string' },
      name: { type: 'string' },
      redirect: { type: 'string', multiple: true },
      secret: { type: 'string' },
      confidential: { type: 'boolean' },
    },
  });
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const { loadConfig } = await load('../src/server/config.ts');
  const { openDatabase } = await load('../src/server/db/database.ts');
  const { migrateToLatest } = await load('../src/server/db/migrate.ts');
  const { createClientStore, newClientSecret } = await load('../src/server/oauth/clients.ts');

  const config = loadConfig();
  db = openDatabase(config.database);
  await migrateToLatest(db.kysely);
  const clients = createClientStore(db.kysely);
  const summary = (m) => ({
    clientId: m.client_id,
    name: m.client_name,
    redirectUris: m.redirect_uris,
    type: m.token_endpoint_auth_method === 'none' ? 'public' : 'confidential',
  });

  if (command === 'add') {
    if (!values.id || !values.name || !values.redirect?.length)
      throw new Error('give --id <clientId> --name <app name> --redirect <uri> [--redirect <uri>...]');
    if (config.oauthClients.some((c) => c.clientId === values.id)) {
      throw new Error(`${values.id} is configured in OAUTH_CLIENTS, which takes precedence: change it there`);
    }
    const clientSecret = values.secret ?? (values.confidential ? newClientSecret() : undefined);
    const saved = await clients.save({ clientId: values.id, name: values.name, redirectUris: values.redirect, clientSecret });
    console.log(JSON.stringify({ ...summary(saved), ...(values.confidential && !values.secret ? { clientSecret } : {}) }));
  } else if (command === 'list') {
    for (const m of await clients.list()) console.log(JSON.stringify(summary(m)));
  } else if (command === 'remove') {
    if (!values.id) throw new Error('give --id <clientId>');
    if (!(await clients.remove(values.id))) throw new Error(`no client ${values.id} in the database`);
    console.log(JSON.stringify({ removed: values.id }));
  } else {
    throw new Error(`unknown command ${command ?? ''}: add, list, remove`);
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
} finally {
  await db?.close();
}
