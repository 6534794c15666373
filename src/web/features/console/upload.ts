import { CONTENT_ADMIN_API, type TUploadedFile } from '../../../shared/api/content-admin';
import type { Envelope } from '../../../shared/api/envelope';
import { headerContextValues } from '../../../shared/context';
import type { Locale } from '../../../shared/i18n';
import { uuidv7 } from '../../../shared/uuid';
import { browserIdentity } from '../../api/identity';

/**
 * Uploads an image through the content admin API, or another admin upload route taking the raw
 * file as the body (`path`: the mall's product images), so it is not a JSON call of the API
 * client; the stored file's URL, or the server's message when it refused.
 */
export async function uploadImage(
  file: File,
  locale: Locale,
  path: string = CONTENT_ADMIN_API.file.path,
): Promise<{ url: string } | { error: string }> {
  const headers = headerContextValues({ ...browserIdentity(locale), requestId: uuidv7() });
  const res = await fetch(`${path}?name=${encodeURIComponent(file.name.slice(-200))}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/octet-stream', accept: 'application/json' },
    credentials: 'same-origin',
    body: file,
  });
  const body = (await res.json().catch(() => null)) as Envelope<TUploadedFile> | null;
  if (body?.code === 0 && body.result.kind === 'image') return { url: body.result.url };
  return { error: body?.msg ?? String(res.status) };
}
