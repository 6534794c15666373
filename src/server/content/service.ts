import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { circlesPage, circleView } from './circles';
import { commentsPage, repliesPage } from './comments';
import { contentFeed } from './feed';
import { modelsPage, modelView } from './models';
import { postsPage, postView, topicView } from './posts';
import { sitemapEntries, sitemapMaxIds } from './sitemap';
import { sliceView } from './slices';
import type { FileStorage } from './storage';
import { timelapsesPage, timelapseView } from './timelapses';
import { profileView } from './users';

type Rest<F> = F extends (db: Kysely<Database>, ...rest: infer R) => infer O ? (...rest: R) => O : never;
const on = <F extends (db: Kysely<Database>, ...rest: never[]) => unknown>(db: Kysely<Database>, f: F): Rest<F> =>
  ((...rest: never[]) => f(db, ...rest)) as Rest<F>;

/** What page loaders and the content API read: each view or list, bound to the database. */
export function createContentService(db: Kysely<Database>, storage: FileStorage) {
  return {
    storage,
    model: on(db, modelView),
    slice: on(db, sliceView),
    post: on(db, postView),
    profile: on(db, profileView),
    circle: on(db, circleView),
    topic: on(db, topicView),
    timelapse: on(db, timelapseView),
    models: on(db, modelsPage),
    posts: on(db, postsPage),
    circles: on(db, circlesPage),
    timelapses: on(db, timelapsesPage),
    feed: on(db, contentFeed),
    sitemapMaxIds: on(db, sitemapMaxIds),
    sitemapEntries: on(db, sitemapEntries),
    comments: on(db, commentsPage),
    replies: on(db, repliesPage),
  };
}

export type ContentService = ReturnType<typeof createContentService>;
