import { describe, expect, it } from 'vitest';
import { bracket, bracketDims, HOLE_SEGMENTS } from './bracket';
import { calibrationCube, cubeLetters } from './calibration-cube';
import { HOLDER_DEPTH, hexKeyHolder, holderSteps, SOCKET_DEPTH } from './hex-key-holder';
import { DEMO_MODELS } from './index';
import { type Mesh, toBinaryStl, triangleNormal } from './mesh';
import { readBinaryStl } from './test-readers';
import { polygonArea } from './triangulate';
import { checkMesh } from './validate';
import { vase, vaseRadius } from './vase';

/** Closed, outward, no slivers, and its binary STL reads back triangle for triangle. */
function expectPrintable(mesh: Mesh) {
  const check = checkMesh(mesh);
  expect(check.watertight).toBe(true);
  expect(check.outward).toBe(true);
  expect(check.degenerate).toBe(0);
  const stl = toBinaryStl(mesh);
  expect(stl.length).toBe(84 + 50 * check.triangles);
  const read = readBinaryStl(stl).triangles;
  expect(read).toHaveLength(check.triangles);
  mesh.triangles.forEach((t, i) => {
    const corners = t.map((v) => (mesh.vertices[v] ?? []).map(Math.fround));
    expect(read[i]?.vertices).toEqual(corners);
    const [a, b, c] = t.map((v) => mesh.vertices[v] ?? [0, 0, 0]) as [Mesh['vertices'][0], Mesh['vertices'][0], Mesh['vertices'][0]];
    expect(read[i]?.normal).toEqual(triangleNormal(a, b, c).map(Math.fround));
  });
  return check;
}

describe('calibration cube', () => {
  it('is a plain 20 mm cube of exactly 8000 mm³ without letters', () => {
    const c = expectPrintable(calibrationCube(20, { letters: false }));
    expect(c.volumeMm3).toBe(8000);
    expect(c.bbox).toEqual({ min: [-10, -10, 0], max: [10, 10, 20] });
    expect(c.triangles).toBe(12);
  });

  it('has X, Y and Z engraved: 8000 mm³ less the letters', () => {
    const c = expectPrintable(calibrationCube());
    const l = cubeLetters(20);
    const letters = [l.X, l.Y, l.Z].reduce((s, p) => s + Math.abs(polygonArea(p)), 0);
    expect(c.volumeMm3).toBeCloseTo(8000 - l.depth * letters, 6);
    expect(8000 - c.volumeMm3).toBeGreaterThan(50);
    expect(c.bbox).toEqual({ min: [-10, -10, 0], max: [10, 10, 20] });
  });

  it('scales', () => {
    const c = expectPrintable(calibrationCube(40));
    expect(c.bbox).toEqual({ min: [-20, -20, 0], max: [20, 20, 40] });
  });
});

describe('vase', () => {
  const opts = { height: 120, radius: 35, segments: 96, twist: 60 };

  it('is a closed solid 120 mm tall within a 35 mm radius', () => {
    const m = vase(opts);
    const c = expectPrintable(m);
    expect(c.bbox.min[2]).toBe(0);
    expect(c.bbox.max[2]).toBe(120);
    const rMax = Math.max(...m.vertices.map((v) => Math.hypot(v[0], v[1])));
    expect(rMax).toBeLessThanOrEqual(35 + 1e-9);
    expect(rMax).toBeGreaterThan(34);
    expect(c.bbox.min[0] + c.bbox.max[0]).toBeCloseTo(0, 9);
    expect(c.bbox.min[1] + c.bbox.max[1]).toBeCloseTo(0, 9);
  });

  it('has the volume of its surface of revolution (within 1 %)', () => {
    // V = ∫∫ r(z, θ)² / 2 dθ dz, integrated numerically.
    const n = 400;
    let v = 0;
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) v += vaseRadius(opts, (i + 0.5) / n, (2 * Math.PI * j) / n) ** 2 / 2;
    }
    v *= (120 / n) * ((2 * Math.PI) / n);
    const c = checkMesh(vase(opts));
    expect(Math.abs(c.volumeMm3 / v - 1)).toBeLessThan(0.01);
    expect(c.volumeMm3).toBeGreaterThan(0.4 * Math.PI * 35 ** 2 * 120);
  });

  it('twists: the ripples turn with height, and twist 0 gives straight flutes', () => {
    const straight = vase({ ...opts, twist: 0 });
    const twisted = vase(opts);
    expectPrintable(straight);
    const topRing = (m: Mesh) => m.vertices.slice(-97, -1).map((v) => Math.hypot(v[0], v[1]));
    const bottomRing = (m: Mesh) => m.vertices.slice(1, 97).map((v) => Math.hypot(v[0], v[1]));
    const argmax = (a: number[]) => a.indexOf(Math.max(...a));
    expect(argmax(topRing(straight)) % 12).toBe(argmax(bottomRing(straight)) % 12);
    expect(argmax(topRing(twisted)) % 12).not.toBe(argmax(bottomRing(twisted)) % 12);
  });
});

