/**
 * Ear-clipping triangulation of a simple polygon with holes (plane faces of the demo models).
 *
 * Holes are joined to the outer ring by bridges (a zero-width slit), then ears are clipped. Points
 * on a straight edge are kept, so a face can share every vertex of its neighbours (no T-junctions).
 * Small inputs only (O(n³) worst case): a face of a demo model has tens of points.
 */

export type Vec2 = readonly [number, number];

const EPS = 1e-9;

/** Twice the signed area of triangle a, b, c: > 0 when counter-clockwise. */
export const orient = (a: Vec2, b: Vec2, c: Vec2): number => (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);

/** Signed area of a polygon (> 0 when counter-clockwise). */
export function polygonArea(poly: readonly Vec2[]): number {
  let s = 0;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i] as Vec2;
    const b = poly[(i + 1) % poly.length] as Vec2;
    s += a[0] * b[1] - b[0] * a[1];
  }
  return s / 2;
}

const same = (a: Vec2, b: Vec2): boolean => a[0] === b[0] && a[1] === b[1];

function inTriangle(a: Vec2, b: Vec2, c: Vec2, p: Vec2): boolean {
  return orient(a, b, p) >= -EPS && orient(b, c, p) >= -EPS && orient(c, a, p) >= -EPS;
}

/** Do segments p–q and r–s cross at a point interior to both (or touch a point strictly inside p–q)? */
function blocks(p: Vec2, q: Vec2, r: Vec2, s: Vec2): boolean {
  const d1 = orient(p, q, r);
  const d2 = orient(p, q, s);
  const d3 = orient(r, s, p);
  const d4 = orient(r, s, q);
  if (((d1 > EPS && d2 < -EPS) || (d1 < -EPS && d2 > EPS)) && ((d3 > EPS && d4 < -EPS) || (d3 < -EPS && d4 > EPS))) return true;
  const onPq = (x: Vec2) =>
    Math.abs(orient(p, q, x)) <= EPS && !same(x, p) && !same(x, q) && (x[0] - p[0]) * (x[0] - q[0]) + (x[1] - p[1]) * (x[1] - q[1]) < 0;
  return onPq(r) || onPq(s);
}

/** Is the direction from ring vertex v towards m inside the polygon's angle at v? */
function locallyInside(prev: Vec2, v: Vec2, next: Vec2, m: Vec2): boolean {
  const left1 = orient(prev, v, m) > EPS;
  const left2 = orient(v, next, m) > EPS;
  return orient(prev, v, next) > EPS ? left1 && left2 : left1 || left2;
}

/**
 * Triangulates `outer` minus `holes`. Returns triangles as index triples into the concatenated
 * point list (outer points first, then each hole's points in order), counter-clockwise.
 * Either winding is accepted for the outer ring and the holes.
 */
export function triangulate(outer: readonly Vec2[], holes: readonly (readonly Vec2[])[] = []): [number, number, number][] {
  const pts: Vec2[] = [...outer, ...holes.flat()];
  const at = (i: number): Vec2 => pts[i] as Vec2;
  const ringOf = (poly: readonly Vec2[], start: number, ccw: boolean): number[] => {
    const r = poly.map((_, k) => start + k);
    return polygonArea(poly) > 0 === ccw ? r : r.reverse();
  };
  let ring = ringOf(outer, 0, true);
  const holeRings: number[][] = [];
  let start = outer.length;
  for (const h of holes) {
    holeRings.push(ringOf(h, start, false));
    start += h.length;
  }
  const maxX = (r: number[]) => Math.max(...r.map((i) => at(i)[0]));
  holeRings.sort((a, b) => maxX(b) - maxX(a));

  const edgesOf = (r: number[]): [Vec2, Vec2][] => r.map((i, k) => [at(i), at(r[(k + 1) % r.length] as number)]);
  for (let h = 0; h < holeRings.length; h++) {
    const hole = holeRings[h] as number[];
    const mk = hole.reduce((best, i, k) => (at(i)[0] > at(hole[best] as number)[0] ? k : best), 0);
    const m = at(hole[mk] as number);
    const edges = [...edgesOf(ring), ...holeRings.slice(h).flatMap(edgesOf)];
    let bridge = -1;
    let bestD = Infinity;
    for (let j = 0; j < ring.length; j++) {
      const v = at(ring[j] as number);
      const d = (v[0] - m[0]) ** 2 + (v[1] - m[1]) ** 2;
      if (d >= bestD || same(v, m)) continue;
      const prev = at(ring[(j - 1 + ring.length) % ring.length] as number);
      const next = at(ring[(j + 1) % ring.length] as number);
      if (!locallyInside(prev, v, next, m)) continue;
      if (edges.some(([r, s]) => blocks(m, v, r, s) || blocks(r, s, m, v))) continue;
      bridge = j;
      bestD = d;
    }
    if (bridge < 0) throw new Error('triangulate: no bridge from a hole to the outer ring');
    const loop = [...hole.slice(mk), ...hole.slice(0, mk), hole[mk] as number];
    ring = [...ring.slice(0, bridge + 1), ...loop, ...ring.slice(bridge)];
  }

  const tris: [number, number, number][] = [];
  while (ring.length > 3) {
    const n = ring.length;
    let clipped = false;
    for (let k = 0; k < n && !clipped; k++) {
      const ia = ring[(k - 1 + n) % n] as number;
      const ib = ring[k] as number;
      const ic = ring[(k + 1) % n] as number;
      const a = at(ia);
      const b = at(ib);
      const c = at(ic);
      if (orient(a, b, c) <= EPS) continue;
      const blocked = ring.some((i) => {
        const p = at(i);
        return !same(p, a) && !same(p, b) && !same(p, c) && inTriangle(a, b, c, p);
      });
      if (blocked) continue;
      tris.push([ia, ib, ic]);
      ring.splice(k, 1);
      clipped = true;
    }
    if (!clipped) throw new Error('triangulate: no ear found (self-intersecting polygon?)');
  }
  const [ia, ib, ic] = ring as [number, number, number];
  if (orient(at(ia), at(ib), at(ic)) <= EPS) throw new Error('triangulate: degenerate last triangle');
  tris.push([ia, ib, ic]);
  return tris;
}
