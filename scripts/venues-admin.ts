/**
 * Venues on the database of DATABASE_URL (run: `npm run venues:admin -- <command>`):
 *   create <venue.json>    a venue (example: docs/examples/venue.json); its campaign must be a
 *                          raffle (make one with `npm run lottery:admin -- create`) and its
 *                          samples content models
 *   update <changes.json>  { "slug": "cd16", …fields to change } (see src/shared/api/venues.ts)
 *   show <slug>            the venue's configuration
 *   list                   every venue
 * Input is checked like the admin API's; a refusal names the fields, writes nothing and exits 1.
 * Staff of a venue: `npm run admin -- user:role --user N --role staff --scope venue:<slug>`.
 */

import { createCampaigns } from '../src/server/campaign-kinds';
import { createContentService } from '../src/server/content/service';
import { createDiskStorage } from '../src/server/content/storage';
import { createVenue, getVenue, updateVenue, type VenueAdminDeps } from '../src/server/venues/admin';
import { allVenues } from '../src/server/venues/store';
import { ZVenueInput, ZVenueSlug, ZVenueUpdate } from '../src/shared/api/venues';
import { openCliDatabase } from './cli-database';
import { Refused, readInput, reportFailure } from './cli-input';

const USAGE = 'usage: npm run venues:admin -- create <venue.json> | update <changes.json> | show <slug> | list';

const [command, arg, ...extra] = process.argv.slice(2);
const needsArg = command !== 'list';
if (!command || !['create', 'update', 'show', 'list'].includes(command) || needsArg !== !!arg || extra.length > 0) {
  console.error(USAGE);
  process.exit(1);
}

const { config, db } = await openCliDatabase();
const content = createContentService(db.kysely, createDiskStorage(config.FILES_DIR));
const deps: VenueAdminDeps = {
  db: db.kysely,
  transaction: (fn) => db.transaction(fn),
  isRaffle: createCampaigns(db).isRaffle,
  modelExists: async (id) => (await content.model(id)) !== null,
};
try {
  let result: unknown;
  if (command === 'create') result = await createVenue(deps, readInput(ZVenueInput, arg as string), Date.now());
  else if (command === 'update') result = await updateVenue(deps, readInput(ZVenueUpdate, arg as string), Date.now());
  else if (command === 'list') result = await allVenues(db.kysely);
  else {
    const slug = ZVenueSlug.safeParse(arg);
    if (!slug.success) throw new Refused(`not a venue slug: ${arg}`);
    result = await getVenue(db.kysely, slug.data);
  }
  console.log(JSON.stringify(result, null, 2));
} catch (err) {
  reportFailure(err);
} finally {
  await db.close();
}
