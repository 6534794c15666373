import { type Bbox, bbox, corners, cross, dot, length, type Mesh, sub, type Vec3 } from './mesh';

export interface MeshCheck {
  /** Every edge is shared by exactly two triangles that run along it in opposite directions. */
  readonly watertight: boolean;
  /** The enclosed (signed) volume is positive: normals point out of the solid. */
  readonly outward: boolean;
  readonly volumeMm3: number;
  readonly bbox: Bbox;
  readonly triangles: number;
  /** Triangles of (nearly) zero area: slicers warn about them. */
  readonly degenerate: number;
}

/**
 * Checks a mesh the way a slicer sees its STL: vertices are compared by their float32 coordinates
 * (an STL has no indices), so two vertices at the same place count as one.
 */
export function checkMesh(mesh: Mesh): MeshCheck {
  const f32 = new Float32Array(3);
  const ids = new Map<string, number>();
  const id = (v: Vec3): number => {
    f32.set(v);
    const k = `${f32[0]},${f32[1]},${f32[2]}`;
    let i = ids.get(k);
    if (i === undefined) {
      i = ids.size;
      ids.set(k, i);
    }
    return i;
  };

  const directed = new Map<string, number>();
  let closed = mesh.triangles.length > 0;
  let volume6 = 0;
  let degenerate = 0;
  for (const t of mesh.triangles) {
    const [a, b, c] = corners(mesh, t);
    const ix = [id(a), id(b), id(c)];
    if (ix[0] === ix[1] || ix[1] === ix[2] || ix[2] === ix[0]) closed = false;
    for (let k = 0; k < 3; k++) {
      const e = `${ix[k]}>${ix[(k + 1) % 3]}`;
      directed.set(e, (directed.get(e) ?? 0) + 1);
    }
    volume6 += dot(a, cross(b, c));
    if (length(cross(sub(b, a), sub(c, a))) < 1e-9) degenerate++;
  }
  for (const [e, n] of directed) {
    const [from, to] = e.split('>');
    if (n !== 1 || directed.get(`${to}>${from}`) !== 1) {
      closed = false;
      break;
    }
  }
  const volumeMm3 = volume6 / 6;
  return { watertight: closed, outward: volumeMm3 > 0, volumeMm3, bbox: bbox(mesh), triangles: mesh.triangles.length, degenerate };
}
