import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pngChunk } from '../../../scripts/demo-assets/png';
import { flatPng, pngClaiming, realJpeg, realWebp } from '../../../tests/helpers/photos';
import { inspectPhoto } from './image-check';

const seg = (marker: number, body: number[]) => Buffer.from([0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 255, ...body]);
const SOF0 = (w: number, h: number) => seg(0xc0, [8, h >> 8, h & 255, w >> 8, w & 255, 1, 1, 0x11, 0]);
const SOS = seg(0xda, [1, 1, 0, 0, 63, 0]);
/** A JPEG's structure: two scans (as a progressive JPEG has) with stuffed bytes and a restart marker. */
const jpeg = (w: number, h: number) =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    seg(0xdb, new Array(65).fill(1)),
    SOF0(w, h),
    seg(0xc4, new Array(20).fill(0)),
    SOS,
    Buffer.from([0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56]),
    seg(0xc4, new Array(20).fill(0)),
    SOS,
    Buffer.from([0x78, 0x9a]),
    Buffer.from([0xff, 0xd9]),
  ]);
const riff = (chunks: Buffer[]) => {
  const body = Buffer.concat([Buffer.from('WEBP'), ...chunks]);
  const head = Buffer.from('RIFF\0\0\0\0');
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body]);
};
const chunk = (type: string, data: Buffer) => {
  const head = Buffer.from(`${type}\0\0\0\0`, 'latin1');
  head.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, data, data.length & 1 ? Buffer.alloc(1) : Buffer.alloc(0)]);
};
const vp8l = (w: number, h: number) => {
  const data = Buffer.alloc(9);
  data[0] = 0x2f;
  data.writeUInt32LE(((w - 1) | ((h - 1) << 14)) >>> 0, 1);
  return chunk('VP8L', data);
};

const shape = (b: Buffer) => {
  const r = inspectPhoto(b);
  return r.ok ? `${r.mime} ${r.width}×${r.height} ${r.image.length}` : r.problem;
};

describe('photo structure check', () => {
  it('reads the dimensions of real and well-formed JPEG, PNG and WebP files', () => {
    expect(shape(realJpeg())).toBe(`image/jpeg 500×500 ${realJpeg().length}`);
    expect(shape(realWebp())).toBe(`image/webp 16×16 ${realWebp().length}`);
    expect(shape(flatPng(1, 7, 3))).toBe(`image/png 7×3 ${flatPng(1, 7, 3).length}`);
    expect(shape(jpeg(640, 480))).toBe(`image/jpeg 640×480 ${jpeg(640, 480).length}`);
    expect(shape(riff([vp8l(300, 200)]))).toBe('image/webp 300×200 30');
  });

  it('keeps only the image when data follows its end', () => {
    for (const image of [realJpeg(), flatPng(2), riff([vp8l(4, 4)])]) {
      const r = inspectPhoto(Buffer.concat([image, crypto.randomBytes(5000)]));
      expect(r.ok && r.image.equals(image)).toBe(true);
    }
  });

  it('refuses signatures followed by anything else, cut files and animations', () => {
    const junk = (head: Buffer) => Buffer.concat([head, crypto.randomBytes(200_000)]);
    expect(shape(junk(realJpeg().subarray(0, 3)))).toBe('notImage');
    expect(shape(junk(realJpeg().subarray(0, 1000)))).toBe('notImage');
    expect(shape(junk(flatPng(1).subarray(0, 8)))).toBe('notImage');
    expect(shape(junk(flatPng(1).subarray(0, 33)))).toBe('notImage');
    expect(shape(junk(realWebp().subarray(0, 12)))).toBe('notImage');
    for (const whole of [realJpeg(), flatPng(3), realWebp(), jpeg(8, 8)])
      expect(shape(whole.subarray(0, whole.length - 2))).toBe('notImage');
    // A frame header missing, a scan before it, stray bytes where a marker belongs.
    expect(shape(Buffer.concat([Buffer.from([0xff, 0xd8]), SOS, Buffer.from([0xff, 0xd9])]))).toBe('notImage');
    expect(shape(Buffer.concat([Buffer.from([0xff, 0xd8]), SOF0(8, 8), Buffer.from([1, 2, 3, 0xff, 0xd9])]))).toBe('notImage');
    expect(shape(riff([chunk('ANIM', Buffer.alloc(6))]))).toBe('notImage');
  });

  it('refuses images beyond the pixel limits, and bytes no image of that size needs', () => {
    expect(shape(pngClaiming(16_384, 1))).toBe('image/png 16384×1 58');
    expect(shape(pngClaiming(16_385, 1))).toBe('dimensions');
    expect(shape(pngClaiming(1, 16_385))).toBe('dimensions');
    expect(shape(pngClaiming(11_000, 11_000))).toBe('dimensions');
    expect(shape(pngClaiming(0, 10))).toBe('dimensions');
    expect(shape(jpeg(0, 10))).toBe('dimensions');
    const text = pngChunk('tEXt', Buffer.alloc(5 * 1024 * 1024));
    expect(shape(pngClaiming(1, 1, [text]))).toBe('notImage');
    expect(shape(pngClaiming(1000, 1000, [text]))).toMatch(/^image\/png/);
  });
});
