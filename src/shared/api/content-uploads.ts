import { z } from 'zod';
import { ZFileName, ZUploadedFile } from './content-admin';

/**
 * Resumable uploads for the console's content import: start names the file and its size, then the
 * file goes in parts (the raw bytes as the body, `?uploadId=&offset=`), each at the offset the
 * server has reached; a dropped connection asks `status` and resumes there. The last part
 * completes the upload: the whole file is checked as a one-call upload is (type from the bytes,
 * size, a 3MF's ZIP directory, G-code's head) and the answer carries the stored file; a client
 * whose last answer was lost finds it with `status`.
 * Staff with the `content` scope; an upload is its starter's only.
 */

const BASE = '/api/cxy/admin/v2/content/uploads';

export const UPLOADS_API = {
  start: { method: 'POST', path: `${BASE}/start` },
  /** Raw body: one part of the file, at `offset`. */
  part: { method: 'POST', path: `${BASE}/part` },
  status: { method: 'GET', path: `${BASE}/status` },
} as const;

/** The largest part one call may carry; the console sends 1 MB parts. */
export const MAX_PART_BYTES = 4 * 1024 * 1024;

const ZUploadId = z.string().regex(/^[0-9a-f]{32}$/, 'an upload id');

export const ZUploadState = z.object({
  uploadId: z.string(),
  name: z.string(),
  sizeBytes: z.number().int(),
  /** Bytes received so far: where the next part starts. */
  offset: z.number().int(),
  /** The stored file, once the last part is in (`status` answers it for a day after). */
  file: ZUploadedFile.nullable(),
});
export type TUploadState = z.infer<typeof ZUploadState>;

/** Code 1201 for a name whose ending is no accepted type; 1202 for a size over its kind's limit. */
export const uploadStart = {
  ...UPLOADS_API.start,
  input: z.strictObject({
    name: ZFileName,
    sizeBytes: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  }),
  result: ZUploadState,
};

/**
 * Code 1206 (with `result.offset`) when `offset` is not where the upload stands: send from there.
 * 1202 when the part goes past the size given at the start; 1201 when the first part is not the
 * type the name says; 1001 for an unknown (or finished, or someone else's) upload.
 */
export const uploadPart = {
  ...UPLOADS_API.part,
  input: z.object({ uploadId: ZUploadId, offset: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER) }),
  result: ZUploadState,
};

export const uploadStatus = { ...UPLOADS_API.status, input: z.object({ uploadId: ZUploadId }), result: ZUploadState };
