import type { TUploadedFile } from '../../../shared/api/content-admin';
import { MAX_PART_BYTES, type TUploadState, UPLOADS_API } from '../../../shared/api/content-uploads';
import type { Envelope } from '../../../shared/api/envelope';
import { headerContextValues } from '../../../shared/context';
import { ResultCode } from '../../../shared/errors';
import type { Locale } from '../../../shared/i18n';
import { uuidv7 } from '../../../shared/uuid';
import type { ApiClient } from '../../api/client';
import { browserIdentity } from '../../api/identity';

/**
 * Sends a file in parts through the resumable upload API. A part whose connection drops is sent
 * again from where the server says the upload stands (it takes each byte once), after a pause
 * that grows, a few times before giving up; a refusal (type, size) ends it with the server's
 * message. `onProgress` gets the bytes the server has.
 */
const PART = Math.min(1024 * 1024, MAX_PART_BYTES);
const RETRIES = 5;

export class UploadRefused extends Error {}

async function sendPart(state: TUploadState, bytes: Blob, locale: Locale): Promise<Envelope<TUploadState>> {
  const headers = headerContextValues({ ...browserIdentity(locale), requestId: uuidv7() });
  const res = await fetch(`${UPLOADS_API.part.path}?uploadId=${state.uploadId}&offset=${state.offset}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/octet-stream', accept: 'application/json' },
    credentials: 'same-origin',
    body: bytes,
  });
  const body = (await res.json().catch(() => null)) as Envelope<TUploadState> | null;
  // A gateway's error page is not the server's answer: treat it as a dropped connection.
  if (!body || typeof body.code !== 'number') throw new TypeError(`HTTP ${res.status}`);
  return body;
}

export async function resumableUpload(
  api: ApiClient,
  file: File,
  locale: Locale,
  onProgress: (sent: number) => void,
): Promise<TUploadedFile> {
  let state = await api.call(UPLOADS_API.start, { name: file.name.slice(-200), sizeBytes: file.size }, { quiet: true });
  let failures = 0;
  for (;;) {
    let answer: Envelope<TUploadState>;
    try {
      answer = await sendPart(state, file.slice(state.offset, state.offset + PART), locale);
    } catch {
      if (++failures > RETRIES) throw new UploadRefused('network');
      await new Promise((r) => setTimeout(r, 500 * failures));
      // Where did it stop? The part may have arrived even though its answer did not.
      state = await api.call(UPLOADS_API.status, { uploadId: state.uploadId }, { quiet: true });
      onProgress(state.offset);
      if (state.file) return state.file;
      continue;
    }
    if (answer.code === ResultCode.uploadOffset) {
      // The server is elsewhere (an earlier copy of this part arrived, or the upload is complete).
      state = await api.call(UPLOADS_API.status, { uploadId: state.uploadId }, { quiet: true });
      onProgress(state.offset);
      if (state.file) return state.file;
      continue;
    }
    if (answer.code !== ResultCode.success) throw new UploadRefused(answer.msg);
    failures = 0;
    state = answer.result;
    onProgress(state.offset);
    if (state.file) return state.file;
  }
}
