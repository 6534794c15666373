import { compressRgb, PNG_SIGNATURE, pngChunk, rgbHeader } from './png';
import type { RgbImage } from './thumbnail';

/**
 * Animated PNG (APNG) encoder for 8-bit RGB frames of one size. Browsers play it in an <img>, so a
 * demo timelapse needs no video codec; viewers without APNG support show the first frame.
 *
 * Size: the first frame is the default image (IDAT); each later frame stores only the rectangle
 * that changed since the previous one (dispose "none", blend "source"), which for a print growing
 * layer by layer is a small band.
 */

export interface ApngOptions {
  /** Display time of each frame in milliseconds: one value for all, or one per frame. */
  readonly delayMs: number | readonly number[];
  /** Times to play (0 = forever, the default). */
  readonly plays?: number;
  /** zlib level of the frames (9). */
  readonly level?: number;
}

export function encodeApng(frames: readonly RgbImage[], options: ApngOptions): Buffer {
  const first = frames[0];
  if (!first) throw new RangeError('an APNG needs at least one frame');
  const { width, height } = first;
  for (const f of frames) {
    if (f.width !== width || f.height !== height) throw new RangeError('APNG frames must all have the same size');
    if (f.rgb.length !== width * height * 3) throw new RangeError('APNG frame has the wrong number of bytes');
  }
  const delayOf = (i: number): number => {
    const d = typeof options.delayMs === 'number' ? options.delayMs : (options.delayMs[i] ?? 100);
    // fcTL holds the delay as a 16-bit fraction; milliseconds over 1000 fit up to 65.5 s.
    return Math.min(0xffff, Math.max(0, Math.round(d)));
  };

  const actl = Buffer.alloc(8);
  actl.writeUInt32BE(frames.length, 0);
  actl.writeUInt32BE(options.plays ?? 0, 4);
  const out: Buffer[] = [PNG_SIGNATURE, pngChunk('IHDR', rgbHeader(width, height)), pngChunk('acTL', actl)];

  let seq = 0;
  frames.forEach((frame, i) => {
    const prev = frames[i - 1];
    const r = prev ? changedRect(prev, frame) : { x: 0, y: 0, w: width, h: height };
    out.push(pngChunk('fcTL', frameControl(seq++, r, delayOf(i))));
    const data = compressRgb(r.w, r.h, crop(frame, r), options.level);
    if (i === 0) {
      out.push(pngChunk('IDAT', data));
    } else {
      // fdAT is an IDAT preceded by its sequence number.
      const seqBytes = Buffer.alloc(4);
      seqBytes.writeUInt32BE(seq++, 0);
      out.push(pngChunk('fdAT', Buffer.concat([seqBytes, data])));
    }
  });
  out.push(pngChunk('IEND', new Uint8Array(0)));
  return Buffer.concat(out);
}

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

function frameControl(seq: number, r: Rect, delayMs: number): Buffer {
  const b = Buffer.alloc(26);
  b.writeUInt32BE(seq, 0);
  b.writeUInt32BE(r.w, 4);
  b.writeUInt32BE(r.h, 8);
  b.writeUInt32BE(r.x, 12);
  b.writeUInt32BE(r.y, 16);
  b.writeUInt16BE(delayMs, 20);
  b.writeUInt16BE(1000, 22);
  b[24] = 0; // dispose: none (the next frame draws over this one)
  b[25] = 0; // blend: source (the rectangle replaces what was there)
  return b;
}

/** The smallest rectangle holding every pixel that differs (1 × 1 at the origin when none does). */
function changedRect(a: RgbImage, b: RgbImage): Rect {
  const { width, height } = a;
  let [x0, y0, x1, y1] = [width, height, -1, -1];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      if (a.rgb[i] === b.rgb[i] && a.rgb[i + 1] === b.rgb[i + 1] && a.rgb[i + 2] === b.rgb[i + 2]) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  return x1 < 0 ? { x: 0, y: 0, w: 1, h: 1 } : { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 };
}

function crop(img: RgbImage, r: Rect): Uint8Array {
  const out = new Uint8Array(r.w * r.h * 3);
  for (let y = 0; y < r.h; y++) {
    const from = ((r.y + y) * img.width + r.x) * 3;
    out.set(img.rgb.subarray(from, from + r.w * 3), y * r.w * 3);
  }
  return out;
}
