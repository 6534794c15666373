import { crc32, inflateSync } from 'node:zlib';
import type { Vec3 } from './mesh';
import { PNG_SIGNATURE } from './png';

/** Readers used by the tests to check the writers independently of them. */

export interface StlTriangle {
  readonly normal: Vec3;
  readonly vertices: readonly [Vec3, Vec3, Vec3];
  readonly attribute: number;
}

export function readBinaryStl(buf: Buffer): { header: string; triangles: StlTriangle[] } {
  if (buf.length < 84) throw new Error('STL too short');
  const count = buf.readUInt32LE(80);
  if (buf.length !== 84 + 50 * count) throw new Error(`STL length ${buf.length} for ${count} triangles`);
  const vec = (o: number): Vec3 => [buf.readFloatLE(o), buf.readFloatLE(o + 4), buf.readFloatLE(o + 8)];
  const triangles: StlTriangle[] = [];
  for (let i = 0; i < count; i++) {
    const o = 84 + 50 * i;
    triangles.push({ normal: vec(o), vertices: [vec(o + 12), vec(o + 24), vec(o + 36)], attribute: buf.readUInt16LE(o + 48) });
  }
  return { header: buf.subarray(0, 80).toString('latin1'), triangles };
}

export function readAsciiStl(text: string): { name: string; triangles: Omit<StlTriangle, 'attribute'>[] } {
  const lines = text
    .trim()
    .split('\n')
    .map((l) => l.trim());
  const name = /^solid (\S+)$/.exec(lines[0] ?? '')?.[1];
  if (!name || lines[lines.length - 1] !== `endsolid ${name}`) throw new Error('not an ASCII STL');
  const nums = (line: string | undefined, word: string): Vec3 => {
    const m = line?.startsWith(word) ? line.slice(word.length).trim().split(/\s+/).map(Number) : [];
    if (m.length !== 3 || m.some((x) => !Number.isFinite(x))) throw new Error(`bad line: ${line}`);
    return m as unknown as Vec3;
  };
  const triangles: Omit<StlTriangle, 'attribute'>[] = [];
  for (let i = 1; i < lines.length - 1; i += 7) {
    if (lines[i + 1] !== 'outer loop' || lines[i + 5] !== 'endloop' || lines[i + 6] !== 'endfacet') throw new Error(`bad facet at ${i}`);
    triangles.push({
      normal: nums(lines[i], 'facet normal'),
      vertices: [nums(lines[i + 2], 'vertex'), nums(lines[i + 3], 'vertex'), nums(lines[i + 4], 'vertex')],
    });
  }
  return { name, triangles };
}

export interface DecodedPng {
  readonly width: number;
  readonly height: number;
  readonly bitDepth: number;
  readonly colourType: number;
  readonly chunkTypes: string[];
  /** Filter byte of each row. */
  readonly filters: number[];
  /** Unfiltered RGB bytes. */
  readonly rgb: Uint8Array;
}

/** Decodes an 8-bit RGB, non-interlaced PNG, checking chunk CRCs and undoing the row filters. */
export function decodePng(buf: Buffer): DecodedPng {
  if (!buf.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error('no PNG signature');
  const chunkTypes: string[] = [];
  const idat: Buffer[] = [];
  let ihdr: Buffer | undefined;
  for (let o = 8; o < buf.length; ) {
    const len = buf.readUInt32BE(o);
    const type = buf.toString('latin1', o + 4, o + 8);
    const data = buf.subarray(o + 8, o + 8 + len);
    if (crc32(buf.subarray(o + 4, o + 8 + len)) !== buf.readUInt32BE(o + 8 + len)) throw new Error(`bad CRC in ${type}`);
    chunkTypes.push(type);
    if (type === 'IHDR') ihdr = data;
    if (type === 'IDAT') idat.push(data);
    o += 12 + len;
  }
  if (!ihdr) throw new Error('no IHDR');
  const width = ihdr.readUInt32BE(0);
  const height = ihdr.readUInt32BE(4);
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * 3;
  if (raw.length !== height * (stride + 1)) throw new Error(`IDAT holds ${raw.length} bytes, expected ${height * (stride + 1)}`);
  const rgb = new Uint8Array(stride * height);
  const filters: number[] = [];
  for (let y = 0; y < height; y++) {
    const f = raw[y * (stride + 1)] ?? -1;
    filters.push(f);
    for (let i = 0; i < stride; i++) {
      const x = raw[y * (stride + 1) + 1 + i] ?? 0;
      const a = i >= 3 ? (rgb[y * stride + i - 3] ?? 0) : 0;
      const b = y > 0 ? (rgb[(y - 1) * stride + i] ?? 0) : 0;
      const c = i >= 3 && y > 0 ? (rgb[(y - 1) * stride + i - 3] ?? 0) : 0;
      const p = a + b - c;
      const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
      const paeth = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      const pred = [0, a, b, (a + b) >> 1, paeth][f];
      if (pred === undefined) throw new Error(`bad filter ${f} on row ${y}`);
      rgb[y * stride + i] = (x + pred) & 0xff;
    }
  }
  return { width, height, bitDepth: ihdr[8] ?? 0, colourType: ihdr[9] ?? 0, chunkTypes, filters, rgb };
}
