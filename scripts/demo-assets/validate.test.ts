import { describe, expect, it } from 'vitest';
import { calibrationCube } from './calibration-cube';
import type { Mesh, Triangle, Vec3 } from './mesh';
import { checkMesh } from './validate';

const cube = calibrationCube(20, { letters: false });

describe('checkMesh', () => {
  it('accepts a closed, outward cube', () => {
    expect(checkMesh(cube)).toEqual({
      watertight: true,
      outward: true,
      volumeMm3: 8000,
      bbox: { min: [-10, -10, 0], max: [10, 10, 20] },
      triangles: 12,
      degenerate: 0,
    });
  });

  it('sees an inside-out mesh', () => {
    const flipped: Mesh = { vertices: cube.vertices, triangles: cube.triangles.map(([a, b, c]): Triangle => [a, c, b]) };
    expect(checkMesh(flipped)).toMatchObject({ watertight: true, outward: false, volumeMm3: -8000 });
  });

  it('sees a hole and a single flipped triangle', () => {
    expect(checkMesh({ vertices: cube.vertices, triangles: cube.triangles.slice(1) }).watertight).toBe(false);
    const one = cube.triangles.map(([a, b, c], i): Triangle => (i === 3 ? [a, c, b] : [a, b, c]));
    expect(checkMesh({ vertices: cube.vertices, triangles: one }).watertight).toBe(false);
  });

  it('compares vertices by position, as a slicer reading the STL does', () => {
    // Each triangle with its own copies of its corners: still the same closed surface.
    const vertices = cube.triangles.flatMap((t) => t.map((i): Vec3 => cube.vertices[i] ?? [0, 0, 0]));
    const triangles = cube.triangles.map((_, i): Triangle => [3 * i, 3 * i + 1, 3 * i + 2]);
    expect(checkMesh({ vertices, triangles }).watertight).toBe(true);
    // Two cubes in the same place share edges four ways: not a manifold.
    expect(checkMesh({ vertices: cube.vertices, triangles: [...cube.triangles, ...cube.triangles] }).watertight).toBe(false);
  });

  it('counts degenerate triangles', () => {
    const m: Mesh = { vertices: [...cube.vertices, [0, 0, 0], [1, 0, 0], [2, 0, 0]], triangles: [...cube.triangles, [8, 9, 10]] };
    expect(checkMesh(m).degenerate).toBe(1);
  });
});
