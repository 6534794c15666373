/**
 * Imports content from a JSON manifest into the database of DATABASE_URL, files into FILES_DIR
 * (run: `npm run content:import -- <manifest.json>`; format in docs/content-import.md). Everything
 * is checked before anything is written, and written in one transaction: on an error the command
 * names the item and field, writes nothing and exits with status 1.
 */
import { ImportError, importManifest } from '../src/server/content/import/manifest';
import { createDiskStorage } from '../src/server/content/storage';
import { openCliDatabase } from './cli-database';

const [manifest, ...extra] = process.argv.slice(2);
if (!manifest || extra.length > 0) {
  console.error('usage: npm run content:import -- <manifest.json>');
  process.exit(1);
}

const { config, db } = await openCliDatabase();
try {
  const result = await importManifest(db, createDiskStorage(config.FILES_DIR), manifest);
  console.log(JSON.stringify(result, null, 2));
} catch (err) {
  // Refusals are explained; anything else is a fault worth its stack.
  console.error(err instanceof ImportError ? `import refused, nothing written: ${err.message}` : err);
  process.exitCode = 1;
} finally {
  await db.close();
}
