import type { Kysely } from 'kysely';
import type { LandingModel } from '../../shared/api/site';
import type { Database } from '../db/schema';
import { fileUrl } from './files';
import { firstImageKey } from './models';
import { postsPage } from './posts';
import { timelapsesPage } from './timelapses';
import { USER_CARD, userCard } from './user-card';
import { HIDDEN_STATES } from './users';

/** Live models by visible makers, as cards with their maker and first image. */
function modelCards(db: Kysely<Database>, order: 'featured' | 'latest', limit: number) {
  const q = db
    .selectFrom('models')
    .innerJoin('users', 'users.id', 'models.author_id')
    .where('models.deleted_at', 'is', null)
    .where('users.state', 'not in', HIDDEN_STATES)
    .select((eb) => [
      'models.id',
      'models.title',
      'models.like_count',
      'models.download_count',
      'models.comment_count',
      ...USER_CARD,
      firstImageKey(eb),
    ]);
  // Featured: what people liked most, then collected, then downloaded; ties go to the newer model.
  const ordered =
    order === 'featured'
      ? q.orderBy('models.like_count', 'desc').orderBy('models.collect_count', 'desc').orderBy('models.download_count', 'desc')
      : q.orderBy('models.created_at', 'desc');
  return ordered.orderBy('models.id', 'desc').limit(limit).execute();
}

const toCard = (m: Awaited<ReturnType<typeof modelCards>>[number]): LandingModel => ({
  id: String(m.id),
  title: m.title,
  imageUrl: m.image_key ? fileUrl(m.image_key) : null,
  author: userCard(m),
  counts: { likes: m.like_count, downloads: m.download_count, comments: m.comment_count },
});

/**
 * What the home page shows from the library: the most liked models, the newest models (a small
 * library shows some in both, as the big maker sites do), and the newest posts and timelapses. A handful of rows each, read by index.
 */
export async function contentFeed(db: Kysely<Database>, limit: number) {
  const [featured, latest, posts, timelapses] = await Promise.all([
    modelCards(db, 'featured', limit),
    modelCards(db, 'latest', limit),
    postsPage(db, { page: 1, pageSize: limit, contentFilter: 0, authorFilter: 0 }),
    timelapsesPage(db, { page: 1, pageSize: limit }),
  ]);
  return { featured: featured.map(toCard), latest: latest.map(toCard), posts: posts.list, timelapses: timelapses.list };
}
