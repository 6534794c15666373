import { cross, dot, type Mesh, normalize, sub, type Triangle, type Vec3 } from './mesh';

export interface VaseOptions {
  /** Height in mm (120). */
  readonly height?: number;
  /** Largest radius in mm (35): the vase fits in a cylinder of this radius. */
  readonly radius?: number;
  /** Points around each ring (96). */
  readonly segments?: number;
  /** Total rotation of the ripples from bottom to top, in degrees (60; 0 = straight flutes). */
  readonly twist?: number;
  /** Number of ripples around (8). */
  readonly lobes?: number;
  /** Rings from bottom to top (one per 1.5 mm by default). */
  readonly layers?: number;
}

/** Depth of the ripples, as a fraction of the radius. */
const RIPPLE = 0.07;

/** The silhouette: a narrow foot, a belly at about a third of the height, a neck and a flared lip. */
export function vaseProfile(t: number): number {
  return 0.7 + 0.22 * Math.sin(Math.PI * (1.7 * t - 0.1)) + 0.16 * t ** 3;
}

/** The largest value of vaseProfile on [0, 1] (so that the radius option is the real largest radius). */
const PROFILE_MAX = (() => {
  let m = 0;
  for (let i = 0; i <= 2000; i++) m = Math.max(m, vaseProfile(i / 2000));
  return m;
})();

/** Radius of the vase at relative height t in [0, 1] and angle theta (radians). */
export function vaseRadius(opts: VaseOptions, t: number, theta: number): number {
  const radius = opts.radius ?? 35;
  const lobes = opts.lobes ?? 8;
  const twist = ((opts.twist ?? 60) * Math.PI) / 180;
  const ripple = 1 + RIPPLE * Math.cos(lobes * (theta - twist * t));
  return (radius * vaseProfile(t) * ripple) / (PROFILE_MAX * (1 + RIPPLE));
}

/**
 * A closed solid of revolution with a wavy, twisting wall, made for vase mode ("spiralize outer
 * contour"): the slicer prints the bottom and then only the outer wall of this solid. The top cap
 * closes the solid (vase mode leaves it out). Sits on z = 0, centred on the z axis.
 */
export function vase(opts: VaseOptions = {}): Mesh {
  const height = opts.height ?? 120;
  const segments = Math.max(3, Math.round(opts.segments ?? 96));
  const layers = Math.max(1, Math.round(opts.layers ?? height / 1.5));
  const vertices: Vec3[] = [[0, 0, 0]];
  const triangles: Triangle[] = [];
  for (let i = 0; i <= layers; i++) {
    const t = i / layers;
    for (let j = 0; j < segments; j++) {
      const theta = (2 * Math.PI * j) / segments;
      const r = vaseRadius(opts, t, theta);
      vertices.push([r * Math.cos(theta), r * Math.sin(theta), height * t]);
    }
  }
  const top = vertices.length;
  vertices.push([0, 0, height]);
  const ring = (i: number, j: number): number => 1 + i * segments + (j % segments);
  for (let j = 0; j < segments; j++) {
    triangles.push([0, ring(0, j + 1), ring(0, j)]);
    triangles.push([top, ring(layers, j), ring(layers, j + 1)]);
    for (let i = 0; i < layers; i++) {
      const a = ring(i, j);
      const b = ring(i, j + 1);
      const c = ring(i + 1, j + 1);
      const d = ring(i + 1, j);
      // Split along the diagonal that folds the (twisted, non-planar) quad least: smoother shading.
      if (fold(vertices, a, b, c, d) <= fold(vertices, b, c, d, a)) triangles.push([a, b, c], [a, c, d]);
      else triangles.push([b, c, d], [b, d, a]);
    }
  }
  return { vertices, triangles };
}

/** 1 − cos of the angle between triangles p, q, r and p, r, s (0 when the quad p q r s is flat). */
function fold(v: readonly Vec3[], p: number, q: number, r: number, s: number): number {
  const at = (i: number): Vec3 => v[i] ?? [0, 0, 0];
  const n1 = normalize(cross(sub(at(q), at(p)), sub(at(r), at(p))));
  const n2 = normalize(cross(sub(at(r), at(p)), sub(at(s), at(p))));
  return 1 - dot(n1, n2);
}
