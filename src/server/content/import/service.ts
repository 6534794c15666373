import type { Kysely } from 'kysely';
import type {
  TCircleInput,
  TGcodeSliceInput,
  TModelInput,
  TPostInput,
  TSliceInput,
  TTimelapseInput,
  TTopicInput,
  TUserInput,
} from '../../../shared/api/content-admin';
import { ResultCode } from '../../../shared/errors';
import { emptyParameters, type SliceParameters } from '../../../shared/slice';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { layerHeightOption } from '../gcode/values';
import { fileUrl } from '../models';
import { type FileRow, optionalFile, requireFile, requireFiles } from './files';
import { requireModel, requireRow, requireRows } from './refs';

/**
 * Creating content from checked input (the admin API's and the import command's). Each function
 * expects to run inside the caller's transaction: it checks every reference first (1001 for an
 * unknown id, 1204 for a file of the wrong kind) and then writes, so a refusal writes nothing.
 */
type Db = Kysely<Database>;

/** The creation time to store: the given one (importing older content) or now, never the future. */
function createdAt(given: number | undefined, now: number): number {
  if (given === undefined) return now;
  if (given > now) throw new AppError(ResultCode.parameter, { messageKey: 'parameterNamed', params: { field: 'createdAt' } });
  return given;
}

