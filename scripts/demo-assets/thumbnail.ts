import { add, bbox, corners, cross, dot, length, type Mesh, normalize, scale, sub, type Vec3 } from './mesh';
import { encodePng } from './png';
import { boxBlur, cornerNormals, type Projected, rasterize } from './raster';

/**
 * A small software renderer for a model's static image (shown until the visitor asks for the 3D
 * viewer): perspective camera from the front right and above, z-buffer, shading by normal (key
 * light from the top left; flat faces flat, curved surfaces smoothed below a crease angle), thin
 * outlines on silhouettes and creases, a soft contact shadow on a light background, 3×3
 * supersampling. Pure arithmetic, so the output is deterministic.
 */

export type Rgb = readonly [number, number, number];

export interface ThumbnailOptions {
  readonly width?: number;
  readonly height?: number;
  /** Colour of the model (sRGB, 0–255). */
  readonly colour?: Rgb;
  /** Samples per pixel along each axis (3). */
  readonly supersample?: number;
}

export interface RgbImage {
  readonly width: number;
  readonly height: number;
  /** 3 bytes per pixel, rows top to bottom. */
  readonly rgb: Uint8Array;
}

export const DEFAULT_COLOUR: Rgb = [46, 170, 120];

const toLinear = (c: number): number => {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
const toByte = (l: number): number => {
  const c = Math.min(1, Math.max(0, l));
  return Math.round(255 * (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055));
};

/**
 * The camera every product image uses (thumbnails, timelapse frames): azimuth −55° (from +x
 * towards −y, the front), elevation 28°, 28° field of view, framing the whole mesh.
 */
export function productCamera(mesh: Mesh): { eye: Vec3; back: Vec3; forward: Vec3; right: Vec3; up: Vec3; radius: number } {
  const box = bbox(mesh);
  const centre = scale(add(box.min, box.max), 0.5);
  const radius = Math.max(1e-6, length(sub(box.max, box.min)) / 2);
  const az = (-55 * Math.PI) / 180;
  const el = (28 * Math.PI) / 180;
  const back: Vec3 = [Math.cos(el) * Math.cos(az), Math.cos(el) * Math.sin(az), Math.sin(el)];
  const eye = add(centre, scale(back, radius / Math.sin((14 * Math.PI) / 180)));
  const forward = scale(back, -1);
  const right = normalize(cross(forward, [0, 0, 1]));
  return { eye, back, forward, right, up: cross(right, forward), radius };
}

/** The product camera, and the projection that fits the model into a W × H image with a margin. */
export function productView(mesh: Mesh, W: number, H: number) {
  const camera = productCamera(mesh);
  const { eye, forward, right, up } = camera;
  const toCamera = (v: Vec3) => {
    const r = sub(v, eye);
    const z = dot(r, forward);
    return { sx: dot(r, right) / z, sy: dot(r, up) / z, z };
  };
  const cam = mesh.vertices.map(toCamera);
  let [minX, maxX, minY, maxY] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const p of cam) {
    [minX, maxX, minY, maxY] = [Math.min(minX, p.sx), Math.max(maxX, p.sx), Math.min(minY, p.sy), Math.max(maxY, p.sy)];
  }
  const k = Math.min((0.84 * W) / Math.max(1e-9, maxX - minX), (0.8 * H) / Math.max(1e-9, maxY - minY));
  const toScreen = (p: { sx: number; sy: number; z: number }): Projected => ({
    x: W / 2 + k * (p.sx - (minX + maxX) / 2),
    y: H * 0.47 - k * (p.sy - (minY + maxY) / 2),
    z: p.z,
  });
  return { ...camera, toCamera, toScreen, screen: cam.map(toScreen) };
}

