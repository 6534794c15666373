import type { Kysely, Selectable } from 'kysely';
import type { TAdminVenue, TPrinter, TVenueInput } from '../../shared/api/venues';
import type { Database } from '../db/schema';

/** The venues table: rows in, configurations out. */
type Db = Kysely<Database>;
type Row = Selectable<Database['venues']>;

export function toAdminVenue(r: Row): TAdminVenue {
  return {
    id: Number(r.id),
    slug: r.slug,
    wechatPath: r.wechat_path,
    name: JSON.parse(r.name),
    place: JSON.parse(r.place),
    startsAt: Number(r.starts_at),
    endsAt: Number(r.ends_at),
    timeZone: r.time_zone,
    printers: JSON.parse(r.printers) as TPrinter[],
    samples: JSON.parse(r.samples) as number[],
    campaignId: Number(r.campaign_id),
    wechat: JSON.parse(r.wechat),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

export async function venueBySlug(db: Db, slug: string): Promise<TAdminVenue | null> {
  const r = await db.selectFrom('venues').selectAll().where('slug', '=', slug).executeTakeFirst();
  return r ? toAdminVenue(r) : null;
}

export async function venueByWechatPath(db: Db, wechatPath: string): Promise<TAdminVenue | null> {
  const r = await db.selectFrom('venues').selectAll().where('wechat_path', '=', wechatPath).executeTakeFirst();
  return r ? toAdminVenue(r) : null;
}

export async function allVenues(db: Db): Promise<TAdminVenue[]> {
  return (await db.selectFrom('venues').selectAll().orderBy('slug').execute()).map(toAdminVenue);
}

/** Slugs of the venues running this campaign (their staff may write its prizes off). */
export async function slugsOfCampaign(db: Db, campaignId: number): Promise<string[]> {
  return (await db.selectFrom('venues').select('slug').where('campaign_id', '=', campaignId).execute()).map((r) => r.slug);
}

/** Is this WeChat path taken by another venue than `slug`? */
export async function wechatPathTaken(db: Db, wechatPath: string, slug: string): Promise<boolean> {
  const r = await db.selectFrom('venues').select('slug').where('wechat_path', '=', wechatPath).where('slug', '<>', slug).executeTakeFirst();
  return !!r;
}

/** The configurable columns of a venue (all but its slug and times). */
function columnsOf(v: Omit<TAdminVenue, 'id' | 'slug' | 'createdAt' | 'updatedAt'>) {
  return {
    wechat_path: v.wechatPath,
    name: JSON.stringify(v.name),
    place: JSON.stringify(v.place),
    starts_at: v.startsAt,
    ends_at: v.endsAt,
    time_zone: v.timeZone,
    printers: JSON.stringify(v.printers),
    samples: JSON.stringify(v.samples),
    campaign_id: v.campaignId,
    wechat: JSON.stringify(v.wechat),
  };
}

/** Writes a venue; null when its slug or WeChat path is taken (a unique key: no race lets two in). */
export async function insertVenue(db: Db, v: TVenueInput, now: number): Promise<number | null> {
  const row = await db
    .insertInto('venues')
    .values({
      slug: v.slug,
      ...columnsOf({ ...v, wechatPath: v.wechatPath ?? v.slug }),
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

/** Replaces the configuration of `slug` with `v` (the whole venue, already merged and checked). */
export async function replaceVenue(db: Db, v: TAdminVenue, now: number): Promise<void> {
  await db
    .updateTable('venues')
    .set({
      ...columnsOf(v),
      updated_at: now,
    })
    .where('slug', '=', v.slug)
    .execute();
}
