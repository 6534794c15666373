import { MeshBuilder } from './builder';
import { type Mesh, placeOnBed, type Vec3 } from './mesh';

export interface BracketOptions {
  /** Length of the shelf plate (along x) and height of the wall plate (along z), mm. */
  readonly length?: number;
  /** Width of both plates (along y), mm. */
  readonly width?: number;
  /** Plate thickness, mm. */
  readonly thickness?: number;
  /** Thickness of the triangular gusset between the plates, mm. */
  readonly gussetThickness?: number;
  /** Diameter of the screw holes, mm (4.5: clearance for 4 mm or #8 screws). */
  readonly holeDiameter?: number;
}

/** Sides of the polygon standing in for a round hole. */
export const HOLE_SEGMENTS = 32;

export interface BracketDims {
  readonly length: number;
  readonly width: number;
  readonly thickness: number;
  readonly gussetThickness: number;
  /** Length of the gusset's legs along each plate, from the inner corner. */
  readonly gussetLeg: number;
  /** Circumradius of the hole polygon (its flats touch the nominal diameter). */
  readonly holeRadius: number;
  /** Distance of each hole's centre from the outer corner, along its plate. */
  readonly holeAt: number;
}

export function bracketDims(o: BracketOptions = {}): BracketDims {
  const length = o.length ?? 70;
  const thickness = o.thickness ?? 5;
  return {
    length,
    width: o.width ?? 30,
    thickness,
    gussetThickness: o.gussetThickness ?? 6,
    gussetLeg: 0.55 * (length - thickness),
    holeRadius: (o.holeDiameter ?? 4.5) / 2 / Math.cos(Math.PI / HOLE_SEGMENTS),
    holeAt: thickness + 0.8 * (length - thickness),
  };
}

/**
 * An L-shaped shelf bracket printed lying on its shelf plate: a shelf plate on the bed, a wall
 * plate standing at 90°, a triangular gusset in the inner corner, and one screw hole through each
 * plate beyond the gusset. One closed solid (no overlapping parts), centred on x = y = 0.
 */
export function bracket(options: BracketOptions = {}): Mesh {
  const d = bracketDims(options);
  const { length: L, thickness: T, gussetLeg: g, holeRadius: r, holeAt: h } = d;
  const w = d.width / 2;
  const gw = d.gussetThickness / 2;
  const b = new MeshBuilder();
  const ring = (f: (c: number, s: number) => Vec3): Vec3[] =>
    Array.from({ length: HOLE_SEGMENTS }, (_, i) => {
      const a = (2 * Math.PI * (i + 0.5)) / HOLE_SEGMENTS;
      return f(r * Math.cos(a), r * Math.sin(a));
    });
  const shelfHole = (z: number) => ring((c, s) => [h + c, s, z]);
  const wallHole = (x: number) => ring((c, s) => [x, c, h + s]);

  // Shelf plate: underside, top (with the gusset's footprint left out) and end.
  b.face({ normal: [0, 0, -1], outer: rect([0, -w, 0], [L, -w, 0], [L, w, 0], [0, w, 0]), holes: [shelfHole(0)] });
  b.face({
    normal: [0, 0, 1],
    outer: [
      [T, -w, T],
      [L, -w, T],
      [L, w, T],
      [T, w, T],
      [T, gw, T],
      [T + g, gw, T],
      [T + g, -gw, T],
      [T, -gw, T],
    ],
    holes: [shelfHole(T)],
  });
  b.face({ normal: [1, 0, 0], outer: rect([L, -w, 0], [L, w, 0], [L, w, T], [L, -w, T]) });
  b.walls(shelfHole(0), shelfHole(T), true);

  // Wall plate: back, inner side (gusset's footprint left out) and top edge.
  b.face({ normal: [-1, 0, 0], outer: rect([0, -w, 0], [0, w, 0], [0, w, L], [0, -w, L]), holes: [wallHole(0)] });
  b.face({
    normal: [1, 0, 0],
    outer: [
      [T, -w, T],
      [T, -gw, T],
      [T, -gw, T + g],
      [T, gw, T + g],
      [T, gw, T],
      [T, w, T],
      [T, w, L],
      [T, -w, L],
    ],
    holes: [wallHole(T)],
  });
  b.face({ normal: [0, 0, 1], outer: rect([0, -w, L], [T, -w, L], [T, w, L], [0, w, L]) });
  b.walls(wallHole(0), wallHole(T), true);

  // The two L-shaped sides.
  for (const y of [-w, w]) {
    const side: Vec3[] = [
      [0, y, 0],
      [L, y, 0],
      [L, y, T],
      [T, y, T],
      [T, y, L],
      [0, y, L],
    ];
    b.face({ normal: [0, Math.sign(y), 0], outer: side });
  }

  // Gusset: two triangular sides and the sloping face.
  for (const y of [-gw, gw]) {
    b.face({
      normal: [0, Math.sign(y), 0],
      outer: [
        [T, y, T],
        [T + g, y, T],
        [T, y, T + g],
      ],
    });
  }
  b.face({ normal: [Math.SQRT1_2, 0, Math.SQRT1_2], outer: rect([T + g, -gw, T], [T + g, gw, T], [T, gw, T + g], [T, -gw, T + g]) });

  return placeOnBed(b.build());
}

const rect = (a: Vec3, b: Vec3, c: Vec3, d: Vec3): Vec3[] => [a, b, c, d];
