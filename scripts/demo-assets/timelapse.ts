import { encodeApng } from './apng';
import { add, bbox, corners, dot, type Mesh, normalize, scale, sub, triangleNormal, type Vec3 } from './mesh';
import { encodePng } from './png';
import { boxBlur, type Projected, rasterize } from './raster';
import { DEFAULT_COLOUR, productView, type Rgb, type RgbImage } from './thumbnail';

/**
 * A print timelapse of a model: it grows layer by layer on the bed, as a looping animated PNG,
 * plus a still poster of the finished part. Same camera, light and palette as the thumbnail.
 *
 * Rendering every frame with the thumbnail renderer would take about a second a frame, too slow
 * for a seed that runs at first start. So the mesh is rasterised once, keeping every surface
 * sample under each pixel sample (front faces and the back faces' inner side), and each frame only
 * picks, per sample, the nearest one at or below the printed height: a per-sample clip that shows
 * the walls' inner side and the floor inside the cut, as a real print before its top layers.
 */

export interface TimelapseOptions {
  /** Frame size (320 × 240). */
  readonly width?: number;
  readonly height?: number;
  /** Frames from the first layer to the finished part (30). */
  readonly frames?: number;
  readonly colour?: Rgb;
  /** Display time of a frame while printing (110 ms) and of the finished part (1.6 s). */
  readonly frameMs?: number;
  readonly holdMs?: number;
  /** Leave out the flat top skin (vase mode prints no top). */
  readonly openTop?: boolean;
}

export interface Timelapse {
  /** The animation (image/apng). */
  readonly apng: Buffer;
  /** The finished part, the last frame (image/png). */
  readonly poster: Buffer;
  readonly frames: number;
}

export function renderTimelapse(mesh: Mesh, options: TimelapseOptions = {}): Timelapse {
  const count = Math.max(2, Math.round(options.frames ?? 30));
  const scene = layeredScene(mesh, options);
  const { min, max } = bbox(mesh);
  const images: RgbImage[] = [];
  for (let i = 1; i <= count; i++) images.push(scene.frame(min[2] + ((max[2] - min[2]) * i) / count));
  const last = images[count - 1] as RgbImage;
  return {
    // zlib level 6: a quarter of level 9's time for 5 % more bytes.
    apng: encodeApng(images, {
      delayMs: images.map((_, i) => (i === count - 1 ? (options.holdMs ?? 1600) : (options.frameMs ?? 110))),
      level: 6,
    }),
    poster: encodePng(last.width, last.height, last.rgb),
    frames: count,
  };
}

