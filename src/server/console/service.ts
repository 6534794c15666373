import type { Db } from '../db/database';
import { dashboard } from './dashboard';

/** What the console's pages read on the server (their loaders) and its API answers. */
export function createConsoleService(db: Db) {
  return {
    dashboard: (now = Date.now()) => dashboard(db.kysely, now),
  };
}
export type ConsoleService = ReturnType<typeof createConsoleService>;
