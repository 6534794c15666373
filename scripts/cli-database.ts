/**
 * What every operator command starts with: the server's configuration (a .env beside
 * package.json, the environment winning), the configured database, migrated. A configuration
 * error is printed and ends the command with status 1.
 */
import fs from 'node:fs';
import { type Config, ConfigError, loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';

export async function openCliDatabase(): Promise<{ config: Config; db: ReturnType<typeof openDatabase> }> {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  }
  const db = openDatabase(config.database);
  await migrateToLatest(db.kysely);
  return { config, db };
}
