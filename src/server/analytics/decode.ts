import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { jsonShape } from './json-shape';
import { MAX_LIST, MAX_PROPERTIES } from './records';
import { sensorsHash } from './sensors-hash';

/**
 * Every way the Sensors Data SDK sends, reduced to a list of records:
 * - image: `GET …?data=<base64 JSON>&ext=crc%3D<hash>`
 * - ajax: `POST` form body `data=…&ext=…` (application/x-www-form-urlencoded)
 * - beacon: the same body, sent as text/plain
 * - batch: `POST` form body `data_list=<base64 JSON array>` (the SDK's batch_send)
 * - `gzip=1`: the base64 is of gzip-compressed JSON (the mobile SDKs' way)
 * Whichever content type the body came with, it is read as form text.
 */
export type Decoded = { ok: true; records: unknown[] } | { ok: false; reason: string; tooLarge?: true };

/** At most this many records per request: the SDK sends 6 per batch, mobile SDKs up to 50. */
export const MAX_RECORDS = 100;
/**
 * How deep the JSON may nest: the list of records, a record, its properties or lib, a list
 * value, with one level to spare for SDKs that send one more object.
 */
const MAX_DEPTH = 5;
/** Members of one object or array: the most any of records, properties and list values may have. */
const MAX_MEMBERS = Math.max(MAX_RECORDS, MAX_PROPERTIES, MAX_LIST);
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
// On libuv's thread pool: inflating never blocks the event loop, and stops at the limit.
const inflate = promisify(gunzip);

/**
 * Reads a collect request into its records, or why it cannot. `maxJsonBytes` bounds what a
 * gzip body may inflate to: past it the request is refused as too large, unread.
 */
export async function decodeCollect(
  query: Record<string, unknown>,
  body: string | undefined,
  limits: { maxJsonBytes: number },
): Promise<Decoded> {
  const params = body?.trim() ? new URLSearchParams(body.trim()) : toParams(query);
  const list = params.get('data_list');
  const single = params.get('data');
  const text = list ?? single;
  if (text === null || text === '') return { ok: false, reason: 'no data or data_list' };
  // Form decoding turns an unescaped '+' into a space; url-safe base64 uses '-' and '_'.
  const b64 = text.replace(/ /g, '+').replace(/-/g, '+').replace(/_/g, '/');
  if (!BASE64.test(b64) || b64.length % 4 === 1) return { ok: false, reason: 'data is not base64' };

  const crc = checksumOf(params.get('ext'));
  if (crc === 'malformed') return { ok: false, reason: 'ext has a malformed crc' };
  if (crc !== null && crc !== sensorsHash(b64)) return { ok: false, reason: 'crc does not match the data' };

  const gzip = params.get('gzip') ?? '0';
  if (gzip !== '0' && gzip !== '1') return { ok: false, reason: `gzip=${gzip.slice(0, 8)} is not supported` };
  let bytes = Buffer.from(b64, 'base64');
  if (gzip === '1') {
    try {
      bytes = await inflate(bytes, { maxOutputLength: limits.maxJsonBytes });
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
        return { ok: false, reason: `data inflates past ${limits.maxJsonBytes} bytes`, tooLarge: true };
      return { ok: false, reason: 'data is not gzip' };
    }
  }
  const shape = jsonShape(bytes, { maxDepth: MAX_DEPTH, maxMembers: MAX_MEMBERS });
  if (shape === 'too_deep') return { ok: false, reason: `data nests deeper than ${MAX_DEPTH} levels` };
  if (shape === 'too_many_members')
    return { ok: false, reason: `data has more than ${MAX_MEMBERS} members in one object or list`, tooLarge: true };
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return { ok: false, reason: 'data is not UTF-8 JSON' };
  }
  const records = Array.isArray(json) ? json : [json];
  if (list !== null && !Array.isArray(json)) return { ok: false, reason: 'data_list is not a JSON array' };
  if (records.length === 0) return { ok: false, reason: 'no records' };
  if (records.length > MAX_RECORDS) return { ok: false, reason: `more than ${MAX_RECORDS} records`, tooLarge: true };
  return { ok: true, records };
}

/** `ext` is `crc=<int>` (possibly among other `k=v` pairs); absent means nothing to check. */
function checksumOf(ext: string | null): number | null | 'malformed' {
  if (!ext) return null;
  const value = new URLSearchParams(ext).get('crc');
  if (value === null) return null;
  return /^-?\d{1,10}$/.test(value) ? Number(value) : 'malformed';
}

function toParams(query: Record<string, unknown>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    // A repeated parameter: the first one counts, like URLSearchParams.get.
    const first = Array.isArray(v) ? v[0] : v;
    if (typeof first === 'string') params.set(k, first);
  }
  return params;
}