describe('shelf bracket', () => {
  it('is an L with a gusset and two screw holes, of the computed volume', () => {
    const d = bracketDims();
    const c = expectPrintable(bracket());
    expect(c.bbox).toEqual({ min: [-35, -15, 0], max: [35, 15, 70] });
    const L = d.length;
    const T = d.thickness;
    const hole = (HOLE_SEGMENTS / 2) * d.holeRadius ** 2 * Math.sin((2 * Math.PI) / HOLE_SEGMENTS);
    const expected = (L * T + (L - T) * T) * d.width + (d.gussetLeg ** 2 / 2) * d.gussetThickness - 2 * hole * T;
    expect(c.volumeMm3).toBeCloseTo(expected, 6);
    // The holes are 4.5 mm across the flats of their polygon.
    expect(2 * d.holeRadius * Math.cos(Math.PI / HOLE_SEGMENTS)).toBeCloseTo(4.5, 9);
  });
});

describe('hex key holder', () => {
  it('is a staircase with one hexagonal socket per key, of the computed volume', () => {
    const steps = holderSteps();
    const c = expectPrintable(hexKeyHolder());
    const length = steps.reduce((s, x) => s + x.width, 0);
    const expected = [-length / 2, -HOLDER_DEPTH / 2, 0, length / 2, HOLDER_DEPTH / 2, 28];
    for (const [i, x] of [...c.bbox.min, ...c.bbox.max].entries()) expect(x).toBeCloseTo(expected[i] ?? NaN, 9);
    const block = steps.reduce((s, x) => s + x.width * HOLDER_DEPTH * x.height, 0);
    const sockets = steps.reduce((s, x) => s + ((3 * Math.sqrt(3)) / 2) * x.socketRadius ** 2 * SOCKET_DEPTH, 0);
    expect(c.volumeMm3).toBeCloseTo(block - sockets, 6);
    for (const s of steps) expect(s.height - SOCKET_DEPTH).toBeGreaterThanOrEqual(4);
  });
});

describe('DEMO_MODELS', () => {
  it('lists four printable models with unique slugs and translated titles', () => {
    expect(DEMO_MODELS.map((m) => m.slug)).toEqual(['calibration-cube', 'twisted-vase', 'shelf-bracket', 'hex-key-holder']);
    for (const m of DEMO_MODELS) {
      expect(m.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(Object.keys(m.title).sort()).toEqual(['en', 'fr', 'zh-CN', 'zh-TW']);
      expect(m.title['zh-CN']).toMatch(/\p{Script=Han}/u);
      expect(m.title['zh-TW']).toMatch(/\p{Script=Han}/u);
      expect(m.title.fr).not.toBe(m.title.en);
      const c = checkMesh(m.build());
      expect(c).toMatchObject({ watertight: true, outward: true, degenerate: 0 });
      expect(c.bbox.min[2]).toBe(0);
      expect(Math.abs(c.bbox.min[0] + c.bbox.max[0])).toBeLessThan(1e-9);
      expect(Math.abs(c.bbox.min[1] + c.bbox.max[1])).toBeLessThan(1e-9);
    }
  });
});