export async function createUser(db: Db, input: TUserInput, now: number): Promise<{ userId: number }> {
  const avatar = await optionalFile(db, input.avatarFileId, 'image', 'avatarFileId');
  const at = createdAt(input.createdAt, now);
  const row = await db
    .insertInto('users')
    .values({
      nickname: input.nickname,
      avatar_url: avatar ? fileUrl(avatar.storage_key) : '',
      gender: input.gender,
      age: input.age,
      introduction: input.introduction,
      locale: input.locale,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { userId: row.id };
}

export async function createTopic(db: Db, input: TTopicInput, now: number): Promise<{ topicId: number }> {
  const taken = await db.selectFrom('topics').select('id').where('name', '=', input.name).executeTakeFirst();
  if (taken) throw new AppError(ResultCode.nameTaken, { params: { field: 'name' } });
  const row = await db
    .insertInto('topics')
    .values({ name: input.name, description: input.description, created_at: createdAt(input.createdAt, now) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { topicId: row.id };
}

export async function createCircle(db: Db, input: TCircleInput, now: number): Promise<{ circleId: number }> {
  await requireRow(db, 'users', input.ownerId, 'ownerId');
  await requireRows(db, 'users', input.memberIds, 'memberIds');
  const cover = await optionalFile(db, input.coverFileId, 'image', 'coverFileId');
  const bannerImages: (FileRow | null)[] = [];
  for (const [i, b] of input.banners.entries())
    bannerImages.push(await optionalFile(db, b.imageFileId, 'image', `banners.${i}.imageFileId`));
  const at = createdAt(input.createdAt, now);
  // The owner is always a member; listing them again changes nothing.
  const members = [input.ownerId, ...input.memberIds.filter((id) => id !== input.ownerId)];
  const circle = await db
    .insertInto('circles')
    .values({
      owner_id: input.ownerId,
      name: input.name,
      description: input.description,
      cover_file_id: cover?.id ?? null,
      member_count: members.length,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('circle_members')
    .values(members.map((user_id) => ({ circle_id: circle.id, user_id, joined_at: at })))
    .execute();
  if (input.banners.length > 0) {
    await db
      .insertInto('circle_banners')
      .values(
        input.banners.map((b, position) => ({
          circle_id: circle.id,
          kind: b.kind,
          title: b.title,
          image_file_id: bannerImages[position]?.id ?? null,
          link: b.link,
          position,
        })),
      )
      .execute();
  }
  return { circleId: circle.id };
}

export async function createModel(db: Db, input: TModelInput, now: number): Promise<{ modelId: number }> {
  await requireRow(db, 'users', input.authorId, 'authorId');
  await requireRow(db, 'circles', input.circleId, 'circleId');
  const images = await requireFiles(db, input.imageFileIds, 'image', 'imageFileIds');
  const files = await requireFiles(db, input.fileIds, 'model', 'fileIds');
  const at = createdAt(input.createdAt, now);
  const model = await db
    .insertInto('models')
    .values({
      author_id: input.authorId,
      circle_id: input.circleId ?? null,
      title: input.title,
      description: input.description,
      licence: input.licence,
      price: input.price,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rows = (list: FileRow[]) => list.map((f, position) => ({ model_id: model.id, file_id: f.id, position }));
  if (images.length > 0) await db.insertInto('model_images').values(rows(images)).execute();
  await db.insertInto('model_files').values(rows(files)).execute();
  return { modelId: model.id };
}

/** A profile stated by hand: what is given, every other parameter null (as the parser leaves it). */
export function statedParameters(stated: TSliceInput['params']): SliceParameters {
  const empty = emptyParameters();
  const p: SliceParameters = { ...empty, ...stated, filament: { ...empty.filament, ...stated.filament } };
  p.layerHeightOption = layerHeightOption(p.layerHeightMm);
  return p;
}

export function createSlice(db: Db, input: TSliceInput, now: number): Promise<{ sliceId: number }> {
  return insertSlice(db, input, statedParameters(input.params), null, now);
}

/** A profile read from an uploaded G-code file (`params` and `toolpathKey`: that file read, see `readStoredGcode`). */
export async function createGcodeSlice(
  db: Db,
  input: TGcodeSliceInput,
  gcode: { file: { id: number; name: string }; params: SliceParameters; toolpathKey: string | null },
  now: number,
): Promise<{ sliceId: number }> {
  // The file's name without its ending names the profile unless a name is given.
  const name =
    input.name ??
    (gcode.file.name
      .replace(/\.[^.]+$/, '')
      .slice(0, 120)
      .trim() ||
      gcode.file.name.slice(0, 120));
  return insertSlice(db, { ...input, name }, gcode.params, { fileId: gcode.file.id, toolpathKey: gcode.toolpathKey }, now);
}

async function insertSlice(
  db: Db,
  input: { modelId: number; authorId?: number | undefined; name: string; createdAt?: number | undefined },
  params: SliceParameters,
  gcode: { fileId: number; toolpathKey: string | null } | null,
  now: number,
): Promise<{ sliceId: number }> {
  const model = await requireModel(db, input.modelId, 'modelId');
  await requireRow(db, 'users', input.authorId, 'authorId');
  const row = await db
    .insertInto('slices')
    .values({
      model_id: model.id,
      author_id: input.authorId ?? model.author_id,
      name: input.name,
      params: JSON.stringify(params),
      gcode_file_id: gcode?.fileId ?? null,
      toolpath_key: gcode?.toolpathKey ?? null,
      created_at: createdAt(input.createdAt, now),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { sliceId: row.id };
}

export async function createPost(db: Db, input: TPostInput, now: number): Promise<{ postId: number }> {
  await requireRow(db, 'users', input.authorId, 'authorId');
  await requireRow(db, 'circles', input.circleId, 'circleId');
  await requireRows(db, 'topics', input.topicIds, 'topicIds');
  const images = await requireFiles(db, input.imageFileIds, 'image', 'imageFileIds');
  const video = await optionalFile(db, input.videoFileId, 'video', 'videoFileId');
  const post = await db
    .insertInto('posts')
    .values({
      author_id: input.authorId,
      author_kind: input.authorKind,
      circle_id: input.circleId ?? null,
      content_kind: input.contentKind,
      title: input.title,
      body: input.body,
      video_file_id: video?.id ?? null,
      created_at: createdAt(input.createdAt, now),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (images.length > 0) {
    await db
      .insertInto('post_images')
      .values(images.map((f, position) => ({ post_id: post.id, file_id: f.id, position })))
      .execute();
  }
  if (input.topicIds.length > 0) {
    await db
      .insertInto('post_topics')
      .values(input.topicIds.map((topic_id) => ({ post_id: post.id, topic_id })))
      .execute();
  }
  // The circle's counter moves with its posts, in the same transaction.
  if (input.circleId !== undefined) {
    await db
      .updateTable('circles')
      .set((eb) => ({ post_count: eb('post_count', '+', 1) }))
      .where('id', '=', input.circleId)
      .execute();
  }
  return { postId: post.id };
}

export async function createTimelapse(db: Db, input: TTimelapseInput, now: number): Promise<{ timelapseId: number }> {
  await requireRow(db, 'users', input.authorId, 'authorId');
  if (input.modelId !== undefined) await requireModel(db, input.modelId, 'modelId');
  const video = await requireFile(db, input.videoFileId, 'video', 'videoFileId');
  const poster = await optionalFile(db, input.posterFileId, 'image', 'posterFileId');
  const row = await db
    .insertInto('timelapses')
    .values({
      author_id: input.authorId,
      model_id: input.modelId ?? null,
      video_file_id: video.id,
      poster_file_id: poster?.id ?? null,
      printer: input.printer,
      duration_seconds: input.durationSeconds,
      created_at: createdAt(input.createdAt, now),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { timelapseId: row.id };
}
