import crypto from 'node:crypto';
import type { TUploadedFile } from '../../../shared/api/content-admin';
import type { TUploadState } from '../../../shared/api/content-uploads';
import { ResultCode } from '../../../shared/errors';
import type { AuditHook } from '../../console/audit';
import type { Db } from '../../db/database';
import { AppError } from '../../http/app-error';
import { checkGcodeHead, GcodeFormatError } from '../gcode/parse';
import { fileUrl } from '../models';
import type { FileStorage } from '../storage';
import { detectFileType, extensionOf, type FileType, MAX_FILE_BYTES, typeOfExtension } from './file-types';
import { checkUpload, saveUpload } from './files';

/**
 * Resumable uploads (migration 0032). A part is stored in the file store first (a large body must
 * not hold the write lock), then taken by one guarded update that moves the offset from where the
 * part starts: a part sent twice, or two at once for the same offset, is taken once and the other
 * copy removed. The last part completes the upload: the parts are read back in order and the whole
 * file goes through the one-call upload's checks (files.ts) before it is recorded. A complete upload
 * keeps the file's id (its parts removed), so a client whose last answer was lost asks `status`.
 */

/** Uploads one staff member may have under way; a new one past this is refused. */
const OPEN_PER_ACTOR = 20;
const DAY = 86_400_000;

const unknownUpload = () => new AppError(ResultCode.notFound, { messageKey: 'notFoundNamed', params: { field: 'uploadId', id: '' } });
const tooLarge = (type: FileType) =>
  new AppError(ResultCode.fileTooLarge, { params: { format: type.format, maxMb: MAX_FILE_BYTES[type.kind] / 1024 / 1024 } });

/** The type a name claims, or 1201: an upload is started only for a name the store accepts. */
function claimedType(name: string): FileType {
  const type = typeOfExtension(extensionOf(name));
  if (!type) throw new AppError(ResultCode.unsupportedFileType);
  return type;
}

/**
 * The first part against the name's type, as far as a head can tell: images and videos by their
 * signature, a 3MF is a ZIP, G-code by its head (the parser's own check). An STL is known only
 * whole (a binary one by its exact length), as is a 3MF's directory: both are checked at the end.
 */
function checkHead(type: FileType, head: Uint8Array) {
  if (type.kind === 'gcode') {
    try {
      checkGcodeHead(head);
    } catch (err) {
      if (err instanceof GcodeFormatError) throw new AppError(ResultCode.invalidGcode, { result: { reason: err.message } });
      throw err;
    }
    return;
  }
  if (type.format === 'STL') return;
  const zip = Buffer.from(head.buffer, head.byteOffset, Math.min(4, head.byteLength)).toString('latin1') === 'PK\u0003\u0004';
  if (type.format === '3MF') {
    if (!zip) throw new AppError(ResultCode.unsupportedFileType);
    return;
  }
  const found = detectFileType(head, type.extensions[0]);
  if (!found.ok) throw new AppError(ResultCode.unsupportedFileType);
  if (found.type.format !== type.format)
    throw new AppError(ResultCode.unsupportedFileType, {
      messageKey: 'fileNameMismatch',
      params: { extension: type.extensions[0], format: found.type.format },
    });
}

const state = (row: { id: string; name: string; size_bytes: number; received_bytes: number }, file: TUploadedFile | null = null) => ({
  uploadId: row.id,
  name: row.name,
  sizeBytes: Number(row.size_bytes),
  offset: Number(row.received_bytes),
  file,
});

