import { describe, expect, it } from 'vitest';
import { calibrationCube } from './calibration-cube';
import { DEMO_MODELS } from './index';
import { PNG_SIGNATURE } from './png';
import { decodePng } from './test-readers';
import { renderImage, renderThumbnail } from './thumbnail';

const pixel = (d: { width: number; rgb: Uint8Array }, x: number, y: number) =>
  Array.from(d.rgb.subarray((y * d.width + x) * 3, (y * d.width + x) * 3 + 3));

describe('thumbnail', () => {
  const cube = calibrationCube();

  it('is a 400 × 300 RGB PNG that decodes', () => {
    const png = renderThumbnail(cube);
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(png.toString('latin1', 12, 16)).toBe('IHDR');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([400, 300]);
    const d = decodePng(png);
    expect(d).toMatchObject({ width: 400, height: 300, bitDepth: 8, colourType: 2 });
    expect(d.chunkTypes).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(d.filters).toHaveLength(300);
    for (const f of d.filters) expect([0, 1, 2, 3, 4]).toContain(f);
    expect(d.rgb.length).toBe(400 * 300 * 3);
    // The same pixels as the raw render.
    expect(Buffer.from(d.rgb).equals(Buffer.from(renderImage(cube).rgb))).toBe(true);
  });

  it('draws the model on a light background', () => {
    const d = renderImage(cube, { colour: [236, 132, 44] });
    for (const [x, y] of [
      [0, 0],
      [399, 0],
      [0, 299],
    ] as const) {
      for (const c of pixel(d, x, y)) expect(c).toBeGreaterThan(200);
    }
    // The middle of the image is the cube: orange, red above blue.
    const [r, g, b] = pixel(d, 200, 140);
    expect(r).toBeGreaterThan((b ?? 0) + 60);
    expect(g).toBeLessThan(r ?? 0);
    // Shaded, not one flat colour: the faces in view get different tones.
    const shades = new Set<string>();
    for (let i = 0; i < d.rgb.length; i += 3) if ((d.rgb[i] ?? 0) > (d.rgb[i + 2] ?? 0) + 60) shades.add(String(d.rgb[i]));
    expect(shades.size).toBeGreaterThan(3);
  });

  it('renders at the requested size', () => {
    const d = decodePng(renderThumbnail(cube, { width: 64, height: 48, supersample: 2 }));
    expect([d.width, d.height, d.rgb.length]).toEqual([64, 48, 64 * 48 * 3]);
  });

  it('is deterministic: the same bytes twice', () => {
    for (const m of DEMO_MODELS.slice(0, 2)) {
      const mesh = m.build();
      const a = renderThumbnail(mesh, { colour: m.colour, width: 200, height: 150 });
      const b = renderThumbnail(m.build(), { colour: m.colour, width: 200, height: 150 });
      expect(a.equals(b)).toBe(true);
    }
  });
});
