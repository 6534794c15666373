import crypto from 'node:crypto';

/**
 * Signed download links: `<payload>.<mac>`, the payload base64url JSON of the model, file, member
 * and expiry, the MAC an HMAC-SHA256 under a key derived from the site's secret for this purpose
 * only. A link works for its member's download and expires after LINK_MS; it names no storage key.
 */
export const LINK_MS = 5 * 60_000;

export interface DownloadGrant {
  modelId: number;
  fileId: number;
  userId: number;
  /** Epoch ms after which the link is refused. */
  exp: number;
}

const keyFor = (secret: Buffer) => crypto.createHmac('sha256', secret).update('free-model-download-v1').digest();
const mac = (key: Buffer, payload: string) => crypto.createHmac('sha256', key).update(payload).digest('base64url');

export function signDownload(secret: Buffer, g: Omit<DownloadGrant, 'exp'>, now = Date.now()): { token: string; exp: number } {
  const grant: DownloadGrant = { ...g, exp: now + LINK_MS };
  const payload = Buffer.from(JSON.stringify([grant.modelId, grant.fileId, grant.userId, grant.exp])).toString('base64url');
  return { token: `${payload}.${mac(keyFor(secret), payload)}`, exp: grant.exp };
}

/** The grant of a well-signed token (expired or not: the caller tells them apart); null otherwise. */
export function readDownload(secret: Buffer, token: string): DownloadGrant | null {
  const m = /^([A-Za-z0-9_-]{1,200})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m?.[1] || !m[2]) return null;
  const expected = Buffer.from(mac(keyFor(secret), m[1]));
  const given = Buffer.from(m[2]);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  try {
    const [modelId, fileId, userId, exp] = JSON.parse(Buffer.from(m[1], 'base64url').toString('utf8')) as number[];
    return [modelId, fileId, userId, exp].every(Number.isSafeInteger)
      ? { modelId: modelId as number, fileId: fileId as number, userId: userId as number, exp: exp as number }
      : null;
  } catch {
    return null;
  }
}
