import { crc32 } from 'node:zlib';
import { PNG_SIGNATURE, pngChunk } from './png';
import { decodePng } from './test-readers';

/** An APNG reader for the tests: checks the structure and plays the frames back as full images. */

export interface DecodedApng {
  readonly width: number;
  readonly height: number;
  readonly chunkTypes: string[];
  /** acTL: frame count and plays. */
  readonly frameCount: number;
  readonly plays: number;
  /** Sequence numbers of fcTL and fdAT chunks, in file order. */
  readonly sequence: number[];
  readonly delaysMs: number[];
  /** Each frame composed over the previous ones, as the viewer shows it (RGB). */
  readonly frames: Uint8Array[];
}

export function decodeApng(buf: Buffer): DecodedApng {
  if (!buf.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error('no PNG signature');
  const chunks: { type: string; data: Buffer }[] = [];
  for (let o = 8; o < buf.length; ) {
    const len = buf.readUInt32BE(o);
    const type = buf.toString('latin1', o + 4, o + 8);
    if (crc32(buf.subarray(o + 4, o + 8 + len)) !== buf.readUInt32BE(o + 8 + len)) throw new Error(`bad CRC in ${type}`);
    chunks.push({ type, data: buf.subarray(o + 8, o + 8 + len) });
    o += 12 + len;
  }
  const ihdr = chunks[0];
  const actl = chunks.find((c) => c.type === 'acTL');
  if (ihdr?.type !== 'IHDR' || !actl) throw new Error('no IHDR first or no acTL');
  const width = ihdr.data.readUInt32BE(0);
  const height = ihdr.data.readUInt32BE(4);
  const canvas = new Uint8Array(width * height * 3);
  const sequence: number[] = [];
  const delaysMs: number[] = [];
  const frames: Uint8Array[] = [];
  let pending: { w: number; h: number; x: number; y: number; data: Buffer[] } | null = null;
  const flush = () => {
    if (!pending) return;
    const { w, h, x, y, data } = pending;
    // A frame's data is an IDAT stream of a w × h image: decode it as a PNG of its own.
    const header = Buffer.alloc(13);
    header.writeUInt32BE(w, 0);
    header.writeUInt32BE(h, 4);
    header.set(ihdr.data.subarray(8, 13), 8);
    const png = Buffer.concat([
      PNG_SIGNATURE,
      pngChunk('IHDR', header),
      pngChunk('IDAT', Buffer.concat(data)),
      pngChunk('IEND', Buffer.alloc(0)),
    ]);
    const rect = decodePng(png).rgb;
    for (let r = 0; r < h; r++) canvas.set(rect.subarray(r * w * 3, (r + 1) * w * 3), ((y + r) * width + x) * 3);
    frames.push(canvas.slice());
    pending = null;
  };
  for (const { type, data } of chunks) {
    if (type === 'fcTL') {
      flush();
      sequence.push(data.readUInt32BE(0));
      const [w, h, x, y] = [4, 8, 12, 16].map((o) => data.readUInt32BE(o)) as [number, number, number, number];
      if (x + w > width || y + h > height) throw new Error('frame outside the image');
      if (data[24] !== 0 || data[25] !== 0) throw new Error('unexpected dispose/blend op');
      delaysMs.push((1000 * data.readUInt16BE(20)) / (data.readUInt16BE(22) || 100));
      pending = { w, h, x, y, data: [] };
    } else if (type === 'IDAT' || type === 'fdAT') {
      if (!pending) throw new Error(`${type} without fcTL`);
      if (type === 'fdAT') sequence.push(data.readUInt32BE(0));
      pending.data.push(type === 'fdAT' ? data.subarray(4) : data);
    }
  }
  flush();
  return {
    width,
    height,
    chunkTypes: chunks.map((c) => c.type),
    frameCount: actl.data.readUInt32BE(0),
    plays: actl.data.readUInt32BE(4),
    sequence,
    delaysMs,
    frames,
  };
}
