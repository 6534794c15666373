import type { Kysely } from 'kysely';
import type { FieldIssue } from '../../shared/api/envelope';
import type { TAdminVenue, TVenueInput, TVenueUpdate } from '../../shared/api/venues';
import { ResultCode } from '../../shared/errors';
import type { AuditHook } from '../console/audit';
import type { Tx } from '../db/database';
import type { Database } from '../db/schema';
import { AppError, refused } from '../http/app-error';
import { insertVenue, replaceVenue, venueBySlug, wechatPathTaken } from './store';

/**
 * Admin set-up of venues (API and `npm run venues:admin`). Beyond the schema, a venue must point
 * at things that exist: its campaign is a raffle (asked of the lottery service) and each sample
 * is a content model (asked of the content service). A refusal names the fields and writes nothing.
 */
export interface VenueAdminDeps {
  db: Kysely<Database>;
  /** The database's transaction (db/database.ts): a venue's write and its audit row commit together. */
  transaction<T>(fn: (trx: Tx) => Promise<T>): Promise<T>;
  isRaffle(campaignId: number): Promise<boolean>;
  modelExists(modelId: number): Promise<boolean>;
}

async function referenceIssues(deps: VenueAdminDeps, v: { campaignId?: number; samples?: number[] }): Promise<FieldIssue[]> {
  const issues: FieldIssue[] = [];
  if (v.campaignId !== undefined && !(await deps.isRaffle(v.campaignId)))
    issues.push({ field: 'campaignId', message: 'must be the id of a raffle campaign' });
  const found = await Promise.all((v.samples ?? []).map((id) => deps.modelExists(id)));
  found.forEach((exists, i) => {
    if (!exists) issues.push({ field: `samples.${i}`, message: 'no model with this id' });
  });
  return issues;
}

export async function createVenue(deps: VenueAdminDeps, input: TVenueInput, now: number, audit?: AuditHook): Promise<TAdminVenue> {
  const issues = await referenceIssues(deps, input);
  if (issues.length > 0) throw refused(issues);
  const id = await deps.transaction(async (trx) => {
    const made = await insertVenue(trx, input, now);
    if (made !== null) await audit?.(trx, { itemId: input.slug, after: await getVenue(trx, input.slug) });
    return made;
  });
  if (id === null) {
    const slugTaken = await venueBySlug(deps.db, input.slug);
    throw refused([
      slugTaken
        ? { field: 'slug', message: 'a venue with this slug exists (update it instead)' }
        : { field: 'wechatPath', message: 'another venue uses this WeChat path' },
    ]);
  }
  return getVenue(deps.db, input.slug);
}

export async function updateVenue(deps: VenueAdminDeps, u: TVenueUpdate, now: number, audit?: AuditHook): Promise<TAdminVenue> {
  const current = await getVenue(deps.db, u.slug);
  const merged: TAdminVenue = {
    ...current,
    ...Object.fromEntries(Object.entries(u).filter(([, v]) => v !== undefined)),
  };
  const issues = await referenceIssues(deps, { campaignId: u.campaignId, samples: u.samples });
  if (!(merged.endsAt > merged.startsAt)) issues.push({ field: 'endsAt', message: 'must be after startsAt' });
  if (u.wechatPath && (await wechatPathTaken(deps.db, u.wechatPath, u.slug)))
    issues.push({ field: 'wechatPath', message: 'another venue uses this WeChat path' });
  if (issues.length > 0) throw refused(issues);
  await deps.transaction(async (trx) => {
    await replaceVenue(trx, merged, now);
    await audit?.(trx, { itemId: u.slug, before: current, after: await getVenue(trx, u.slug) });
  });
  return getVenue(deps.db, u.slug);
}

export async function getVenue(db: Kysely<Database>, slug: string): Promise<TAdminVenue> {
  const v = await venueBySlug(db, slug);
  if (!v) throw new AppError(ResultCode.notFound);
  return v;
}
