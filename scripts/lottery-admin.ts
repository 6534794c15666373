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
import fs from 'node:fs';
import type { z } from 'zod';
import { generateCodes } from '../src/server/giftpack/service';
import { AppError } from '../src/server/http/app-error';
import { createCampaign, getCampaign, updateCampaign } from '../src/server/lottery/admin';
import type { FieldIssue } from '../src/shared/api/envelope';
import { generate } from '../src/shared/api/giftpack';
import { ZCampaignInput, ZCampaignUpdate } from '../src/shared/api/lottery-admin';
import { openCliDatabase } from './cli-database';

const USAGE = 'usage: npm run lottery:admin -- create <campaign.json> | update <changes.json> | show <id> | codes <batch.json>';

class Refused extends Error {}

const explain = (issues: FieldIssue[]) => issues.map((i) => `  ${i.field}: ${i.message}`).join('\n');

function readInput<S extends z.ZodType>(schema: S, file: string): z.infer<S> {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Refused(`cannot read ${file}: ${(err as Error).message}`);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success)
    throw new Refused(explain(parsed.error.issues.map((i) => ({ field: i.path.join('.') || '(file)', message: i.message }))));
  return parsed.data;
}

const [command, arg, ...extra] = process.argv.slice(2);
if (!command || !arg || extra.length > 0 || !['create', 'update', 'show', 'codes'].includes(command)) {
  console.error(USAGE);
  process.exit(1);
}

const { db } = await openCliDatabase();
try {
  let result: unknown;
  if (command === 'create') result = await createCampaign(db.kysely, readInput(ZCampaignInput, arg), Date.now());
  else if (command === 'update') result = await updateCampaign(db.kysely, readInput(ZCampaignUpdate, arg), Date.now());
  else if (command === 'codes') result = await generateCodes(db.kysely, readInput(generate.input, arg));
  else {
    const id = Number(arg);
    if (!Number.isSafeInteger(id) || id <= 0) throw new Refused(`not a campaign id: ${arg}`);
    result = await getCampaign(db.kysely, id);
  }
  console.log(JSON.stringify(result, null, 2));
} catch (err) {
  // Refusals are explained; anything else is a fault worth its stack.
  if (err instanceof Refused) console.error(`refused, nothing written:\n${err.message}`);
  else if (err instanceof AppError) {
    const issues = (err.options.result as { issues?: FieldIssue[] } | undefined)?.issues;
    console.error(`refused, nothing written: ${issues ? `\n${explain(issues)}` : err.messageKey}`);
  } else console.error(err);
  process.exitCode = 1;
} finally {
  await db.close();
}
