import type { ExpressionBuilder, Kysely } from 'kysely';
import type { CircleCard, CircleView, Page } from '../../shared/api/content';
import type { Database } from '../db/schema';
import { fileUrl } from './files';
import { offsetOf, pageOf, toCount } from './paging';
import { USER_CARD, userCard } from './user-card';

/** Circles a user owns or belongs to (the owner need not be a member row). */
export const circlesOf = (db: Kysely<Database>, userId: number) => (eb: ExpressionBuilder<Database, 'circles'>) =>
  eb.or([
    eb('circles.owner_id', '=', userId),
    eb('circles.id', 'in', db.selectFrom('circle_members').select('circle_id').where('user_id', '=', userId)),
  ]);

const cover = (key: string | null) => (key ? fileUrl(key) : null);

/** A circle (group) with its owner and banners, or null. */
export async function circleView(db: Kysely<Database>, circleId: number): Promise<CircleView | null> {
  const c = await db
    .selectFrom('circles')
    .innerJoin('users', 'users.id', 'circles.owner_id')
    .leftJoin('content_files', 'content_files.id', 'circles.cover_file_id')
    .select([
      'circles.id',
      'circles.name',
      'circles.description',
      'circles.member_count',
      'circles.post_count',
      'content_files.storage_key',
      ...USER_CARD,
    ])
    .where('circles.id', '=', circleId)
    .executeTakeFirst();
  if (!c) return null;
  const banners = await db
    .selectFrom('circle_banners')
    .leftJoin('content_files', 'content_files.id', 'circle_banners.image_file_id')
    .select(['circle_banners.id', 'circle_banners.kind', 'circle_banners.title', 'circle_banners.link', 'content_files.storage_key'])
    .where('circle_banners.circle_id', '=', circleId)
    .orderBy('circle_banners.position')
    .execute();
  return {
    id: String(c.id),
    name: c.name,
    description: c.description,
    coverUrl: cover(c.storage_key),
    memberCount: c.member_count,
    postCount: c.post_count,
    owner: userCard(c),
    banners: banners.map((b) => ({ id: String(b.id), kind: b.kind, title: b.title, link: b.link, imageUrl: cover(b.storage_key) })),
  };
}

/** The circles of a profile's "groups" tab, newest first. */
export async function circlesPage(db: Kysely<Database>, q: { userId: number; page: number; pageSize: number }): Promise<Page<CircleCard>> {
  const base = db.selectFrom('circles').where(circlesOf(db, q.userId));
  const [rows, total] = await Promise.all([
    base
      .leftJoin('content_files', 'content_files.id', 'circles.cover_file_id')
      .select(['circles.id', 'circles.name', 'circles.member_count', 'circles.post_count', 'content_files.storage_key'])
      .orderBy('circles.created_at', 'desc')
      .orderBy('circles.id', 'desc')
      .limit(q.pageSize)
      .offset(offsetOf(q))
      .execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return pageOf(
    rows.map((c) => ({
      id: String(c.id),
      name: c.name,
      coverUrl: cover(c.storage_key),
      memberCount: c.member_count,
      postCount: c.post_count,
    })),
    q,
    toCount(total.n),
  );
}
