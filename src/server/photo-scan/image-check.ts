import { MAX_PHOTO_PIXELS, MAX_PHOTO_SIDE, PHOTO_METADATA_ALLOWANCE } from '../../shared/photo-scan-rules';

/**
 * Reads a photo's whole structure, not just its first bytes: a PNG's chunks from IHDR to IEND, a
 * JPEG's segments and the entropy-coded data of each scan up to EOI, a WebP's RIFF chunks. Random
 * bytes behind a valid signature fail here. The pixels are not decoded (that is the modelling
 * service's work): a crafted file can still carry meaningless pixel data, which is why the bytes
 * must also be plausible for the dimensions, and why members have a quota.
 *
 * What follows the image's end (a motion photo's video, an HDR gain map, padding) is not stored:
 * `image` is the photo itself, the bytes the reconstruction reads.
 */
export type PhotoCheck =
  | { ok: true; mime: 'image/png' | 'image/jpeg' | 'image/webp'; extension: string; width: number; height: number; image: Buffer }
  | { ok: false; problem: 'notImage' | 'dimensions'; reason: string };

type Parsed = { width: number; height: number; end: number } | string;

export function inspectPhoto(bytes: Buffer): PhotoCheck {
  const kind = signature(bytes);
  if (!kind) return { ok: false, problem: 'notImage', reason: 'not a JPEG, PNG or WebP file' };
  const parsed = kind.parse(bytes);
  if (typeof parsed === 'string') return { ok: false, problem: 'notImage', reason: parsed };
  const { width, height, end } = parsed;
  if (width < 1 || height < 1 || width > MAX_PHOTO_SIDE || height > MAX_PHOTO_SIDE || width * height > MAX_PHOTO_PIXELS)
    return { ok: false, problem: 'dimensions', reason: `${width}×${height} pixels` };
  // Compressed pixels are never larger than raw ones (16-bit RGBA: 8 bytes a pixel); the rest is
  // metadata (EXIF, ICC profile, XMP with depth maps), which has a generous allowance.
  if (end > width * height * 8 + PHOTO_METADATA_ALLOWANCE)
    return { ok: false, problem: 'notImage', reason: `${end} bytes for ${width}×${height} pixels` };
  return { ok: true, mime: kind.mime, extension: kind.extension, width, height, image: bytes.subarray(0, end) };
}

function signature(b: Buffer) {
  if (b.length >= 8 && b.readUInt32BE(0) === 0x89504e47 && b.readUInt32BE(4) === 0x0d0a1a0a)
    return { mime: 'image/png', extension: 'png', parse: parsePng } as const;
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff)
    return { mime: 'image/jpeg', extension: 'jpg', parse: parseJpeg } as const;
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP')
    return { mime: 'image/webp', extension: 'webp', parse: parseWebp } as const;
  return null;
}

/** PNG: IHDR first, at least one IDAT, every chunk inside the file, IEND at the end. */
function parsePng(b: Buffer): Parsed {
  let pos = 8;
  let size: { width: number; height: number } | null = null;
  let idat = false;
  while (pos + 12 <= b.length) {
    const length = b.readUInt32BE(pos);
    const type = b.toString('latin1', pos + 4, pos + 8);
    const next = pos + 12 + length;
    if (!/^[A-Za-z]{4}$/.test(type) || next > b.length) return `PNG chunk at ${pos} is broken`;
    if (!size) {
      if (type !== 'IHDR' || length !== 13) return 'PNG without a header chunk';
      size = { width: b.readUInt32BE(pos + 8), height: b.readUInt32BE(pos + 12) };
    } else if (type === 'IDAT') idat = true;
    else if (type === 'IEND') return idat ? { ...size, end: next } : 'PNG without image data';
    pos = next;
  }
  return 'PNG cut short (no IEND)';
}

// Start-of-frame markers (C0–CF but DHT C4, JPG C8 and DAC CC) carry the dimensions.
const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;
// Markers without a length: TEM and the restart markers RST0–RST7.
const standalone = (m: number) => m === 0x01 || (m >= 0xd0 && m <= 0xd7);