const SS = 2;
const toLinear = (c: number): number => {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
const TO_BYTE = Uint8Array.from({ length: 4096 }, (_, i) => {
  const c = i / 4095;
  return Math.round(255 * (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055));
});
const toByte = (l: number): number => TO_BYTE[l <= 0 ? 0 : l >= 1 ? 4095 : (l * 4095 + 0.5) | 0] ?? 0;

/**
 * The finished part alone as a PNG: the timelapse's renderer, several times faster than the
 * thumbnail's, for seeds that make many images. With `openTop` the inside shows through the top.
 */
export function renderStill(mesh: Mesh, options: Pick<TimelapseOptions, 'width' | 'height' | 'colour' | 'openTop'> = {}): Buffer {
  const img = layeredScene(mesh, options, !options.openTop).frame(Infinity);
  return encodePng(img.width, img.height, img.rgb, 6);
}

/**
 * The mesh rasterised once; `frame(z)` renders the part printed up to height z. A `still` scene
 * is only ever shown whole: it keeps the nearest front face per sample (a plain z-buffer).
 */
export function layeredScene(mesh: Mesh, options: TimelapseOptions = {}, still = false): { frame(z: number): RgbImage } {
  const width = options.width ?? 320;
  const height = options.height ?? 240;
  const W = width * SS;
  const H = height * SS;
  const base = (options.colour ?? DEFAULT_COLOUR).map(toLinear) as unknown as Rgb;

  // Camera and framing of the thumbnail renderer.
  const { eye, back, right, up, radius, toCamera, toScreen, screen } = productView(mesh, W, H);
  const box = bbox(mesh);

  const fromCamera = (x: number, y: number, z: number): Vec3 => normalize(add(add(scale(right, x), scale(up, y)), scale(back, z)));
  const key = fromCamera(-0.5, 0.75, 0.45);
  const fill = fromCamera(0.7, -0.1, 0.6);
  const half = normalize(add(key, back));

  // Every surface sample under every pixel sample, as linked lists in growable typed arrays.
  const { face, corner, curved } = shadingNormals(mesh);
  const head = new Int32Array(W * H).fill(-1);
  let cap = W * H; // enough for a still; a timelapse grows it once or twice
  let n = 0;
  let next = new Int32Array(cap);
  let tri = new Int32Array(cap);
  let depth = new Float32Array(cap);
  let zWorld = new Float32Array(cap);
  let colour = new Float32Array(cap * 3);
  const grow = <T extends Int32Array | Float32Array>(a: T, size: number): T => {
    const b = new (a.constructor as new (n: number) => T)(size);
    b.set(a);
    return b;
  };
  mesh.triangles.forEach((t, ti) => {
    const [a, b, c] = corners(mesh, t);
    if (options.openTop && Math.min(a[2], b[2], c[2]) >= box.max[2]) return;
    const inner = dot([face[ti * 3] as number, face[ti * 3 + 1] as number, face[ti * 3 + 2] as number], sub(eye, a)) <= 0;
    if (inner && still) return;
    const o = ti * 9;
    const sign = inner ? -1 : 1;
    // The inside of a wall gets less light than the outside.
    const dim = inner ? 0.62 : 1;
    const at = (i: number): Projected => screen[i] ?? { x: 0, y: 0, z: 1 };
    rasterize(at(t[0]), at(t[1]), at(t[2]), W, H, (i, z, w0, w1, w2) => {
      const kept = head[i] as number;
      if (still && kept >= 0 && (depth[kept] as number) <= z) return;
      // A still overwrites its one sample per pixel sample; a timelapse keeps them all.
      const f = still && kept >= 0 ? kept : n;
      if (f === n) {
        if (n === cap) {
          cap *= 2;
          [next, tri, depth, zWorld, colour] = [
            grow(next, cap),
            grow(tri, cap),
            grow(depth, cap),
            grow(zWorld, cap),
            grow(colour, cap * 3),
          ];
        }
        next[n] = kept;
        head[i] = n++;
      }
      const nx = sign * ((corner[o] as number) * w0 + (corner[o + 3] as number) * w1 + (corner[o + 6] as number) * w2);
      const ny = sign * ((corner[o + 1] as number) * w0 + (corner[o + 4] as number) * w1 + (corner[o + 7] as number) * w2);
      const nz = sign * ((corner[o + 2] as number) * w0 + (corner[o + 5] as number) * w1 + (corner[o + 8] as number) * w2);
      const l = Math.sqrt(nx * nx + ny * ny + nz * nz) || 1;
      const nk = (nx * key[0] + ny * key[1] + nz * key[2]) / l;
      const nf = (nx * fill[0] + ny * fill[1] + nz * fill[2]) / l;
      const nh = Math.max(0, (nx * half[0] + ny * half[1] + nz * half[2]) / l);
      const diffuse = dim * (0.2 + 0.72 * Math.max(0, nk) + 0.2 * Math.max(0, nf) + (0.06 * nz) / l);
      // The thumbnail's highlight, nh^24, by multiplication (** is a slow call here).
      const h2 = nh * nh;
      const h8 = h2 * h2 * h2 * h2;
      const spec = inner ? 0 : 0.22 * h8 * h8 * h8;
      colour[f * 3] = base[0] * diffuse + spec;
      colour[f * 3 + 1] = base[1] * diffuse + spec;
      colour[f * 3 + 2] = base[2] * diffuse + spec;
      tri[f] = inner ? -1 - ti : ti;
      depth[f] = z;
      zWorld[f] = w0 * a[2] + w1 * b[2] + w2 * c[2];
    });
  });

  // Contact shadow under what touches the bed (the first layer), blurred, on the background: the
  // same in every frame, so made once, on a grid of half the output size (it is soft anyway).
  const [sw, sh] = [Math.ceil(width / 2), Math.ceil(height / 2)];
  const shadow = new Float32Array(sw * sh);
  const ground = (v: Vec3): Projected => {
    const p = toScreen(toCamera([v[0], v[1], box.min[2]]));
    return { x: p.x / (2 * SS), y: p.y / (2 * SS), z: p.z };
  };
  for (const t of mesh.triangles) {
    const [a, b, c] = corners(mesh, t);
    if (Math.max(a[2], b[2], c[2]) > box.min[2] + 1e-6) continue;
    rasterize(ground(a), ground(b), ground(c), sw, sh, (i) => {
      shadow[i] = 1;
    });
  }
  for (let pass = 0; pass < 3; pass++) boxBlur(shadow, sw, sh, Math.max(1, Math.round(0.011 * width)));
  const background = new Float32Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const g = y / (height - 1 || 1);
    const bg = [toLinear(250 - 16 * g), toLinear(251 - 14 * g), toLinear(252 - 10 * g)];
    for (let x = 0; x < width; x++) {
      const dark = 1 - 0.38 * Math.min(1, shadow[(y >> 1) * sw + (x >> 1)] ?? 0);
      for (let ch = 0; ch < 3; ch++) background[(y * width + x) * 3 + ch] = (bg[ch] ?? 0) * dark;
    }
  }

  const far = 0.12 * radius;
  const step = 0.015 * radius;
  return {
    frame(zCut: number): RgbImage {
      // The nearest surface sample at or below the cut, per pixel sample.
      const owner = new Int32Array(W * H);
      for (let i = 0; i < W * H; i++) {
        let best = -1;
        let bestDepth = Infinity;
        for (let f = head[i] as number; f >= 0; f = next[f] as number) {
          if ((zWorld[f] as number) <= zCut + 1e-4 && (depth[f] as number) < bestDepth) {
            best = f;
            bestDepth = depth[f] as number;
          }
        }
        owner[i] = best;
      }
      // Outlines where the surface ends, turns sharply, steps between parallel flat faces, or
      // jumps far back (the rim of the cut in front of the inner wall), as in the thumbnail.
      const differ = (a: number, b: number): boolean => {
        if (a < 0 || b < 0) return a !== b;
        const sa = tri[a] as number;
        const sb = tri[b] as number;
        if (sa === sb) return false;
        const ta = sa < 0 ? -1 - sa : sa;
        const tb = sb < 0 ? -1 - sb : sb;
        const sign = sa < 0 === sb < 0 ? 1 : -1;
        const cos =
          sign *
          ((face[ta * 3] as number) * (face[tb * 3] as number) +
            (face[ta * 3 + 1] as number) * (face[tb * 3 + 1] as number) +
            (face[ta * 3 + 2] as number) * (face[tb * 3 + 2] as number));
        const gap = Math.abs((depth[a] as number) - (depth[b] as number));
        return cos < 0.82 || gap > far || (!curved[ta] && !curved[tb] && cos > 0.995 && gap > step);
      };
      const edge = new Uint8Array(W * H);
      for (let y = 0; y < H; y++) {
        for (let x = 0; x < W; x++) {
          const i = y * W + x;
          const a = owner[i] as number;
          if (x + 1 < W && differ(a, owner[i + 1] as number)) edge[i] = edge[i + 1] = 1;
          if (y + 1 < H && differ(a, owner[i + W] as number)) edge[i] = edge[i + W] = 1;
        }
      }
      // Shade and downsample (average in linear light), then encode as sRGB bytes.
      const rgb = new Uint8Array(width * height * 3);
      const [er, eg, eb] = [base[0] * 0.05, base[1] * 0.05, base[2] * 0.05];
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          let [r, g, b] = [0, 0, 0];
          for (let dy = 0; dy < SS; dy++) {
            for (let dx = 0; dx < SS; dx++) {
              const i = (y * SS + dy) * W + x * SS + dx;
              const f = owner[i] as number;
              const src = f < 0 ? background : colour;
              const o = (f < 0 ? y * width + x : f) * 3;
              if (edge[i]) {
                r += (src[o] as number) * 0.35 + er;
                g += (src[o + 1] as number) * 0.35 + eg;
                b += (src[o + 2] as number) * 0.35 + eb;
              } else {
                r += src[o] as number;
                g += src[o + 1] as number;
                b += src[o + 2] as number;
              }
            }
          }
          const o = (y * width + x) * 3;
          rgb[o] = toByte(r / (SS * SS));
          rgb[o + 1] = toByte(g / (SS * SS));
          rgb[o + 2] = toByte(b / (SS * SS));
        }
      }
      return { width, height, rgb };
    },
  };
}

