import type { Kysely } from 'kysely';
import type { ModelView } from '../../shared/api/content';
import type { SliceParameters } from '../../shared/slice';
import type { Database } from '../db/schema';

/** Public URL of a stored file (served by the file route with a year of caching: keys never change). */
export const fileUrl = (key: string) => `/files/${key}`;

/** A model as the model page shows it, or null when it does not exist or was deleted. */
export async function modelView(db: Kysely<Database>, modelId: number): Promise<ModelView | null> {
  const m = await db
    .selectFrom('models')
    .innerJoin('users', 'users.id', 'models.author_id')
    .select([
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
      'users.id as author_id',
      'users.nickname',
      'users.avatar_url',
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
    author: { id: String(m.author_id), nickname: m.nickname, avatarUrl: m.avatar_url },
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
