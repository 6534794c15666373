import { gunzipSync } from 'node:zlib';
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
export type Decoded = { ok: true; records: unknown[] } | { ok: false; reason: string };

/** At most this many records per request: the SDK sends 6 per batch, mobile SDKs up to 50. */
export const MAX_RECORDS = 100;
/** A gzip body may not inflate past this (a small body must not become gigabytes). */
const MAX_INFLATED_BYTES = 8 * 1024 * 1024;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export function decodeCollect(query: Record<string, unknown>, body: string | undefined): Decoded {
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
      bytes = gunzipSync(bytes, { maxOutputLength: MAX_INFLATED_BYTES });
    } catch {
      return { ok: false, reason: 'data is not gzip' };
    }
  }
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return { ok: false, reason: 'data is not UTF-8 JSON' };
  }
  const records = Array.isArray(json) ? json : [json];
  if (list !== null && !Array.isArray(json)) return { ok: false, reason: 'data_list is not a JSON array' };
  if (records.length === 0) return { ok: false, reason: 'no records' };
  if (records.length > MAX_RECORDS) return { ok: false, reason: `more than ${MAX_RECORDS} records` };
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
