import { describe, expect, it } from 'vitest';
import { calibrationCube } from './calibration-cube';
import { bbox, cross, dot, type Mesh, mergeMeshes, placeOnBed, sub, toAsciiStl, toBinaryStl, translate, triangleNormal } from './mesh';
import { readAsciiStl, readBinaryStl } from './test-readers';
import { checkMesh } from './validate';

const tetra: Mesh = {
  vertices: [
    [0, 0, 0],
    [10, 0, 0],
    [0, 10, 0],
    [0, 0, 10],
  ],
  triangles: [
    [0, 2, 1],
    [0, 1, 3],
    [0, 3, 2],
    [1, 2, 3],
  ],
};

describe('mesh', () => {
  it('computes normals by the right-hand rule', () => {
    expect(triangleNormal([0, 0, 0], [1, 0, 0], [0, 1, 0])).toEqual([0, 0, 1]);
    expect(triangleNormal([0, 0, 0], [0, 1, 0], [1, 0, 0])).toEqual([0, 0, -1]);
    expect(triangleNormal([0, 0, 0], [1, 0, 0], [2, 0, 0])).toEqual([0, 0, 0]);
  });

  it('merges, translates and places meshes on the bed', () => {
    const two = mergeMeshes(tetra, translate(tetra, [20, 0, 0]));
    expect(two.vertices).toHaveLength(8);
    expect(two.triangles[4]).toEqual([4, 6, 5]);
    expect(checkMesh(two)).toMatchObject({ watertight: true, outward: true });
    expect(checkMesh(two).volumeMm3).toBeCloseTo(2 * (1000 / 6), 9);
    const placed = placeOnBed(translate(two, [3, -7, 5]));
    expect(bbox(placed)).toEqual({ min: [-15, -5, 0], max: [15, 5, 10] });
  });

  it('writes a binary STL that reads back to the same triangles', () => {
    const mesh = calibrationCube();
    const stl = toBinaryStl(mesh, 'calibration-cube');
    expect(stl.length).toBe(84 + 50 * mesh.triangles.length);
    expect(stl.subarray(0, 5).toString('latin1')).not.toBe('solid');
    const read = readBinaryStl(stl);
    expect(read.header).toMatch(/calibration-cube/);
    expect(read.triangles).toHaveLength(mesh.triangles.length);
    mesh.triangles.forEach((t, i) => {
      const r = read.triangles[i];
      if (!r) throw new Error(`triangle ${i} missing`);
      expect(r.vertices).toEqual(t.map((v) => (mesh.vertices[v] ?? []).map(Math.fround)));
      const [a, b, c] = r.vertices;
      expect(dot(r.normal, cross(sub(b, a), sub(c, a)))).toBeGreaterThan(0);
      expect(Math.hypot(...r.normal)).toBeCloseTo(1, 6);
      expect(r.attribute).toBe(0);
    });
  });

  it('writes an ASCII STL with the same facets', () => {
    const text = toAsciiStl(tetra, 'tetra hedron');
    const read = readAsciiStl(text);
    expect(read.name).toBe('tetra_hedron');
    expect(read.triangles).toHaveLength(4);
    expect(read.triangles[0]?.vertices).toEqual([
      [0, 0, 0],
      [0, 10, 0],
      [10, 0, 0],
    ]);
    expect(read.triangles[0]?.normal).toEqual([0, 0, -1]);
    for (const x of read.triangles[3]?.normal ?? []) expect(x).toBeCloseTo(1 / Math.sqrt(3), 6);
    expect(text).not.toMatch(/-0 |e-|NaN/);
  });
});
