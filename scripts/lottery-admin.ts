/**
 * Raffle campaigns on the database of DATABASE_URL (run: `npm run lottery:admin -- <command>`):
 *   create <campaign.json>   a campaign with its prizes (example: docs/examples/raffle.json)
 *   update <changes.json>    { "id": 1, …fields to change } (see src/shared/api/lottery-admin.ts)
 *   show <id>                the campaign's full configuration
 *   codes <batch.json>       gift codes: { "campaignId", "prizeId", "count", "expiresAt" } for a
 *                            campaign of kind "giftcode"; prints them once (only hashes are kept)
 * Input is checked like the admin API's; a refusal names the fields, writes nothing and exits 1.
 * Prints the campaign as stored, as JSON.
 */

import { createCampaign, getCampaign, updateCampaign } from '../src/server/campaigns/admin';
import { generateCodes } from '../src/server/giftpack/service';
import { generate } from '../src/shared/api/giftpack';
import { ZCampaignInput, ZCampaignUpdate } from '../src/shared/api/lottery-admin';
import { openCliDatabase } from './cli-database';
import { Refused, readInput, reportFailure } from './cli-input';

const USAGE = 'usage: npm run lottery:admin -- create <campaign.json> | update <changes.json> | show <id> | codes <batch.json>';

const [command, arg, ...extra] = process.argv.slice(2);
if (!command || !arg || extra.length > 0 || !['create', 'update', 'show', 'codes'].includes(command)) {
  console.error(USAGE);
  process.exit(1);
}

const { db } = await openCliDatabase();
try {
  let result: unknown;
  if (command === 'create') result = await createCampaign(db, readInput(ZCampaignInput, arg), Date.now());
  else if (command === 'update') result = await updateCampaign(db, readInput(ZCampaignUpdate, arg), Date.now());
  else if (command === 'codes') result = await generateCodes(db, readInput(generate.input, arg));
  else {
    const id = Number(arg);
    if (!Number.isSafeInteger(id) || id <= 0) throw new Refused(`not a campaign id: ${arg}`);
    result = await getCampaign(db, id);
  }
  console.log(JSON.stringify(result, null, 2));
} catch (err) {
  reportFailure(err);
} finally {
  await db.close();
}