/** Renders `mesh` to raw RGB pixels (see renderThumbnail). */
export function renderImage(mesh: Mesh, options: ThumbnailOptions = {}): RgbImage {
  const width = options.width ?? 400;
  const height = options.height ?? 300;
  const ss = Math.max(1, Math.round(options.supersample ?? 3));
  const W = width * ss;
  const H = height * ss;
  const base = (options.colour ?? DEFAULT_COLOUR).map(toLinear) as unknown as Rgb;

  const { eye, back, right, up, radius, toCamera, toScreen, screen } = productView(mesh, W, H);
  const box = bbox(mesh);
  const at = (i: number): Projected => screen[i] ?? { x: 0, y: 0, z: 1 };

  // Lights, given in camera space (x right, y up, z towards the viewer).
  const fromCamera = (x: number, y: number, z: number): Vec3 => normalize(add(add(scale(right, x), scale(up, y)), scale(back, z)));
  const key = fromCamera(-0.5, 0.75, 0.45);
  const fill = fromCamera(0.7, -0.1, 0.6);
  const half = normalize(add(key, back));

  const shade = (n: Vec3): Rgb => {
    const diffuse = 0.2 + 0.72 * Math.max(0, dot(n, key)) + 0.2 * Math.max(0, dot(n, fill)) + 0.06 * n[2];
    const spec = 0.22 * Math.max(0, dot(n, half)) ** 24;
    return [base[0] * diffuse + spec, base[1] * diffuse + spec, base[2] * diffuse + spec];
  };

  // Z-buffer pass: nearest triangle per sample, and where in it (barycentric weights).
  const depth = new Float32Array(W * H).fill(Infinity);
  const owner = new Int32Array(W * H).fill(-1);
  const weights = new Float32Array(W * H * 2);
  const normals = cornerNormals(mesh);
  mesh.triangles.forEach((t, ti) => {
    const n = normals.face[ti] ?? [0, 0, 1];
    if (dot(n, sub(eye, corners(mesh, t)[0])) <= 0) return; // back face
    rasterize(at(t[0]), at(t[1]), at(t[2]), W, H, (i, z, w0, w1) => {
      if (z < (depth[i] ?? Infinity)) {
        depth[i] = z;
        owner[i] = ti;
        weights[2 * i] = w0;
        weights[2 * i + 1] = w1;
      }
    });
  });
  const sampleNormal = (i: number, t: number): Vec3 => {
    const [n0, n1, n2] = (normals.corner[t] ?? []) as [Vec3, Vec3, Vec3];
    const w0 = weights[2 * i] ?? 0;
    const w1 = weights[2 * i + 1] ?? 0;
    return normalize(add(add(scale(n0, w0), scale(n1, w1)), scale(n2, 1 - w0 - w1)));
  };

  // Contact shadow: the model's footprint on the bed, blurred.
  const shadow = new Float32Array(W * H);
  const floor = box.min[2];
  const ground = (v: Vec3) => toScreen(toCamera([v[0], v[1], floor]));
  for (const t of mesh.triangles) {
    const [a, b, c] = corners(mesh, t);
    rasterize(ground(a), ground(b), ground(c), W, H, (i) => {
      shadow[i] = 1;
    });
  }
  const blur = Math.max(1, Math.round(0.022 * W));
  for (let pass = 0; pass < 3; pass++) boxBlur(shadow, W, H, blur);

  // Shade samples, then outline where the surface ends, turns sharply, or steps between parallel
  // flat faces (an engraving seen past its hidden wall). Curved surfaces passing in front of
  // themselves (one ripple of the vase before the next) get no line: it would look like a seam.
  const lin = new Float32Array(W * H * 3);
  const curved = normals.corner.map((c, t) => c.some((n) => dot(n, normals.face[t] ?? n) < 0.99999));
  const edgeAt = (i: number, j: number): boolean => {
    const a = owner[i] ?? -1;
    const b = owner[j] ?? -1;
    if (a === b) return false;
    if (a < 0 || b < 0) return true;
    const cos = dot(normals.face[a] ?? [0, 0, 1], normals.face[b] ?? [0, 0, 1]);
    const step = !curved[a] && !curved[b] && cos > 0.995 && Math.abs((depth[i] ?? 0) - (depth[j] ?? 0)) > 0.015 * radius;
    return cos < 0.82 || step;
  };
  for (let y = 0; y < H; y++) {
    const g = y / (H - 1 || 1);
    const bg: Rgb = [toLinear(250 - 16 * g), toLinear(251 - 14 * g), toLinear(252 - 10 * g)];
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      const t = owner[i] ?? -1;
      const dark = 1 - 0.38 * Math.min(1, shadow[i] ?? 0);
      let c: Rgb = t < 0 ? [bg[0] * dark, bg[1] * dark, bg[2] * dark] : shade(sampleNormal(i, t));
      const edge =
        (x + 1 < W && edgeAt(i, i + 1)) || (x > 0 && edgeAt(i, i - 1)) || (y + 1 < H && edgeAt(i, i + W)) || (y > 0 && edgeAt(i, i - W));
      if (edge) c = [c[0] * 0.35 + base[0] * 0.05, c[1] * 0.35 + base[1] * 0.05, c[2] * 0.35 + base[2] * 0.05];
      lin.set(c, i * 3);
    }
  }

  // Downsample (average in linear light) and encode as sRGB bytes.
  const rgb = new Uint8Array(width * height * 3);
  const n = ss * ss;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let ch = 0; ch < 3; ch++) {
        let s = 0;
        for (let dy = 0; dy < ss; dy++) for (let dx = 0; dx < ss; dx++) s += lin[((y * ss + dy) * W + x * ss + dx) * 3 + ch] ?? 0;
        rgb[(y * width + x) * 3 + ch] = toByte(s / n);
      }
    }
  }
  return { width, height, rgb };
}

/** The model's thumbnail as a PNG file (400 × 300 by default). */
export function renderThumbnail(mesh: Mesh, options: ThumbnailOptions = {}): Buffer {
  const img = renderImage(mesh, options);
  return encodePng(img.width, img.height, img.rgb);
}
