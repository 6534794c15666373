import { type EnumValue, InfillPattern, LayerHeight, SupportPattern } from '../../../shared/enums';
import type { BoolField, EnumField, NumField, SliceParameters } from '../../../shared/slice';

const NUMBER = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;

/** A plain number (no unit, no percent), or null. */
export function toNumber(text: string | undefined): number | null {
  if (text === undefined) return null;
  const t = text.trim();
  if (t.length === 0 || t.length > 40 || !NUMBER.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

/** A number above 0, or null (0 means "automatic" or "off" for many settings). */
export const positive = (text: string): number | null => {
  const n = toNumber(text);
  return n !== null && n > 0 ? n : null;
};

/** `15%` or `15` as 15. */
export function toPercent(text: string | undefined): number | null {
  if (text === undefined) return null;
  const t = text.trim();
  return toNumber(t.endsWith('%') ? t.slice(0, -1) : t);
}

/** The first item of a per-extruder list (`215,215`, `PLA;PETG`), quotes removed. */
export function firstItem(text: string): string {
  const first = text.split(/[,;]/, 1)[0] ?? '';
  return unquote(first.trim());
}

export function unquote(text: string): string {
  const t = text.trim();
  return t.length >= 2 && t.startsWith('"') && t.endsWith('"') ? t.slice(1, -1) : t;
}

/** Sum of a comma-separated list of numbers (multi-extruder totals); null when any item is not a number. */
export function sumList(text: string, unit = ''): number | null {
  let sum = 0;
  for (const part of text.split(',')) {
    let t = part.trim();
    if (unit && t.endsWith(unit)) t = t.slice(0, -unit.length);
    const n = toNumber(t);
    if (n === null) return null;
    sum += n;
  }
  return sum;
}

const DURATION = /^(?:(\d+)\s*d\s*)?(?:(\d+)\s*h\s*)?(?:(\d+)\s*m\s*)?(?:(\d+)\s*s)?$/i;

/** `1d 2h 3m 4s` (any part optional) as seconds. */
export function toSeconds(text: string | undefined): number | null {
  if (text === undefined) return null;
  const t = text.trim();
  if (t.length === 0 || t.length > 40) return null;
  const m = DURATION.exec(t);
  if (!m) return null;
  const [, d, h, min, s] = m;
  return Number(d ?? 0) * 86_400 + Number(h ?? 0) * 3600 + Number(min ?? 0) * 60 + Number(s ?? 0);
}

export function toBool(text: string | undefined): boolean | null {
  const t = text?.trim().toLowerCase();
  if (t === '1' || t === 'true') return true;
  if (t === '0' || t === 'false') return false;
  return null;
}

/** Lower-case letters and digits only: `Cubic Subdivision`, `cubicsubdiv`, `quarter_cubic` compare well. */
export const normalName = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Infill pattern names of Cura (`infill_pattern`), PrusaSlicer (`fill_pattern`) and Orca/Bambu (`sparse_infill_pattern`). */
export const INFILL_NAMES: Record<string, EnumValue<typeof InfillPattern>> = {
  grid: InfillPattern.grid,
  lines: InfillPattern.lines,
  line: InfillPattern.lines,
  rectilinear: InfillPattern.lines,
  alignedrectilinear: InfillPattern.lines,
  triangles: InfillPattern.triangles,
  trihexagon: InfillPattern.triHexagon,
  stars: InfillPattern.triHexagon,
  cubic: InfillPattern.cubic,
  cubicsubdiv: InfillPattern.cubicSubdivision,
  cubicsubdivision: InfillPattern.cubicSubdivision,
  adaptivecubic: InfillPattern.cubicSubdivision,
  tetrahedral: InfillPattern.octet,
  octet: InfillPattern.octet,
  quartercubic: InfillPattern.quarterCubic,
  concentric: InfillPattern.concentric,
  zigzag: InfillPattern.zigZag,
  cross: InfillPattern.cross,
  cross3d: InfillPattern.cross3d,
  gyroid: InfillPattern.gyroid,
};

/** Support pattern names of Cura (`support_pattern`), PrusaSlicer (`support_material_pattern`), Orca (`support_base_pattern`). */
export const SUPPORT_PATTERN_NAMES: Record<string, EnumValue<typeof SupportPattern>> = {
  lines: SupportPattern.lines,
  rectilinear: SupportPattern.lines,
  grid: SupportPattern.grid,
  rectilineargrid: SupportPattern.grid,
  triangles: SupportPattern.triangles,
  concentric: SupportPattern.concentric,
  zigzag: SupportPattern.zigZag,
  cross: SupportPattern.cross,
  gyroid: SupportPattern.gyroid,
};

/** The `LayerHeight` option equal to a layer height in mm, if any. */
export function layerHeightOption(mm: number | null): EnumValue<typeof LayerHeight> | null {
  if (mm === null) return null;
  for (const [label, value] of Object.entries(LayerHeight)) {
    if (Math.abs(Number.parseFloat(label) - mm) < 1e-9) return value;
  }
  return null;
}

/**
 * Writes settings into a `SliceParameters`: each method takes the keys to try in order; the first key
 * the file states (not empty, not `nil`) wins. Text that cannot be read goes to `raw`, never a guess.
 */
export class SettingWriter {
  constructor(
    readonly p: SliceParameters,
    readonly get: (key: string) => string | undefined,
  ) {}

  find(keys: readonly string[]): string | undefined {
    for (const key of keys) {
      const v = this.get(key);
      if (v === undefined) continue;
      const t = unquote(v);
      if (t.length > 0 && t !== 'nil') return t;
    }
    return undefined;
  }

  number(field: NumField, keys: readonly string[], read: (t: string) => number | null = toNumber): void {
    const text = this.find(keys);
    if (text === undefined) return;
    const n = read(firstItem(text));
    if (n === null) this.p.raw[field] = text;
    else this.p[field] = n;
  }

  bool(field: BoolField, keys: readonly string[]): void {
    const text = this.find(keys);
    if (text === undefined) return;
    const b = toBool(firstItem(text));
    if (b === null) this.p.raw[field] = text;
    else this.p[field] = b;
  }

  named<K extends EnumField>(field: K, keys: readonly string[], names: Record<string, SliceParameters[K]>): void {
    const text = this.find(keys);
    if (text === undefined) return;
    this.p.raw[field] = text;
    const value = names[normalName(firstItem(text))];
    if (value !== undefined) this.p[field] = value;
  }

  text(field: 'device' | 'seriesName', keys: readonly string[]): void {
    const text = this.find(keys);
    if (text !== undefined) this.p[field] = text;
  }
}
