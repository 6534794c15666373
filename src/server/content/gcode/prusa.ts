/**
 * PrusaSlicer family (PrusaSlicer, SuperSlicer, OrcaSlicer, Bambu Studio, Creality Print 5+):
 * `; key = value` lines (the config block and the summary around it) plus Bambu/Orca's
 * `; key: value` header block. Each setting lists the PrusaSlicer key first, then the Orca/Bambu one.
 */
import { Adhesion, SupportPlacement } from '../../../shared/enums';
import type { SliceParameters } from '../../../shared/slice';
import { SERIES_KEYS } from './cura';
import {
  firstItem,
  INFILL_NAMES,
  normalName,
  positive,
  SettingWriter,
  SUPPORT_PATTERN_NAMES,
  sumList,
  toNumber,
  toPercent,
  toSeconds,
} from './values';

/** Bambu/Orca: the bed temperature key of the selected plate (`curr_bed_type`). */
const PLATE_TEMPERATURE_KEYS: Record<string, string> = {
  coolplate: 'cool_plate_temp',
  engineeringplate: 'eng_plate_temp',
  hightempplate: 'hot_plate_temp',
  texturedpeiplate: 'textured_plate_temp',
  supertackplate: 'supertack_plate_temp',
  texturedcoolplate: 'textured_cool_plate_temp',
};

/**
 * @returns the print's height the header states (`max_layer_z`, `max_z_height`), or null; the
 * caller prefers it to the height of the moves when there is no `objects_info` footprint.
 */
export function applyPrusa(
  p: SliceParameters,
  kv: ReadonlyMap<string, string>,
  tags: ReadonlyMap<string, string>,
  slicer: string | null,
): number | null {
  const w = new SettingWriter(p, (key) => kv.get(key));

  // Summary comments.
  const filament = p.filament;
  const listed = (key: string): number | null => {
    const v = kv.get(key) ?? tags.get(key);
    return v === undefined ? null : sumList(v);
  };
  filament.usedMm = listed('filament used [mm]') ?? listed('total filament length [mm]');
  filament.usedCm3 = listed('filament used [cm3]');
  filament.usedG = listed('filament used [g]') ?? listed('total filament used [g]') ?? listed('total filament weight [g]');
  // Slic3r 1.x: "; filament used = 4913.4mm (11.8cm3)".
  const slic3rUsed = /^(\d+(?:\.\d+)?)mm \((\d+(?:\.\d+)?)cm3\)$/.exec((kv.get('filament used') ?? '').slice(0, 60));
  if (slic3rUsed && filament.usedMm === null) {
    filament.usedMm = Number(slic3rUsed[1]);
    filament.usedCm3 = Number(slic3rUsed[2]);
  }
  const type = w.find(['filament_type']);
  if (type !== undefined) filament.type = firstItem(type);

  p.estimatedSeconds =
    toSeconds(kv.get('estimated printing time (normal mode)')) ??
    toSeconds(tags.get('total estimated time')) ??
    toSeconds(/total estimated time:\s*(.+)$/.exec(tags.get('model printing time') ?? '')?.[1]);

  const layers = toNumber(tags.get('total layer number')) ?? toNumber(kv.get('total layers count'));
  if (layers !== null && layers >= 0) {
    p.layers = layers;
    p.layersSource = 'comments';
  }

  const footprint = objectsFootprint(kv.get('objects_info'));
  const top = toNumber(kv.get('max_layer_z')) ?? toNumber(tags.get('max_z_height'));
  if (footprint && top !== null) {
    p.dimensions = { ...footprint, z: top };
    p.dimensionsSource = 'comments';
  }

  w.text('device', ['printer_model', 'printer_settings_id']);
  w.text('seriesName', SERIES_KEYS);

  // Config block.
  w.number('layerHeightMm', ['layer_height']);
  // A percentage is of the layer height.
  w.number('firstLayerHeightMm', ['first_layer_height', 'initial_layer_print_height'], (t) => positive(ofBase(t, p.layerHeightMm)));
  // A width in percent is of the nozzle diameter (PrusaSlicer, Orca); Slic3r 1.x took the layer height.
  const widthBase = slicer === 'Slic3r' ? p.layerHeightMm : toNumber(firstItem(w.find(['nozzle_diameter']) ?? ''));
  w.number('lineWidthMm', ['extrusion_width', 'line_width'], (t) => positive(ofBase(t, widthBase)));
  w.number('wallLineCount', ['perimeters', 'wall_loops']);
  w.number('topLayers', ['top_solid_layers', 'top_shell_layers']);
  w.number('bottomLayers', ['bottom_solid_layers', 'bottom_shell_layers']);
  // Orca/Bambu's "Top/Bottom shell thickness" and PrusaSlicer's minimum shell thickness: 0 turns
  // the rule off (the layer counts alone decide), so 0 is not a thickness.
  w.number('topThicknessMm', ['top_solid_min_thickness', 'top_shell_thickness'], positive);
  w.number('bottomThicknessMm', ['bottom_solid_min_thickness', 'bottom_shell_thickness'], positive);
  for (const field of ['topThicknessMm', 'bottomThicknessMm'] as const) if (p.raw[field] === '0') delete p.raw[field];
  w.named('infillPattern', ['fill_pattern', 'sparse_infill_pattern'], INFILL_NAMES);
  w.number('infillDensityPercent', ['fill_density', 'sparse_infill_density'], toPercent);
  w.number('nozzleTemperatureC', ['temperature', 'nozzle_temperature']);
  const plate = w.find(['curr_bed_type']);
  const plateKey = plate === undefined ? undefined : PLATE_TEMPERATURE_KEYS[normalName(plate)];
  w.number('bedTemperatureC', plateKey ? ['bed_temperature', plateKey] : ['bed_temperature']);
  w.number('initialLayerSpeedMmS', ['first_layer_speed', 'initial_layer_speed']);
  w.number('travelSpeedMmS', ['travel_speed']);
  // A filament profile's retraction overrides the printer's unless it is `nil`.
  w.number('retractionDistanceMm', ['filament_retract_length', 'retract_length', 'filament_retraction_length', 'retraction_length']);
  w.number('retractionSpeedMmS', ['filament_retract_speed', 'retract_speed', 'filament_retraction_speed', 'retraction_speed']);
  if (p.retractionDistanceMm !== null) p.retractionEnabled = p.retractionDistanceMm > 0;
  w.bool('supportEnabled', ['support_material', 'enable_support']);
  w.named('supportPlacement', ['support_material_buildplate_only', 'support_on_build_plate_only'], {
    0: SupportPlacement.everywhere,
    1: SupportPlacement.touchingBuildPlate,
  });
  w.named('supportPattern', ['support_material_pattern', 'support_base_pattern'], SUPPORT_PATTERN_NAMES);
  // 0 means "detect automatically", not 0°.
  w.number('supportOverhangAngleDeg', ['support_material_threshold', 'support_threshold_angle'], positive);
  w.number('supportSpacingMm', ['support_material_spacing', 'support_base_pattern_spacing']);
  w.bool('vaseMode', ['spiral_vase', 'spiral_mode']);
  w.bool('antiAliasing', ['anti_aliasing', 'antialiasing']);
  w.number('zCompensationMm', ['z_offset']);
  adhesion(p, w);
  return top;
}

