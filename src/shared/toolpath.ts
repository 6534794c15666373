/**
 * The toolpath preview of a slice, as the server prepares it from the G-code once and the slice
 * page draws it: per layer, the extruding moves as polylines. Travel moves are the gaps between
 * one polyline's end and the next one's start.
 */
export interface Toolpath {
  version: 1;
  /** Millimetres per coordinate unit. */
  unit: number;
  /** Extents of the drawn points in mm: min x, min y, max x, max y. */
  bounds: [number, number, number, number];
  /** Layers in the print as the moves show them (before `stride`). */
  layerCount: number;
  /** Every `stride`-th layer is kept (1: all of them); large prints keep fewer to stay small. */
  stride: number;
  /**
   * Each path: `[x0, y0, dx1, dy1, dx2, dy2, …]` in units, the first point absolute and each next
   * one relative to the point before it.
   */
  layers: { z: number; paths: number[][] }[];
}
