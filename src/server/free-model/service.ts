import type { FreeModelFiles } from '../../shared/api/free-model';
import { ModelPrice } from '../../shared/enums';
import { ResultCode } from '../../shared/errors';
import { fileUrl } from '../content/files';
import type { Db, Tx } from '../db/database';
import { AppError } from '../http/app-error';

/** A free model that is not deleted, or 1001 (a paid model answers 3501). */
async function freeModel(db: Tx, modelId: number) {
  const m = await db
    .selectFrom('models')
    .select(['id', 'title', 'licence', 'price', 'download_count'])
    .where('id', '=', modelId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!m) throw new AppError(ResultCode.notFound);
  if (m.price !== ModelPrice.free) throw new AppError(ResultCode.modelNotFree);
  return m;
}

/** What the download page shows: the model and its files. */
export async function freeModelFiles(db: Tx, modelId: number): Promise<FreeModelFiles> {
  const m = await freeModel(db, modelId);
  const [files, image] = await Promise.all([
    db
      .selectFrom('model_files')
      .innerJoin('content_files', 'content_files.id', 'model_files.file_id')
      .select(['content_files.id', 'content_files.name', 'content_files.size_bytes'])
      .where('model_files.model_id', '=', modelId)
      .orderBy('model_files.position')
      .execute(),
    db
      .selectFrom('model_images')
      .innerJoin('content_files', 'content_files.id', 'model_images.file_id')
      .select('content_files.storage_key')
      .where('model_images.model_id', '=', modelId)
      .orderBy('model_images.position')
      .executeTakeFirst(),
  ]);
  return {
    modelId: String(m.id),
    title: m.title,
    imageUrl: image ? fileUrl(image.storage_key) : null,
    licence: m.licence,
    downloads: m.download_count,
    files: files.map((f) => ({ fileId: String(f.id), name: f.name, sizeBytes: f.size_bytes })),
  };
}

/** The stored file of a free model's file id, or 1001 (the id must be one of that model's files). */
export async function freeModelFile(db: Tx, modelId: number, fileId: number) {
  await freeModel(db, modelId);
  const f = await db
    .selectFrom('model_files')
    .innerJoin('content_files', 'content_files.id', 'model_files.file_id')
    .select(['content_files.storage_key', 'content_files.name', 'content_files.mime', 'content_files.size_bytes'])
    .where('model_files.model_id', '=', modelId)
    .where('model_files.file_id', '=', fileId)
    .executeTakeFirst();
  if (!f) throw new AppError(ResultCode.notFound);
  return f;
}

/**
 * A member's download: their first of this model is a row (the key: model and member) and one
 * more on the model's counter, in one transaction; later downloads change nothing.
 */
export async function recordDownload(db: Db, d: { modelId: number; userId: number; fileId: number }, now = Date.now()) {
  return db.transaction(
    async (trx) => {
      const first = await trx
        .insertInto('model_downloads')
        .values({ model_id: d.modelId, user_id: d.userId, file_id: d.fileId, created_at: now })
        .onConflict((oc) => oc.columns(['model_id', 'user_id']).doNothing())
        .returning('model_id')
        .executeTakeFirst();
      if (first)
        await trx
          .updateTable('models')
          .set((eb) => ({ download_count: eb('download_count', '+', 1) }))
          .where('id', '=', d.modelId)
          .execute();
      return { counted: !!first };
    },
    // Keyed by (model, member): run again, it finds the row and counts nothing.
    { idempotent: true },
  );
}
