import { MeshBuilder } from './builder';
import { type Mesh, placeOnBed, type Vec3 } from './mesh';

/** Metric hex key sizes (across flats, mm), one per step, from the tallest step to the lowest. */
export const HEX_KEY_SIZES = [6, 5, 4, 3, 2.5, 2, 1.5] as const;

/** Extra room around each key, mm (across flats). */
const CLEARANCE = 0.3;
/** Depth of the holder front to back, mm. */
export const HOLDER_DEPTH = 22;
/** Depth of each hexagonal socket, mm. */
export const SOCKET_DEPTH = 12;

export interface HolderStep {
  /** Left edge of the step (before centring), mm. */
  readonly x: number;
  readonly width: number;
  readonly height: number;
  /** Circumradius of the hexagonal socket, mm. */
  readonly socketRadius: number;
}

/** The steps of the holder: wider for bigger keys, 2 mm lower each from left to right. */
export function holderSteps(): HolderStep[] {
  let x = 0;
  return HEX_KEY_SIZES.map((size, i) => {
    const socketRadius = (size + CLEARANCE) / Math.sqrt(3);
    const width = Math.max(9, 2 * socketRadius + 6);
    const step = { x, width, height: 28 - 2 * i, socketRadius };
    x += width;
    return step;
  });
}

/**
 * A stepped stand for a set of metric hex (Allen) keys: one blind hexagonal socket per step, the
 * biggest key on the tallest step. Closed and manifold, sitting on z = 0, centred on x = y = 0.
 */
export function hexKeyHolder(): Mesh {
  const steps = holderSteps();
  const last = steps[steps.length - 1];
  const first = steps[0];
  if (!first || !last) throw new Error('hexKeyHolder: no steps');
  const X = last.x + last.width;
  const d = HOLDER_DEPTH / 2;
  const b = new MeshBuilder();

  b.face({
    normal: [0, 0, -1],
    outer: [
      [0, -d, 0],
      [X, -d, 0],
      [X, d, 0],
      [0, d, 0],
    ],
  });
  // Front and back: the staircase outline.
  const outline: [number, number][] = [
    [0, 0],
    [X, 0],
  ];
  for (let i = steps.length - 1; i >= 0; i--) {
    const s = steps[i] as HolderStep;
    outline.push([s.x + s.width, s.height], [s.x, s.height]);
  }
  for (const y of [-d, d]) {
    b.face({ normal: [0, Math.sign(y), 0], outer: outline.map(([x, z]): Vec3 => [x, y, z]) });
  }
  const endFace = (x: number, height: number, nx: number) =>
    b.face({
      normal: [nx, 0, 0],
      outer: [
        [x, -d, 0],
        [x, d, 0],
        [x, d, height],
        [x, -d, height],
      ],
    });
  endFace(0, first.height, -1);
  endFace(X, last.height, 1);

  steps.forEach((s, i) => {
    const prev = steps[i - 1];
    if (prev) {
      // The riser up to the previous (taller) step faces +x.
      b.face({
        normal: [1, 0, 0],
        outer: [
          [s.x, -d, s.height],
          [s.x, d, s.height],
          [s.x, d, prev.height],
          [s.x, -d, prev.height],
        ],
      });
    }
    const cx = s.x + s.width / 2;
    const socket = Array.from({ length: 6 }, (_, k): Vec3 => {
      const a = (Math.PI / 3) * k;
      return [cx + s.socketRadius * Math.cos(a), s.socketRadius * Math.sin(a), s.height];
    });
    b.face({
      normal: [0, 0, 1],
      outer: [
        [s.x, -d, s.height],
        [s.x + s.width, -d, s.height],
        [s.x + s.width, d, s.height],
        [s.x, d, s.height],
      ],
      holes: [socket],
    });
    b.pocket(socket, [0, 0, 1], SOCKET_DEPTH);
  });
  return placeOnBed(b.build());
}
