/**
 * The toolpath preview of a slice: per layer, the extruding moves as polylines, drawn in the
 * browser from this summary instead of the G-code. The summary is made once, while the moves are
 * read, and its size is bounded whatever the file's: points closer than a tolerance are merged,
 * a layer keeps a limited number of points, and when the whole summary grows past its budget
 * every other layer is dropped (the file records the stride).
 */
import type { Toolpath } from '../../../shared/toolpath';

/** Coordinates are stored as integers of this many mm (a tenth of a typical line width). */
const UNIT = 0.05;
/** Points closer than this (mm) to the last one kept are merged into the line. */
const TOLERANCE = 0.25;
const TOLERANCE_UNITS_SQUARED = (TOLERANCE / UNIT) ** 2;
/** Points one layer may keep; a denser layer is thinned evenly. */
const LAYER_POINTS = 4000;
/** Points a layer may collect before it is thinned (bounds the memory of one huge layer). */
const LAYER_HARD_CAP = 100_000;
/** Points the whole summary may keep before every other layer is dropped. */
const TOTAL_POINTS = 150_000;

type Layer = { index: number; z: number; paths: number[][]; points: number };

export class ToolpathCollector {
  private layers: Layer[] = [];
  private current: Layer | null = null;
  /** The path being drawn (absolute units; delta-encoded when the layer ends). */
  private path: number[] | null = null;
  private lastX = 0;
  private lastY = 0;
  /** A point passed over by the tolerance, kept so the path still ends where the moves do. */
  private pendingX = Number.NaN;
  private pendingY = Number.NaN;
  private layerIndex = -1;
  private stride = 1;
  private total = 0;
  private byMarkers = false;
  private boundary = false;
  private minX = Number.POSITIVE_INFINITY;
  private minY = Number.POSITIVE_INFINITY;
  private maxX = Number.NEGATIVE_INFINITY;
  private maxY = Number.NEGATIVE_INFINITY;

  /**
   * A layer-change comment: the next extrusion starts a layer. The first one also drops what was
   * drawn before it (the start code's purge line is not the print).
   */
  marker(): void {
    if (!this.byMarkers) {
      this.byMarkers = true;
      this.layers = [];
      this.current = null;
      this.path = null;
      this.layerIndex = -1;
      this.total = 0;
      this.stride = 1;
      this.minX = this.minY = Number.POSITIVE_INFINITY;
      this.maxX = this.maxY = Number.NEGATIVE_INFINITY;
    }
    this.boundary = true;
  }

  /** A move that does not extrude ends the line being drawn. */
  travel(): void {
    this.endPath();
  }

  extrude(x0: number, y0: number, x1: number, y1: number, z: number): void {
    // Without markers a layer is the extrusion at one height; with them, what follows a marker.
    const newLayer = this.current === null || (this.byMarkers ? this.boundary : Math.abs(z - this.current.z) > 1e-4);
    this.boundary = false;
    if (newLayer) this.startLayer(z);
    const layer = this.current;
    if (layer === null) return;
    if (this.layerIndex % this.stride !== 0 || layer.points >= LAYER_HARD_CAP) return;
    const ax = Math.round(x0 / UNIT);
    const ay = Math.round(y0 / UNIT);
    if (this.path === null || !this.continues(ax, ay)) {
      this.endPath();
      this.path = [ax, ay];
      this.keep(ax, ay, layer);
    }
    const bx = Math.round(x1 / UNIT);
    const by = Math.round(y1 / UNIT);
    const dx = bx - this.lastX;
    const dy = by - this.lastY;
    if (dx * dx + dy * dy >= TOLERANCE_UNITS_SQUARED) {
      this.path.push(bx, by);
      this.keep(bx, by, layer);
      this.pendingX = Number.NaN;
    } else {
      this.pendingX = bx;
      this.pendingY = by;
    }
  }

  /** The summary; the collector is not used after this. */
  finish(): Toolpath | null {
    this.endLayer();
    if (this.layers.length === 0 || !Number.isFinite(this.minX)) return null;
    return {
      version: 1,
      unit: UNIT,
      bounds: [this.minX * UNIT, this.minY * UNIT, this.maxX * UNIT, this.maxY * UNIT].map(round) as Toolpath['bounds'],
      layerCount: this.layerIndex + 1,
      stride: this.stride,
      layers: this.layers.map((l) => ({ z: round(l.z), paths: l.paths })),
    };
  }

  private continues(ax: number, ay: number): boolean {
    const x = Number.isNaN(this.pendingX) ? this.lastX : this.pendingX;
    const y = Number.isNaN(this.pendingX) ? this.lastY : this.pendingY;
    return Math.abs(ax - x) <= 1 && Math.abs(ay - y) <= 1;
  }

  private keep(x: number, y: number, layer: Layer): void {
    this.lastX = x;
    this.lastY = y;
    layer.points++;
    if (x < this.minX) this.minX = x;
    if (x > this.maxX) this.maxX = x;
    if (y < this.minY) this.minY = y;
    if (y > this.maxY) this.maxY = y;
  }

  private endPath(): void {
    const path = this.path;
    if (path === null || this.current === null) return;
    if (!Number.isNaN(this.pendingX)) {
      path.push(this.pendingX, this.pendingY);
      this.keep(this.pendingX, this.pendingY, this.current);
      this.pendingX = Number.NaN;
    }
    if (path.length >= 4) this.current.paths.push(path);
    this.path = null;
  }

  private startLayer(z: number): void {
    this.endLayer();
    this.layerIndex++;
    this.current = { index: this.layerIndex, z, paths: [], points: 0 };
  }

  private endLayer(): void {
    this.endPath();
    const layer = this.current;
    this.current = null;
    if (layer === null || layer.paths.length === 0) return;
    if (layer.points > LAYER_POINTS) thin(layer, Math.ceil(layer.points / LAYER_POINTS));
    layer.paths = layer.paths.map(deltas);
    this.layers.push(layer);
    this.total += layer.points;
    while (this.total > TOTAL_POINTS && this.layers.length > 1) {
      this.stride *= 2;
      const kept = this.layers.filter((l) => l.index % this.stride === 0);
      this.layers = kept;
      this.total = kept.reduce((sum, l) => sum + l.points, 0);
    }
  }
}

/** Keeps every `step`-th point of each path, and its ends. */
function thin(layer: Layer, step: number): void {
  let points = 0;
  layer.paths = layer.paths.map((path) => {
    const count = path.length / 2;
    const out: number[] = [];
    for (let i = 0; i < count; i++) {
      if (i % step === 0 || i === count - 1) out.push(path[2 * i] as number, path[2 * i + 1] as number);
    }
    points += out.length / 2;
    return out;
  });
  layer.points = points;
}

/** `[x0, y0, x1, y1, …]` to `[x0, y0, x1 - x0, y1 - y0, …]`: small numbers, a smaller file. */
function deltas(path: number[]): number[] {
  const out = path.slice(0, 2);
  for (let i = 2; i < path.length; i += 2) {
    out.push((path[i] as number) - (path[i - 2] as number), (path[i + 1] as number) - (path[i - 1] as number));
  }
  return out;
}

const round = (n: number): number => Math.round(n * 1000) / 1000;