/**
 * JPEG: segments with lengths inside the file, a frame header before the first scan, and each
 * scan's entropy-coded data well formed (0xFF only as a stuffed 0xFF00, a restart marker, or the
 * marker that ends the scan) up to EOI.
 */
function parseJpeg(b: Buffer): Parsed {
  let pos = 2;
  let size: { width: number; height: number } | null = null;
  let scans = 0;
  while (pos < b.length) {
    if (b[pos] !== 0xff) return `JPEG: no marker at ${pos}`;
    while (b[pos] === 0xff) pos++; // fill bytes before a marker
    const marker = b[pos++];
    if (marker === undefined) break;
    if (marker === 0xd9) return size && scans > 0 ? { ...size, end: pos } : 'JPEG without a frame or scan';
    if (marker === 0xd8 || marker === 0x00) return `JPEG: unexpected marker at ${pos - 1}`;
    if (standalone(marker)) continue;
    if (pos + 2 > b.length) break;
    const next = pos + b.readUInt16BE(pos);
    if (next < pos + 2 || next > b.length) return `JPEG segment at ${pos - 2} is broken`;
    if (isSof(marker)) {
      if (size || next - pos < 8) return 'JPEG with a broken frame header';
      size = { height: b.readUInt16BE(pos + 3), width: b.readUInt16BE(pos + 5) };
    }
    pos = next;
    if (marker !== 0xda) continue;
    if (!size) return 'JPEG scan before its frame header';
    scans++;
    pos = endOfScan(b, pos);
    if (pos < 0) break;
  }
  return 'JPEG cut short (no EOI)';
}

/** Where the marker ending the entropy-coded data from `pos` starts, or -1 at the end of the file. */
function endOfScan(b: Buffer, from: number): number {
  let pos = from;
  for (;;) {
    pos = b.indexOf(0xff, pos);
    if (pos < 0 || pos + 1 >= b.length) return -1;
    const after = b[pos + 1] ?? 0;
    if (after === 0x00 || (after >= 0xd0 && after <= 0xd7)) pos += 2;
    else if (after === 0xff) pos += 1;
    else return pos;
  }
}

/**
 * WebP: a RIFF container whose chunks fill it exactly, holding a lossy (VP8) or lossless (VP8L)
 * bitstream; an extended file (VP8X) states the canvas size.
 */
function parseWebp(b: Buffer): Parsed {
  const end = 8 + b.readUInt32LE(4);
  if (end > b.length || end < 20) return 'WebP container size does not match the file';
  let pos = 12;
  let canvas: { width: number; height: number } | null = null;
  let bitstream: { width: number; height: number } | null = null;
  while (pos + 8 <= end) {
    const type = b.toString('latin1', pos, pos + 4);
    const length = b.readUInt32LE(pos + 4);
    const data = pos + 8;
    if (data + length > end) return `WebP chunk ${JSON.stringify(type)} is broken`;
    if (type === 'VP8X' && pos === 12 && length >= 10)
      canvas = { width: 1 + b.readUIntLE(data + 4, 3), height: 1 + b.readUIntLE(data + 7, 3) };
    if ((type === 'VP8 ' || type === 'VP8L') && !bitstream) {
      bitstream = type === 'VP8 ' ? vp8Size(b, data, length) : vp8lSize(b, data, length);
      if (!bitstream) return `WebP ${type.trim()} bitstream header is broken`;
    }
    pos = data + length + (length & 1);
  }
  if (pos < end) return 'WebP cut short';
  if (!bitstream) return 'WebP without an image (animations are not photos)';
  return { ...(canvas ?? bitstream), end };
}

function vp8Size(b: Buffer, at: number, length: number) {
  // A key frame: 3-byte frame tag, start code 9d 01 2a, 14-bit width and height.
  if (length < 10 || b[at + 3] !== 0x9d || b[at + 4] !== 0x01 || b[at + 5] !== 0x2a) return null;
  return { width: b.readUInt16LE(at + 6) & 0x3fff, height: b.readUInt16LE(at + 8) & 0x3fff };
}

function vp8lSize(b: Buffer, at: number, length: number) {
  // Signature 0x2f, then width − 1 and height − 1 in 14 bits each.
  if (length < 5 || b[at] !== 0x2f) return null;
  const bits = b.readUInt32LE(at + 1);
  return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
}
