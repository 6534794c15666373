/**
 * Imports content from a JSON manifest into the database of DATABASE_URL, files into FILES_DIR
 * (run: `npm run content:import -- <manifest.json>`; format in docs/content-import.md). Everything
 * is checked before anything is written, and written in one transaction: on an error the command
 * names the item and field, writes nothing and exits with status 1.
 */
import fs from 'node:fs';
import { ConfigError, loadConfig } from '../src/server/config';
import { ImportError, importManifest } from '../src/server/content/import/manifest';
import { createDiskStorage } from '../src/server/content/storage';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';

const [manifest, ...extra] = process.argv.slice(2);
if (!manifest || extra.length > 0) {
  console.error('usage: npm run content:import -- <manifest.json>');
  process.exit(1);
}

// Same configuration as the server: a .env beside package.json, the environment winning.
if (fs.existsSync('.env')) process.loadEnvFile('.env');
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
const db = openDatabase(config.database);
try {
  await migrateToLatest(db.kysely);
  const result = await importManifest(db.kysely, createDiskStorage(config.FILES_DIR), manifest);
  console.log(JSON.stringify(result, null, 2));
} catch (err) {
  // Refusals are explained; anything else is a fault worth its stack.
  console.error(err instanceof ImportError ? `import refused, nothing written: ${err.message}` : err);
  process.exitCode = 1;
} finally {
  await db.close();
}
