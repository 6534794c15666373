import type { Kysely } from 'kysely';
import type { SliceView } from '../../shared/api/content';
import { emptyParameters, type SliceParameters } from '../../shared/slice';
import type { Database } from '../db/schema';
import { fileUrl } from './files';
import { toolpathUrl } from './files-route';

/** A print profile with its model (not shown when the model was deleted). */
export async function sliceView(db: Kysely<Database>, sliceId: number): Promise<SliceView | null> {
  const s = await db
    .selectFrom('slices')
    .innerJoin('models', 'models.id', 'slices.model_id')
    .innerJoin('users', 'users.id', 'slices.author_id')
    .select([
      'slices.id',
      'slices.name',
      'slices.params',
      'slices.created_at',
      'slices.toolpath_key',
      'models.id as model_id',
      'models.title',
      'users.id as author_id',
      'users.nickname',
    ])
    .where('slices.id', '=', sliceId)
    .where('models.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!s) return null;
  const image = await db
    .selectFrom('model_images')
    .innerJoin('content_files', 'content_files.id', 'model_images.file_id')
    .select('content_files.storage_key')
    .where('model_images.model_id', '=', s.model_id)
    .orderBy('model_images.position')
    .executeTakeFirst();
  // Stored profiles may predate a field: it reads as not stated.
  const params: SliceParameters = { ...emptyParameters(), ...(JSON.parse(s.params) as Partial<SliceParameters>) };
  return {
    id: String(s.id),
    name: s.name,
    createdAt: s.created_at,
    params,
    toolpathUrl: s.toolpath_key ? toolpathUrl(s.toolpath_key) : null,
    author: { id: String(s.author_id), nickname: s.nickname },
    model: { id: String(s.model_id), title: s.title, imageUrl: image ? fileUrl(image.storage_key) : null },
  };
}
