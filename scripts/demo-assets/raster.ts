import { add, corners, dot, type Mesh, normalize, triangleNormal, type Vec3 } from './mesh';

/** Building blocks of the thumbnail renderer: triangle fill, shading normals, blur. */

export interface Projected {
  /** Sample-grid coordinates (x right, y down). */
  readonly x: number;
  readonly y: number;
  /** Distance along the view direction (> 0). */
  readonly z: number;
}

/**
 * Fills triangle a, b, c into a sample grid of w × h: calls `plot(index, depth, ba, bb, bc)` for each
 * sample centre inside, with the perspective-correct depth and barycentric weights of a, b and c.
 */
export function rasterize(
  a: Projected,
  b: Projected,
  c: Projected,
  w: number,
  h: number,
  plot: (i: number, z: number, ba: number, bb: number, bc: number) => void,
): void {
  const area = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
  if (Math.abs(area) < 1e-12) return;
  const x0 = Math.max(0, Math.floor(Math.min(a.x, b.x, c.x)));
  const x1 = Math.min(w - 1, Math.ceil(Math.max(a.x, b.x, c.x)));
  const y0 = Math.max(0, Math.floor(Math.min(a.y, b.y, c.y)));
  const y1 = Math.min(h - 1, Math.ceil(Math.max(a.y, b.y, c.y)));
  for (let y = y0; y <= y1; y++) {
    const py = y + 0.5;
    for (let x = x0; x <= x1; x++) {
      const px = x + 0.5;
      const w0 = ((c.x - b.x) * (py - b.y) - (c.y - b.y) * (px - b.x)) / area;
      const w1 = ((a.x - c.x) * (py - c.y) - (a.y - c.y) * (px - c.x)) / area;
      const w2 = 1 - w0 - w1;
      if (w0 < -1e-9 || w1 < -1e-9 || w2 < -1e-9) continue;
      const q0 = w0 / a.z;
      const q1 = w1 / b.z;
      const q2 = w2 / c.z;
      const z = 1 / (q0 + q1 + q2);
      plot(y * w + x, z, q0 * z, q1 * z, q2 * z);
    }
  }
}

/**
 * Normals for shading, three per triangle (one per corner): the face normal averaged with those
 * of the triangles around the corner that meet it at less than `creaseDegrees`. Curved surfaces
 * (the vase) then shade smoothly while flat faces and sharp edges (the cube) stay crisp.
 */
export function cornerNormals(mesh: Mesh, creaseDegrees = 35): { face: Vec3[]; corner: Vec3[][] } {
  const face = mesh.triangles.map((t) => {
    const [a, b, c] = corners(mesh, t);
    return triangleNormal(a, b, c);
  });
  const around = new Map<string, number[]>();
  const keyOf = (i: number) => {
    const v = mesh.vertices[i] ?? [0, 0, 0];
    return `${v[0]},${v[1]},${v[2]}`;
  };
  mesh.triangles.forEach((t, ti) => {
    for (const i of t) {
      const k = keyOf(i);
      const list = around.get(k);
      if (list) list.push(ti);
      else around.set(k, [ti]);
    }
  });
  const cos = Math.cos((creaseDegrees * Math.PI) / 180);
  const corner = mesh.triangles.map((t, ti) => {
    const n = face[ti] ?? [0, 0, 1];
    return t.map((i) => {
      let s: Vec3 = [0, 0, 0];
      for (const tj of around.get(keyOf(i)) ?? []) {
        const m = face[tj] ?? [0, 0, 1];
        if (dot(m, n) >= cos) s = add(s, m);
      }
      return normalize(s);
    });
  });
  return { face, corner };
}

/** Separable box blur in place (run it a few times for a soft, nearly Gaussian falloff). */
export function boxBlur(a: Float32Array, w: number, h: number, r: number): void {
  const tmp = new Float32Array(Math.max(w, h));
  const pass = (len: number, lines: number, at: (line: number, i: number) => number) => {
    for (let line = 0; line < lines; line++) {
      let sum = 0;
      for (let i = -r; i <= r; i++) sum += a[at(line, Math.min(len - 1, Math.max(0, i)))] ?? 0;
      for (let i = 0; i < len; i++) {
        tmp[i] = sum / (2 * r + 1);
        sum += (a[at(line, Math.min(len - 1, i + r + 1))] ?? 0) - (a[at(line, Math.max(0, i - r))] ?? 0);
      }
      for (let i = 0; i < len; i++) a[at(line, i)] = tmp[i] ?? 0;
    }
  };
  pass(w, h, (y, x) => y * w + x);
  pass(h, w, (x, y) => y * w + x);
}