/** `66%` of `base`, rounded to the micrometre; a plain number as it is. */
function ofBase(text: string, base: number | null): string {
  const t = text.trim();
  if (!t.endsWith('%')) return t;
  const percent = toNumber(t.slice(0, -1));
  return percent === null || base === null ? t : String(Math.round(percent * base * 10) / 1000);
}

/**
 * Build plate adhesion from raft layers, brim and skirt (the first that is on wins). Unknown when a
 * needed setting is missing or the brim is left to the slicer (`auto_brim`).
 */
function adhesion(p: SliceParameters, w: SettingWriter): void {
  const raftText = w.find(['raft_layers']);
  const brimType = w.find(['brim_type']);
  const brimWidthText = w.find(['brim_width']);
  const skirtsText = w.find(['skirts', 'skirt_loops']);
  const written = [
    ['raft_layers', raftText],
    ['brim_type', brimType],
    ['brim_width', brimWidthText],
    ['skirts', skirtsText],
  ].filter(([, v]) => v !== undefined);
  if (written.length > 0) p.raw.adhesion = written.map(([k, v]) => `${k}=${v}`).join('; ');

  const raftLayers = toNumber(raftText);
  if (raftLayers === null) return;
  p.raft = raftLayers > 0;
  if (p.raft) {
    p.adhesion = Adhesion.raft;
    return;
  }
  const brimWidth = toNumber(brimWidthText);
  const brimKind = brimType === undefined ? undefined : normalName(brimType);
  const brim = brimKind === 'nobrim' ? false : brimKind === 'autobrim' || brimWidth === null ? null : brimWidth > 0;
  if (brim === null) return;
  if (brim) {
    p.adhesion = Adhesion.brim;
    return;
  }
  const skirts = toNumber(skirtsText);
  if (skirts !== null) p.adhesion = skirts > 0 ? Adhesion.skirt : Adhesion.none;
}

/** x/y extents (mm) of PrusaSlicer's `objects_info` footprints (each object's convex hull on the bed). */
function objectsFootprint(json: string | undefined): { x: number; y: number } | null {
  if (json === undefined) return null;
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return null;
  }
  const objects = (data as { objects?: unknown } | null)?.objects;
  if (!Array.isArray(objects)) return null;
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const object of objects) {
    const polygon = (object as { polygon?: unknown } | null)?.polygon;
    if (!Array.isArray(polygon)) continue;
    for (const point of polygon) {
      const [x, y] = Array.isArray(point) ? point : [];
      if (typeof x !== 'number' || typeof y !== 'number') continue;
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
  }
  if (!Number.isFinite(minX) || !Number.isFinite(minY)) return null;
  return { x: round(maxX - minX), y: round(maxY - minY) };
}

const round = (n: number): number => Math.round(n * 1000) / 1000;