export function createUploads(db: Db, storage: FileStorage) {
  const k = db.kysely;
  const own = async (actorId: number, uploadId: string) => {
    const row = await k.selectFrom('content_uploads').selectAll().where('id', '=', uploadId).executeTakeFirst();
    // Someone else's upload is as unknown as one that never was.
    if (!row || Number(row.actor_id) !== actorId) throw unknownUpload();
    return row;
  };

  /** Drops an upload and its parts (rows first, so no later call finds a part being removed). */
  async function discard(uploadId: string) {
    const parts = await db.transaction(async (trx) => {
      const rows = await trx.selectFrom('content_upload_parts').select('storage_key').where('upload_id', '=', uploadId).execute();
      await trx.deleteFrom('content_upload_parts').where('upload_id', '=', uploadId).execute();
      await trx.deleteFrom('content_uploads').where('id', '=', uploadId).execute();
      return rows;
    });
    await Promise.all(parts.map((p) => storage.remove(p.storage_key)));
  }

  async function readWhole(uploadId: string): Promise<Buffer> {
    const parts = await k
      .selectFrom('content_upload_parts')
      .select(['storage_key', 'size_bytes'])
      .where('upload_id', '=', uploadId)
      .orderBy('offset_bytes')
      .execute();
    const chunks: Buffer[] = [];
    for (const p of parts) {
      const stream = storage.read(p.storage_key);
      if (!stream) throw unknownUpload();
      for await (const c of stream) chunks.push(c as Buffer);
    }
    return Buffer.concat(chunks);
  }

  async function complete(uploadId: string, name: string, now: number, audit: AuditHook): Promise<TUploadedFile> {
    const bytes = await readWhole(uploadId);
    let checked: ReturnType<typeof checkUpload>;
    try {
      checked = checkUpload(bytes, name);
    } catch (err) {
      await discard(uploadId);
      throw err;
    }
    const { storageKey: _key, ...file } = await saveUpload(k, storage, bytes, checked, now);
    // The file's audit row, the upload's link to it and the end of its parts commit together.
    const parts = await db.transaction(async (trx) => {
      await audit(trx, { itemId: file.fileId, after: { name: file.name, kind: file.kind, sizeBytes: file.sizeBytes } });
      await trx.updateTable('content_uploads').set({ file_id: file.fileId, updated_at: now }).where('id', '=', uploadId).execute();
      const rows = await trx.selectFrom('content_upload_parts').select('storage_key').where('upload_id', '=', uploadId).execute();
      await trx.deleteFrom('content_upload_parts').where('upload_id', '=', uploadId).execute();
      return rows;
    });
    await Promise.all(parts.map((p) => storage.remove(p.storage_key)));
    return file;
  }

  async function storedFile(fileId: number): Promise<TUploadedFile | null> {
    const f = await k
      .selectFrom('content_files')
      .select(['id', 'kind', 'name', 'mime', 'size_bytes', 'storage_key'])
      .where('id', '=', fileId)
      .executeTakeFirst();
    return f
      ? { fileId: f.id, kind: f.kind, name: f.name, mime: f.mime, sizeBytes: Number(f.size_bytes), url: fileUrl(f.storage_key) }
      : null;
  }

  return {
    async start(actorId: number, input: { name: string; sizeBytes: number }, now: number): Promise<TUploadState> {
      const type = claimedType(input.name);
      if (input.sizeBytes > MAX_FILE_BYTES[type.kind]) throw tooLarge(type);
      const open = await k
        .selectFrom('content_uploads')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('actor_id', '=', actorId)
        .where('file_id', 'is', null)
        .executeTakeFirstOrThrow();
      if (Number(open.n) >= OPEN_PER_ACTOR) {
        // The oldest unfinished upload makes room: an abandoned one never blocks its owner.
        const oldest = await k
          .selectFrom('content_uploads')
          .select('id')
          .where('actor_id', '=', actorId)
          .where('file_id', 'is', null)
          .orderBy('updated_at')
          .executeTakeFirstOrThrow();
        await discard(oldest.id);
      }
      // Complete uploads are remembered for a client that lost its last answer, a day at most.
      await db.transaction((trx) =>
        trx
          .deleteFrom('content_uploads')
          .where('actor_id', '=', actorId)
          .where('file_id', 'is not', null)
          .where('updated_at', '<', now - DAY)
          .execute(),
      );
      const row = { id: crypto.randomBytes(16).toString('hex'), actor_id: actorId, name: input.name, size_bytes: input.sizeBytes };
      await db.transaction((trx) =>
        trx
          .insertInto('content_uploads')
          .values({ ...row, received_bytes: 0, created_at: now, updated_at: now })
          .execute(),
      );
      return state({ ...row, received_bytes: 0 });
    },

    async status(actorId: number, uploadId: string): Promise<TUploadState> {
      const row = await own(actorId, uploadId);
      return state(row, row.file_id === null ? null : await storedFile(Number(row.file_id)));
    },

    /** Takes one part; the last one completes the upload (`audit` records the stored file). */
    async part(actorId: number, input: { uploadId: string; offset: number; bytes: Uint8Array }, now: number, audit: AuditHook) {
      const row = await own(actorId, input.uploadId);
      const type = claimedType(row.name);
      const received = Number(row.received_bytes);
      const size = Number(row.size_bytes);
      if (input.offset !== received)
        throw new AppError(ResultCode.uploadOffset, { params: { offset: received }, result: { offset: received } });
      if (received + input.bytes.byteLength > size) throw tooLarge(type);
      if (received === 0) {
        try {
          checkHead(type, input.bytes);
        } catch (err) {
          // Nothing to resume: the file is not what its name says.
          await discard(row.id);
          throw err;
        }
      }
      const key = await storage.put(input.bytes, 'part');
      const taken = await db.transaction(async (trx) => {
        const moved = await trx
          .updateTable('content_uploads')
          .set({ received_bytes: received + input.bytes.byteLength, updated_at: now })
          .where('id', '=', row.id)
          .where('received_bytes', '=', received)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) return false;
        await trx
          .insertInto('content_upload_parts')
          .values({ upload_id: row.id, offset_bytes: received, size_bytes: input.bytes.byteLength, storage_key: key })
          .execute();
        return true;
      });
      if (!taken) {
        await storage.remove(key);
        // Another copy of this part got there first: say where the upload stands now.
        const at = Number((await own(actorId, row.id)).received_bytes);
        throw new AppError(ResultCode.uploadOffset, { params: { offset: at }, result: { offset: at } });
      }
      const offset = received + input.bytes.byteLength;
      const moved = { ...row, received_bytes: offset };
      return state(moved, offset < size ? null : await complete(row.id, row.name, now, audit));
    },
  };
}

export type Uploads = ReturnType<typeof createUploads>;