/**
 * The shading normals of raster.ts's cornerNormals (each corner: the face normals around it that
 * meet at under 35°), in flat arrays, each position keyed once rather than per corner: several
 * times faster on the vase, which a seed renders more than once. Also flags the triangles of
 * curved surfaces (a corner normal differs from the face's), which get no step outlines.
 */
export function shadingNormals(mesh: Mesh): { face: Float32Array; corner: Float32Array; curved: Uint8Array } {
  const T = mesh.triangles.length;
  const face = new Float32Array(T * 3);
  mesh.triangles.forEach((t, ti) => {
    face.set(triangleNormal(...corners(mesh, t)), ti * 3);
  });
  // Vertices at the same position are one point (meshes need not share indices).
  const ids = new Map<string, number>();
  const pointOf = mesh.vertices.map((v) => {
    const k = `${v[0]},${v[1]},${v[2]}`;
    const id = ids.get(k) ?? ids.size;
    ids.set(k, id);
    return id;
  });
  const around: number[][] = Array.from({ length: ids.size }, () => []);
  mesh.triangles.forEach((t, ti) => {
    for (const i of t) around[pointOf[i] as number]?.push(ti);
  });
  const cos = Math.cos((35 * Math.PI) / 180);
  const corner = new Float32Array(T * 9);
  const curved = new Uint8Array(T);
  mesh.triangles.forEach((t, ti) => {
    const fx = face[ti * 3] as number;
    const fy = face[ti * 3 + 1] as number;
    const fz = face[ti * 3 + 2] as number;
    for (let c = 0; c < 3; c++) {
      let x = 0;
      let y = 0;
      let z = 0;
      for (const tj of around[pointOf[t[c] as number] as number] ?? []) {
        const gx = face[tj * 3] as number;
        const gy = face[tj * 3 + 1] as number;
        const gz = face[tj * 3 + 2] as number;
        if (gx * fx + gy * fy + gz * fz < cos) continue;
        x += gx;
        y += gy;
        z += gz;
      }
      const l = Math.sqrt(x * x + y * y + z * z) || 1;
      const o = ti * 9 + c * 3;
      corner[o] = x / l;
      corner[o + 1] = y / l;
      corner[o + 2] = z / l;
      if ((x * fx + y * fy + z * fz) / l < 0.99999) curved[ti] = 1;
    }
  });
  return { face, corner, curved };
}
