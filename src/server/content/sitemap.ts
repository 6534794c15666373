import type { Kysely } from 'kysely';
import { contentPaths } from '../../shared/share-paths';
import type { Database } from '../db/schema';
import { HIDDEN_STATES } from './users';

/** The share pages a sitemap lists, by the table whose ids they carry. */
export const SITEMAP_KINDS = ['models', 'slices', 'posts', 'profiles', 'circles', 'timelapses'] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

const TABLE = {
  models: 'models',
  slices: 'slices',
  posts: 'posts',
  profiles: 'users',
  circles: 'circles',
  timelapses: 'timelapses',
} as const satisfies Record<SitemapKind, keyof Database>;

export interface SitemapEntry {
  path: string;
  lastmod: number;
}

/** The highest id of each kind's table: the sitemap index splits each kind into id ranges by it. */
export async function sitemapMaxIds(db: Kysely<Database>): Promise<Record<SitemapKind, number>> {
  const max = await Promise.all(
    SITEMAP_KINDS.map((k) =>
      db
        .selectFrom(TABLE[k])
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst(),
    ),
  );
  return Object.fromEntries(SITEMAP_KINDS.map((k, i) => [k, Number(max[i]?.id ?? 0)])) as Record<SitemapKind, number>;
}

/**
 * The pages of one kind whose ids are in [from, to], in id order: a primary-key range, so one
 * sitemap file costs the same however large the library. Only what a visitor may open: no deleted
 * model or post, nothing by a blocked or closed account, and only people who have published
 * something (an account with nothing public is not advertised to search engines).
 */
export async function sitemapEntries(db: Kysely<Database>, kind: SitemapKind, from: number, to: number): Promise<SitemapEntry[]> {
  const visible = db.selectFrom('users').select('id').where('state', 'not in', HIDDEN_STATES);
  const rows = await (() => {
    switch (kind) {
      case 'models':
        return db
          .selectFrom('models')
          .select(['id', 'updated_at as lastmod'])
          .where('deleted_at', 'is', null)
          .where('author_id', 'in', visible)
          .where('id', '>=', from)
          .where('id', '<=', to)
          .orderBy('id')
          .execute();
      case 'slices':
        return db
          .selectFrom('slices')
          .innerJoin('models', 'models.id', 'slices.model_id')
          .select(['slices.id', 'slices.created_at as lastmod'])
          .where('models.deleted_at', 'is', null)
          .where('models.author_id', 'in', visible)
          .where('slices.author_id', 'in', visible)
          .where('slices.id', '>=', from)
          .where('slices.id', '<=', to)
          .orderBy('slices.id')
          .execute();
      case 'posts':
        return db
          .selectFrom('posts')
          .select(['id', 'created_at as lastmod'])
          .where('deleted_at', 'is', null)
          .where('author_id', 'in', visible)
          .where('id', '>=', from)
          .where('id', '<=', to)
          .orderBy('id')
          .execute();
      case 'profiles':
        return db
          .selectFrom('users')
          .select(['id', 'updated_at as lastmod'])
          .where('state', 'not in', HIDDEN_STATES)
          .where('id', '>=', from)
          .where('id', '<=', to)
          .where((eb) =>
            eb.or([
              eb.exists(
                eb
                  .selectFrom('models')
                  .select('models.id')
                  .whereRef('models.author_id', '=', 'users.id')
                  .where('models.deleted_at', 'is', null),
              ),
              eb.exists(
                eb
                  .selectFrom('posts')
                  .select('posts.id')
                  .whereRef('posts.author_id', '=', 'users.id')
                  .where('posts.deleted_at', 'is', null),
              ),
              eb.exists(eb.selectFrom('timelapses').select('timelapses.id').whereRef('timelapses.author_id', '=', 'users.id')),
            ]),
          )
          .orderBy('id')
          .execute();
      case 'circles':
        return db
          .selectFrom('circles')
          .select(['id', 'created_at as lastmod'])
          .where('owner_id', 'in', visible)
          .where('id', '>=', from)
          .where('id', '<=', to)
          .orderBy('id')
          .execute();
      case 'timelapses':
        return db
          .selectFrom('timelapses')
          .select(['id', 'created_at as lastmod'])
          .where('author_id', 'in', visible)
          .where('id', '>=', from)
          .where('id', '<=', to)
          .orderBy('id')
          .execute();
    }
  })();
  const pathOf = PATH[kind];
  return rows.map((r) => ({ path: pathOf(String(r.id)), lastmod: Number(r.lastmod) }));
}

const PATH: Record<SitemapKind, (id: string) => string> = {
  models: contentPaths.model,
  slices: contentPaths.slice,
  posts: contentPaths.post,
  profiles: contentPaths.profile,
  circles: contentPaths.circle,
  timelapses: contentPaths.timelapse,
};
