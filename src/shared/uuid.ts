/**
 * A version 7 UUID (RFC 9562): 48 bits of milliseconds, then random bits. Request ids are kept
 * with the outcome of every keyed call, under a unique index; ids that grow with time are added
 * at the index's end instead of on a random page, which costs an embedded database a fraction of
 * the write (db/keyed.ts). Any UUID is still accepted from callers.
 */
export function uuidv7(now = Date.now()): string {
  // Random bytes are drawn 4 KB at a time: a call of getRandomValues costs more than the rest.
  if (offset + 16 > pool.length) {
    crypto.getRandomValues(pool);
    offset = 0;
  }
  const bytes = pool.subarray(offset, offset + 16);
  offset += 16;
  let ms = now;
  for (let i = 5; i >= 0; i--) {
    bytes[i] = ms % 256;
    ms = Math.floor(ms / 256);
  }
  bytes[6] = 0x70 | ((bytes[6] as number) & 0x0f);
  bytes[8] = 0x80 | ((bytes[8] as number) & 0x3f);
  let out = '';
  for (let i = 0; i < 16; i++) out += (i === 4 || i === 6 || i === 8 || i === 10 ? '-' : '') + HEX[bytes[i] as number];
  return out;
}

const pool = new Uint8Array(4096);
let offset = pool.length;
const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));
