import type { Kysely } from 'kysely';
import type { TUploadedFile } from '../../../shared/api/content-admin';
import { ResultCode } from '../../../shared/errors';
import type { SliceParameters } from '../../../shared/slice';
import type { Database } from '../../db/schema';
import type { FileKind } from '../../db/schema-content';
import { AppError } from '../../http/app-error';
import { parseGcodeLocalFile, parseGcodePieces } from '../gcode/in-worker';
import { GcodeFormatError } from '../gcode/refusals';
import type { GcodeResult } from '../gcode/stream';
import { fileUrl } from '../models';
import type { FileStorage } from '../storage';
import { detectFileType, extensionOf, type FileType, formatsOf, MAX_FILE_BYTES } from './file-types';
import { plateGcodeStream } from './gcode-3mf';
import { notFound } from './refs';
import { MAX_3MF } from './three-mf';

export interface StoredFile extends TUploadedFile {
  storageKey: string;
}

/** An upload that passed the checks: its type and the name to record. */
export interface CheckedUpload {
  type: FileType;
  name: string;
  sizeBytes: number;
}

/**
 * Checks an upload without writing anything: the type from its bytes (1201, or 1203 for a file
 * named as G-code that cannot be read), the name's ending against that type (1201), the size for
 * its kind (1202). A name without an ending gets the type's, so downloads open with the right program.
 */
export function checkUpload(bytes: Uint8Array, name: string): CheckedUpload {
  const extension = extensionOf(name);
  const detected = detectFileType(bytes, extension);
  if (!detected.ok) {
    if (detected.problem === 'unpacked')
      throw new AppError(ResultCode.fileTooLarge, {
        messageKey: 'unpackedTooLarge',
        params: { format: '3MF', maxMb: MAX_3MF.unpackedBytes / 1024 / 1024, maxEntries: MAX_3MF.entries, maxRatio: MAX_3MF.ratio },
        result: { reason: detected.reason },
      });
    const code = detected.problem === 'gcode' ? ResultCode.invalidGcode : ResultCode.unsupportedFileType;
    throw new AppError(code, { result: { reason: detected.reason } });
  }
  const { type } = detected;
  if (extension && !(type.extensions as readonly string[]).includes(extension)) {
    throw new AppError(ResultCode.unsupportedFileType, { messageKey: 'fileNameMismatch', params: { extension, format: type.format } });
  }
  const max = MAX_FILE_BYTES[type.kind];
  if (bytes.byteLength > max) throw new AppError(ResultCode.fileTooLarge, { params: { format: type.format, maxMb: max / 1024 / 1024 } });
  return { type, name: extension ? name : `${name}.${type.extensions[0]}`, sizeBytes: bytes.byteLength };
}

/**
 * Writes a checked upload to the store and records it. The stored file is removed again when the
 * row cannot be written; a caller that rolls back a transaction around this removes `storageKey`.
 */
export async function saveUpload(
  db: Kysely<Database>,
  storage: FileStorage,
  bytes: Uint8Array,
  checked: CheckedUpload,
  now: number,
): Promise<StoredFile> {
  const { type, name, sizeBytes } = checked;
  const storageKey = await storage.put(bytes, type.extensions[0]);
  try {
    const row = await db
      .insertInto('content_files')
      .values({ kind: type.kind, storage_key: storageKey, name, mime: type.mime, size_bytes: sizeBytes, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return {
      fileId: row.id,
      kind: type.kind,
      name,
      mime: type.mime,
      sizeBytes,
      url: fileUrl(storageKey),
      storageKey,
    };
  } catch (err) {
    await storage.remove(storageKey);
    throw err;
  }
}

export const storeFile = (db: Kysely<Database>, storage: FileStorage, upload: { bytes: Uint8Array; name: string }, now: number) =>
  saveUpload(db, storage, upload.bytes, checkUpload(upload.bytes, upload.name), now);

export interface FileRow {
  id: number;
  kind: FileKind;
  storage_key: string;
  name: string;
  size_bytes: number;
}

/**
 * The recorded files of `ids`, each of `kind`; 1001 for an unknown id, 1204 for another kind.
 * `field` names the input field in the message (`imageFileIds` → `imageFileIds.2`).
 */
export async function requireFiles(db: Kysely<Database>, ids: readonly number[], kind: FileKind, field: string): Promise<FileRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('content_files')
    .select(['id', 'kind', 'storage_key', 'name', 'size_bytes'])
    .where('id', 'in', [...ids])
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id, i) => {
    const name = field.endsWith('Ids') ? `${field}.${i}` : field;
    const row = byId.get(id);
    if (!row) throw notFound(name, id);
    if (row.kind !== kind) throw new AppError(ResultCode.fileKindMismatch, { params: { field: name, id, formats: formatsOf(kind) } });
    return row;
  });
}

/** One file reference, of `kind`. */
export async function requireFile(db: Kysely<Database>, id: number, kind: FileKind, field: string): Promise<FileRow> {
  const [row] = await requireFiles(db, [id], kind, field);
  if (!row) throw notFound(field, id);
  return row;
}

/** One optional file reference (`undefined` → null). */
export const optionalFile = (db: Kysely<Database>, id: number | undefined, kind: FileKind, field: string) =>
  id === undefined ? Promise.resolve(null) : requireFile(db, id, kind, field);

/** A slice's G-code read: its parameters and the stored toolpath preview (null when it drew nothing). */
export interface ReadGcode {
  params: SliceParameters;
  toolpathKey: string | null;
}

/**
 * Reads a recorded G-code file back from the store, streamed through the parser off the main
 * thread (1203 when it cannot be read, 1202 when it is over the G-code limit: files recorded
 * before the limit, or put in the store by other means), and stores its toolpath preview. A
 * caller whose transaction fails removes `toolpathKey`.
 */
export async function readStoredGcode(storage: FileStorage, file: FileRow, field: string): Promise<ReadGcode> {
  const size = storage.size(file.storage_key);
  if (size === null) throw notFound(field, file.id);
  if (size > MAX_FILE_BYTES.gcode) {
    throw new AppError(ResultCode.fileTooLarge, { params: { format: 'G-code', maxMb: MAX_FILE_BYTES.gcode / 1024 / 1024 } });
  }
  let result: GcodeResult;
  try {
    result = await parseStored(storage, file.storage_key, size);
  } catch (err) {
    if (err instanceof GcodeFormatError) throw new AppError(ResultCode.invalidGcode, { result: { reason: err.message } });
    throw err;
  }
  const toolpathKey = result.toolpath ? await storage.put(Buffer.from(JSON.stringify(result.toolpath)), 'json') : null;
  return { params: result.params, toolpathKey };
}

/**
 * A local file is read by the worker itself; another store's file is streamed to it. A sliced 3MF
 * (held in memory, like its upload, within the upload limit) has its plate's G-code inflated
 * into the worker as it is read.
 */
async function parseStored(storage: FileStorage, key: string, size: number): Promise<GcodeResult> {
  if (key.endsWith('.3mf')) {
    const stream = storage.read(key);
    if (!stream) throw new GcodeFormatError('The file is no longer in the store.');
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const plate = plateGcodeStream(Buffer.concat(chunks));
    return parseGcodePieces(plate.pieces, plate.size);
  }
  const local = storage.localPath(key);
  if (local !== null) return parseGcodeLocalFile(local);
  const stream = storage.read(key);
  if (!stream) throw new GcodeFormatError('The file is no longer in the store.');
  try {
    return await parseGcodePieces(stream, size);
  } finally {
    stream.destroy();
  }
}
