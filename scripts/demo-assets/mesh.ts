/**
 * A tiny indexed triangle mesh (millimetres) and its STL writers.
 *
 * Orientation convention (the one slicers expect): a triangle's vertices run counter-clockwise
 * when seen from outside the solid, so the right-hand rule gives the outward normal.
 */

export type Vec3 = readonly [number, number, number];
export type Triangle = readonly [number, number, number];

export interface Mesh {
  readonly vertices: readonly Vec3[];
  readonly triangles: readonly Triangle[];
}

export interface Bbox {
  readonly min: Vec3;
  readonly max: Vec3;
}

export const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
export const add = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
export const scale = (a: Vec3, k: number): Vec3 => [a[0] * k, a[1] * k, a[2] * k];
export const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const cross = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
export const length = (a: Vec3): number => Math.sqrt(dot(a, a));
export function normalize(a: Vec3): Vec3 {
  const l = length(a);
  return l === 0 ? [0, 0, 0] : scale(a, 1 / l);
}

/** Vertex `i` of a mesh; throws on an out-of-range index instead of returning undefined. */
export function vertexAt(mesh: Mesh, i: number): Vec3 {
  const v = mesh.vertices[i];
  if (!v) throw new RangeError(`vertex ${i} out of range (${mesh.vertices.length} vertices)`);
  return v;
}

/** The three corners of triangle `t`. */
export function corners(mesh: Mesh, t: Triangle): [Vec3, Vec3, Vec3] {
  return [vertexAt(mesh, t[0]), vertexAt(mesh, t[1]), vertexAt(mesh, t[2])];
}

/** Unit normal from the vertex order (right-hand rule); [0, 0, 0] for a degenerate triangle. */
export function triangleNormal(a: Vec3, b: Vec3, c: Vec3): Vec3 {
  return normalize(cross(sub(b, a), sub(c, a)));
}

/** All meshes in one (their vertex indices are offset; nothing is welded or unioned). */
export function mergeMeshes(...meshes: readonly Mesh[]): Mesh {
  const vertices: Vec3[] = [];
  const triangles: Triangle[] = [];
  for (const m of meshes) {
    const o = vertices.length;
    vertices.push(...m.vertices);
    for (const t of m.triangles) triangles.push([t[0] + o, t[1] + o, t[2] + o]);
  }
  return { vertices, triangles };
}

export function translate(mesh: Mesh, d: Vec3): Mesh {
  return { vertices: mesh.vertices.map((v) => add(v, d)), triangles: mesh.triangles };
}

export function bbox(mesh: Mesh): Bbox {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (const v of mesh.vertices) {
    for (let k = 0; k < 3; k++) {
      const c = v[k] ?? 0;
      if (c < (min[k] ?? 0)) min[k] = c;
      if (c > (max[k] ?? 0)) max[k] = c;
    }
  }
  return { min: [min[0] ?? 0, min[1] ?? 0, min[2] ?? 0], max: [max[0] ?? 0, max[1] ?? 0, max[2] ?? 0] };
}

/** Moves a mesh so that it sits on z = 0 and its bounding box is centred on x = y = 0. */
export function placeOnBed(mesh: Mesh): Mesh {
  const { min, max } = bbox(mesh);
  return translate(mesh, [-(min[0] + max[0]) / 2, -(min[1] + max[1]) / 2, -min[2]]);
}

/** Binary STL: 80-byte header, uint32 triangle count, then 50 bytes per triangle (little-endian). */
export function toBinaryStl(mesh: Mesh, name = 'mesh'): Buffer {
  const n = mesh.triangles.length;
  const buf = Buffer.alloc(84 + 50 * n);
  // The header must not start with "solid", or some readers take the file for ASCII STL.
  buf.write(`binary STL: ${name}`.slice(0, 80), 0, 'latin1');
  buf.writeUInt32LE(n, 80);
  let o = 84;
  for (const t of mesh.triangles) {
    const [a, b, c] = corners(mesh, t);
    for (const v of [triangleNormal(a, b, c), a, b, c]) {
      buf.writeFloatLE(v[0], o);
      buf.writeFloatLE(v[1], o + 4);
      buf.writeFloatLE(v[2], o + 8);
      o += 12;
    }
    buf.writeUInt16LE(0, o);
    o += 2;
  }
  return buf;
}

const num = (x: number): string => {
  const r = Math.round(x * 1e6) / 1e6;
  return Object.is(r, -0) ? '0' : String(r);
};
const triple = (v: Vec3): string => `${num(v[0])} ${num(v[1])} ${num(v[2])}`;

/** ASCII STL, the readable variant (larger; for debugging and tools that want text). */
export function toAsciiStl(mesh: Mesh, name = 'mesh'): string {
  const solid = name.replace(/\s+/g, '_') || 'mesh';
  const out = [`solid ${solid}`];
  for (const t of mesh.triangles) {
    const [a, b, c] = corners(mesh, t);
    out.push(`  facet normal ${triple(triangleNormal(a, b, c))}`, '    outer loop');
    for (const v of [a, b, c]) out.push(`      vertex ${triple(v)}`);
    out.push('    endloop', '  endfacet');
  }
  out.push(`endsolid ${solid}`, '');
  return out.join('\n');
}
