import { describe, expect, it } from 'vitest';
import { encodeApng } from './apng';
import { PNG_SIGNATURE } from './png';
import { decodeApng } from './test-apng-reader';
import type { RgbImage } from './thumbnail';

/** A w × h frame filled with one colour, with a square of another at (x, y). */
function frame(w: number, h: number, fill: number, square?: { x: number; y: number; size: number; value: number }): RgbImage {
  const rgb = new Uint8Array(w * h * 3).fill(fill);
  if (square) {
    for (let y = square.y; y < square.y + square.size; y++)
      rgb.fill(square.value, (y * w + square.x) * 3, (y * w + square.x + square.size) * 3);
  }
  return { width: w, height: h, rgb };
}

describe('APNG encoder', () => {
  const frames = [
    frame(12, 9, 240),
    frame(12, 9, 240, { x: 2, y: 3, size: 2, value: 30 }),
    frame(12, 9, 240, { x: 2, y: 3, size: 4, value: 30 }),
    frame(12, 9, 240, { x: 2, y: 3, size: 4, value: 30 }),
    frame(12, 9, 17),
  ];

  it('writes IHDR, acTL, then fcTL + IDAT for the first frame and fcTL + fdAT for the others', () => {
    const apng = encodeApng(frames, { delayMs: [100, 100, 250, 100, 1500] });
    expect(apng.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    const d = decodeApng(apng); // also checks every chunk's CRC
    expect(d.chunkTypes).toEqual(['IHDR', 'acTL', 'fcTL', 'IDAT', ...Array(4).fill(['fcTL', 'fdAT']).flat(), 'IEND']);
    expect([d.width, d.height, d.frameCount, d.plays]).toEqual([12, 9, 5, 0]);
    // One sequence for fcTL and fdAT together, from 0, without gaps.
    expect(d.sequence).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(d.delaysMs).toEqual([100, 100, 250, 100, 1500]);
  });

  it('plays back to the same pixels, frame by frame (changed rectangles over the previous frame)', () => {
    const d = decodeApng(encodeApng(frames, { delayMs: 80, plays: 3 }));
    expect(d.plays).toBe(3);
    expect(d.frames).toHaveLength(frames.length);
    d.frames.forEach((f, i) => {
      expect(Buffer.from(f).equals(Buffer.from(frames[i]?.rgb ?? []))).toBe(true);
    });
  });

  it('stores only what changed: a repeated frame costs a few bytes', () => {
    const one = encodeApng(frames.slice(0, 3), { delayMs: 100 });
    const withRepeat = encodeApng(frames.slice(0, 4), { delayMs: 100 });
    expect(withRepeat.length - one.length).toBeLessThan(80);
  });

  it('refuses no frames and frames of different sizes', () => {
    expect(() => encodeApng([], { delayMs: 100 })).toThrow(RangeError);
    expect(() => encodeApng([frame(4, 4, 0), frame(4, 5, 0)], { delayMs: 100 })).toThrow(RangeError);
  });
});
