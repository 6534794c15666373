import { describe, expect, it } from 'vitest';
import { bracket } from './bracket';
import { calibrationCube } from './calibration-cube';
import { PNG_SIGNATURE } from './png';
import { cornerNormals } from './raster';
import { decodeApng } from './test-apng-reader';
import { decodePng } from './test-readers';
import { renderStill, renderTimelapse, shadingNormals } from './timelapse';

/** Pixels clearly of the (orange) model rather than the grey-white background. */
const modelPixels = (rgb: Uint8Array): number => {
  let n = 0;
  for (let i = 0; i < rgb.length; i += 3) if ((rgb[i] ?? 0) > (rgb[i + 2] ?? 0) + 60) n++;
  return n;
};

describe('print timelapse', () => {
  const tl = renderTimelapse(calibrationCube(20), { width: 96, height: 72, frames: 8, colour: [236, 132, 44] });
  const d = decodeApng(tl.apng);

  it('is a looping APNG with one frame per step, in sequence, every chunk CRC right', () => {
    expect(tl.apng.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect([d.width, d.height, d.frameCount, d.plays, tl.frames]).toEqual([96, 72, 8, 0, 8]);
    expect(d.frames).toHaveLength(8);
    expect(d.sequence).toEqual(Array.from({ length: 15 }, (_, i) => i));
    // The finished part stays on screen longer before the loop starts again.
    expect(d.delaysMs.at(-1)).toBeGreaterThan(5 * (d.delaysMs[0] ?? 0));
  });

  it('grows: every frame differs from the one before and shows more of the model', () => {
    const counts = d.frames.map(modelPixels);
    for (let i = 1; i < d.frames.length; i++) {
      expect(Buffer.from(d.frames[i] ?? []).equals(Buffer.from(d.frames[i - 1] ?? []))).toBe(false);
    }
    expect(counts[0]).toBeGreaterThan(0);
    expect(counts.at(-1)).toBeGreaterThan(2 * (counts[0] ?? 0));
  });

  it('has a still poster: the finished part, the last frame', () => {
    const poster = decodePng(tl.poster);
    expect([poster.width, poster.height]).toEqual([96, 72]);
    expect(Buffer.from(poster.rgb).equals(Buffer.from(d.frames.at(-1) ?? []))).toBe(true);
  });

  it('is deterministic', () => {
    const again = renderTimelapse(calibrationCube(20), { width: 96, height: 72, frames: 8, colour: [236, 132, 44] });
    expect(again.apng.equals(tl.apng)).toBe(true);
  });

  it('shades with the same normals as the thumbnail renderer', () => {
    for (const mesh of [calibrationCube(20), bracket()]) {
      const mine = shadingNormals(mesh);
      const theirs = cornerNormals(mesh);
      theirs.corner.forEach((c, t) => {
        c.forEach((n, k) => {
          for (let axis = 0; axis < 3; axis++) expect(mine.corner[t * 9 + k * 3 + axis]).toBeCloseTo(n[axis] ?? 0, 5);
        });
      });
    }
  });

  it('renders a still of the finished part', () => {
    const still = decodePng(renderStill(calibrationCube(20), { width: 96, height: 72, colour: [236, 132, 44] }));
    expect([still.width, still.height]).toEqual([96, 72]);
    expect(modelPixels(still.rgb)).toBeGreaterThan(0.9 * modelPixels(d.frames.at(-1) ?? new Uint8Array()));
  });
});
