import { MeshBuilder } from './builder';
import type { Mesh, Vec3 } from './mesh';
import type { Vec2 } from './triangulate';

/**
 * The classic XYZ calibration cube: X engraved on the front (−y) face, Y on the right (+x) face and
 * Z on the top, each letter reading upright from outside, so a print shows which axis is off.
 */

export interface CubeLetters {
  readonly X: readonly Vec2[];
  readonly Y: readonly Vec2[];
  readonly Z: readonly Vec2[];
  /** How deep the letters are engraved (mm). */
  readonly depth: number;
}

/** The letter outlines (in a letter box centred on the origin) and depth for a cube of `size`. */
export function cubeLetters(size = 20): CubeLetters {
  const w = 0.42 * size;
  const h = 0.52 * size;
  const s = 0.1 * size; // stroke width
  const d = 1.3 * s; // horizontal width of a slanted stroke
  const at = (pts: readonly Vec2[]): Vec2[] => pts.map(([x, y]) => [x - w / 2, y - h / 2]);
  const mid = (h * (w / 2 - d)) / (w - d);
  const X: Vec2[] = [
    [0, 0],
    [d, 0],
    [w / 2, mid],
    [w - d, 0],
    [w, 0],
    [(w + d) / 2, h / 2],
    [w, h],
    [w - d, h],
    [w / 2, h - mid],
    [d, h],
    [0, h],
    [(w - d) / 2, h / 2],
  ];
  const stemTop = 0.45 * h;
  const join = h - ((w / 2 - d) * (h - stemTop)) / (w / 2 - s / 2);
  const Y: Vec2[] = [
    [w / 2 - s / 2, 0],
    [w / 2 + s / 2, 0],
    [w / 2 + s / 2, stemTop],
    [w, h],
    [w - d, h],
    [w / 2, join],
    [d, h],
    [0, h],
    [w / 2 - s / 2, stemTop],
  ];
  const Z: Vec2[] = [
    [0, 0],
    [w, 0],
    [w, s],
    [d, s],
    [w, h - s],
    [w, h],
    [0, h],
    [0, h - s],
    [w - d, h - s],
    [0, s],
  ];
  return { X: at(X), Y: at(Y), Z: at(Z), depth: 0.04 * size };
}

interface CubeFace {
  readonly normal: Vec3;
  readonly right: Vec3;
  readonly up: Vec3;
  readonly letter?: 'X' | 'Y' | 'Z';
}

const FACES: readonly CubeFace[] = [
  { normal: [0, 0, -1], right: [1, 0, 0], up: [0, -1, 0] },
  { normal: [0, 0, 1], right: [1, 0, 0], up: [0, 1, 0], letter: 'Z' },
  { normal: [0, -1, 0], right: [1, 0, 0], up: [0, 0, 1], letter: 'X' },
  { normal: [1, 0, 0], right: [0, 1, 0], up: [0, 0, 1], letter: 'Y' },
  { normal: [0, 1, 0], right: [-1, 0, 0], up: [0, 0, 1] },
  { normal: [-1, 0, 0], right: [0, -1, 0], up: [0, 0, 1] },
];

/**
 * A calibration cube of `size` mm (20 by default) sitting on z = 0, centred on x = y = 0, with the
 * X, Y and Z letters engraved (`letters: false` gives the plain cube of exactly size³ mm³).
 */
export function calibrationCube(size = 20, options: { letters?: boolean } = {}): Mesh {
  const a = size / 2;
  const letters = options.letters === false ? undefined : cubeLetters(size);
  const b = new MeshBuilder();
  for (const f of FACES) {
    const centre: Vec3 = [f.normal[0] * a, f.normal[1] * a, a + f.normal[2] * a];
    const onFace = ([x, y]: Vec2): Vec3 => [
      centre[0] + f.right[0] * x + f.up[0] * y,
      centre[1] + f.right[1] * x + f.up[1] * y,
      centre[2] + f.right[2] * x + f.up[2] * y,
    ];
    const square = (
      [
        [-a, -a],
        [a, -a],
        [a, a],
        [-a, a],
      ] as const
    ).map(onFace);
    if (letters && f.letter) {
      const outline = letters[f.letter].map(onFace);
      b.face({ normal: f.normal, outer: square, holes: [outline] }).pocket(outline, f.normal, letters.depth);
    } else {
      b.face({ normal: f.normal, outer: square });
    }
  }
  return b.build();
}
