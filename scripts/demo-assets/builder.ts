import { cross, dot, type Mesh, normalize, sub, type Triangle, type Vec3 } from './mesh';
import { triangulate, type Vec2 } from './triangulate';

/** A plane face: its outward normal, outer boundary and holes (any winding, in 3D on the plane). */
export interface Face {
  readonly normal: Vec3;
  readonly outer: readonly Vec3[];
  readonly holes?: readonly (readonly Vec3[])[];
}

/** Two unit vectors u, v in the plane of normal n with u × v = n (a right-handed 2D frame). */
export function planeFrame(n: Vec3): [Vec3, Vec3] {
  const helper: Vec3 = Math.abs(n[2]) < 0.9 ? [0, 0, 1] : [1, 0, 0];
  const u = normalize(cross(helper, n));
  return [u, cross(normalize(n), u)];
}

const key = (p: Vec3): string => `${Math.round(p[0] * 1e6)},${Math.round(p[1] * 1e6)},${Math.round(p[2] * 1e6)}`;

/**
 * Builds a mesh from faces and triangles, welding vertices at the same position (to 1e-6 mm), so
 * that faces sharing a boundary share its edges. A closed surface needs every boundary point of a
 * face to be a vertex of its neighbours too (the builders below take care of that).
 */
export class MeshBuilder {
  private readonly vertices: Vec3[] = [];
  private readonly triangles: Triangle[] = [];
  private readonly index = new Map<string, number>();

  vertex(p: Vec3): number {
    const k = key(p);
    let i = this.index.get(k);
    if (i === undefined) {
      i = this.vertices.length;
      this.vertices.push(p);
      this.index.set(k, i);
    }
    return i;
  }

  /** A triangle, given counter-clockwise seen from outside. */
  triangle(a: Vec3, b: Vec3, c: Vec3): this {
    const t: Triangle = [this.vertex(a), this.vertex(b), this.vertex(c)];
    if (t[0] !== t[1] && t[1] !== t[2] && t[2] !== t[0]) this.triangles.push(t);
    return this;
  }

  /** A planar convex quad a, b, c, d, counter-clockwise seen from outside. */
  quad(a: Vec3, b: Vec3, c: Vec3, d: Vec3): this {
    return this.triangle(a, b, c).triangle(a, c, d);
  }

  /** A plane face with holes, triangulated; triangles face `normal` whatever the input winding. */
  face(f: Face): this {
    const [u, v] = planeFrame(f.normal);
    const to2d = (p: Vec3): Vec2 => [dot(p, u), dot(p, v)];
    const holes = f.holes ?? [];
    const points = [...f.outer, ...holes.flat()];
    for (const [a, b, c] of triangulate(
      f.outer.map(to2d),
      holes.map((h) => h.map(to2d)),
    )) {
      this.triangle(points[a] as Vec3, points[b] as Vec3, points[c] as Vec3);
    }
    return this;
  }

  /**
   * The side walls of a prism-like pocket or boss: for each edge of `bottom`, the quad up to the
   * matching edge of `top` (same number of points). `outwardIsInside`: the wall's outward normal
   * points into the polygon (a hole or pocket) rather than away from it (a boss or plate edge).
   */
  walls(bottom: readonly Vec3[], top: readonly Vec3[], outwardIsInside: boolean): this {
    const n = bottom.length;
    // Counter-clockwise around the extrusion direction: for edge b0 → b1 the polygon lies to the
    // left, and quad b0, b1, t1, t0 faces right, away from the polygon.
    const ccw = dot(areaVector(bottom), sub(top[0] as Vec3, bottom[0] as Vec3)) > 0;
    for (let i = 0; i < n; i++) {
      const b0 = bottom[i] as Vec3;
      const b1 = bottom[(i + 1) % n] as Vec3;
      const t0 = top[i] as Vec3;
      const t1 = top[(i + 1) % n] as Vec3;
      if (ccw !== outwardIsInside) this.quad(b0, b1, t1, t0);
      else this.quad(b0, t0, t1, b1);
    }
    return this;
  }

  /**
   * A pocket sunk `depth` into a face along -`normal` (engraved letters, blind holes): its floor
   * and side walls. The face around it must be added with `outline` as a hole.
   */
  pocket(outline: readonly Vec3[], normal: Vec3, depth: number): this {
    const n = normalize(normal);
    const floor = outline.map((p): Vec3 => [p[0] - n[0] * depth, p[1] - n[1] * depth, p[2] - n[2] * depth]);
    return this.face({ normal: n, outer: floor }).walls(floor, outline, true);
  }

  build(): Mesh {
    return { vertices: [...this.vertices], triangles: [...this.triangles] };
  }
}

/** Twice the vector area of a closed polygon in 3D (its direction is the counter-clockwise normal). */
function areaVector(points: readonly Vec3[]): Vec3 {
  let s: Vec3 = [0, 0, 0];
  for (let i = 0; i < points.length; i++) {
    const c = cross(points[i] as Vec3, points[(i + 1) % points.length] as Vec3);
    s = [s[0] + c[0], s[1] + c[1], s[2] + c[2]];
  }
  return s;
}
