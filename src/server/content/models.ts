import type { ExpressionBuilder, Kysely } from 'kysely';
import type { ModelCard, ModelView, Page } from '../../shared/api/content';
import type { SliceParameters } from '../../shared/slice';
import type { Database } from '../db/schema';
import { fileUrl } from './files';
import { offsetOf, pageOf, toCount } from './paging';
import { USER_CARD, userCard } from './user-card';

export { fileUrl };

/** A model as the model page shows it, or null when it does not exist or was deleted. */
export async function modelView(db: Kysely<Database>, modelId: number): Promise<ModelView | null> {
  const m = await db
    .selectFrom('models')
    .innerJoin('users', 'users.id', 'models.author_id')
    .leftJoin('circles', 'circles.id', 'models.circle_id')
    .select([
      'circles.id as circle_id',
      'circles.name as circle_name',
      'models.id',
      'models.title',
      'models.description',
      'models.licence',
      'models.price',
      'models.download_count',
      'models.like_count',
      'models.collect_count',
      'models.comment_count',
      'models.created_at',
      ...USER_CARD,
    ])
    .where('models.id', '=', modelId)
    .where('models.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!m) return null;
  const [images, files, slices] = await Promise.all([
    db
      .selectFrom('model_images')
      .innerJoin('content_files', 'content_files.id', 'model_images.file_id')
      .select('content_files.storage_key')
      .where('model_images.model_id', '=', modelId)
      .orderBy('model_images.position')
      .execute(),
    db
      .selectFrom('model_files')
      .innerJoin('content_files', 'content_files.id', 'model_files.file_id')
      .select(['content_files.storage_key', 'content_files.name', 'content_files.size_bytes'])
      .where('model_files.model_id', '=', modelId)
      .orderBy('model_files.position')
      .execute(),
    db.selectFrom('slices').select(['id', 'name', 'params']).where('model_id', '=', modelId).orderBy('created_at').execute(),
  ]);
  return {
    id: String(m.id),
    title: m.title,
    description: m.description,
    licence: m.licence,
    price: m.price,
    counts: { downloads: m.download_count, likes: m.like_count, collects: m.collect_count, comments: m.comment_count },
    createdAt: m.created_at,
    author: userCard(m),
    circle: m.circle_id && m.circle_name ? { id: String(m.circle_id), name: m.circle_name } : null,
    images: images.map((i) => ({ url: fileUrl(i.storage_key) })),
    files: files.map((f) => ({
      name: f.name,
      url: fileUrl(f.storage_key),
      sizeBytes: f.size_bytes,
      format: (f.name.split('.').pop() ?? '').toUpperCase(),
    })),
    slices: slices.map((s) => {
      const p = JSON.parse(s.params) as Partial<SliceParameters>;
      return {
        id: String(s.id),
        name: s.name,
        estimatedSeconds: p.estimatedSeconds ?? null,
        layerHeightMm: p.layerHeightMm ?? null,
        device: p.device ?? null,
      };
    }),
  };
}

/** The storage key of a model's first image (its card's picture), as `image_key`. */
export const firstImageKey = (eb: ExpressionBuilder<Database, 'models'>) =>
  eb
    .selectFrom('model_images')
    .innerJoin('content_files', 'content_files.id', 'model_images.file_id')
    .select('content_files.storage_key')
    .whereRef('model_images.model_id', '=', 'models.id')
    .orderBy('model_images.position')
    .limit(1)
    .as('image_key');

/** A profile's "models" tab, newest first; the first image is the card's picture. */
/**
 * A page of model cards, newest first: one author's (`userId`), or every model of a price
 * (`price`: free 1, paid 2; the free-model funnel lists the free ones).
 */
export async function modelsPage(
  db: Kysely<Database>,
  q: ({ userId: number; price?: undefined } | { price: number; userId?: undefined }) & { page: number; pageSize: number },
): Promise<Page<ModelCard>> {
  let base = db.selectFrom('models').where('deleted_at', 'is', null);
  base = q.userId !== undefined ? base.where('author_id', '=', q.userId) : base.where('price', '=', q.price);
  const [rows, total] = await Promise.all([
    base
      .select((eb) => ['models.id', 'models.title', 'models.like_count', 'models.download_count', firstImageKey(eb)])
      .orderBy('models.created_at', 'desc')
      .orderBy('models.id', 'desc')
      .limit(q.pageSize)
      .offset(offsetOf(q))
      .execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return pageOf(
    rows.map((m) => ({
      id: String(m.id),
      title: m.title,
      imageUrl: m.image_key ? fileUrl(m.image_key) : null,
      likes: m.like_count,
      downloads: m.download_count,
    })),
    q,
    toCount(total.n),
  );
}
