/**
 * Cura dialect: `;KEY:value` header comments (`;FLAVOR`, `;TIME`, `;Filament used`, `;Layer height`,
 * `;MINX`…, `;LAYER_COUNT`, Griffin `;PRINT.TIME`…) and the `;SETTING_3` serialized profile at the end.
 *
 * `;SETTING_3` holds only the settings the user changed from the machine's defaults, so a setting
 * it does not name stays null.
 */
import { Adhesion, SupportPlacement } from '../../../shared/enums';
import type { SliceParameters } from '../../../shared/slice';
import { INFILL_NAMES, normalName, SettingWriter, SUPPORT_PATTERN_NAMES, sumList, toNumber, toPercent } from './values';

export interface CuraProfile {
  /** `[values]` of the global profile, overridden by those of the first extruder. */
  values: Map<string, string>;
  /** `[general]` of the global profile (`name`, `definition`). */
  general: Map<string, string>;
}

/**
 * Decodes the `;SETTING_3` payloads: Cura escapes `\`, newline and CR of a JSON text, cuts it into
 * fixed-width chunks and prefixes each with `;SETTING_3 `. The JSON holds INI profiles
 * (`global_quality`, `extruder_quality[]`). A damaged or truncated JSON is read line by line.
 */
export function decodeSetting3(chunks: readonly string[]): CuraProfile | null {
  if (chunks.length === 0) return null;
  const escaped = chunks.join('');
  const json = escaped.replace(/\\\\|\\n|\\r/g, (m) => (m === '\\\\' ? '\\' : m === '\\n' ? '\n' : '\r'));
  const profiles: string[] = [];
  try {
    const data: unknown = JSON.parse(json);
    if (data && typeof data === 'object') {
      const { global_quality: global, extruder_quality: extruders } = data as Record<string, unknown>;
      if (typeof global === 'string') profiles.push(global);
      const first = Array.isArray(extruders) ? extruders.find((q): q is string => typeof q === 'string') : undefined;
      if (first !== undefined) profiles.push(first);
    }
  } catch {
    const text = json.replace(/\\n/g, '\n').replace(/\\"/g, '"');
    profiles.push(text.replace(/"(?:global_quality|extruder_quality)"\s*:\s*\[?\s*"/g, '\n'));
  }
  const profile: CuraProfile = { values: new Map(), general: new Map() };
  for (const [index, ini] of profiles.entries()) readIni(ini, profile, index === 0);
  return profile.values.size > 0 || profile.general.size > 0 ? profile : null;
}

function readIni(ini: string, profile: CuraProfile, isGlobal: boolean): void {
  let section = '';
  for (const rawLine of ini.split('\n')) {
    const line = rawLine.trim();
    const header = /^\[([^\]]*)\]$/.exec(line);
    if (header) {
      section = header[1] ?? '';
      continue;
    }
    const eq = line.indexOf('=');
    if (eq <= 0) continue;
    const key = line.slice(0, eq).trim();
    const value = line.slice(eq + 1).trim();
    if (!/^[A-Za-z0-9_]+$/.test(key)) continue;
    if (section === 'values') profile.values.set(key, value);
    else if (section === 'general' && isGlobal) profile.general.set(key, value);
  }
}

const NON_MACHINE_DEFINITIONS = new Set(['fdmprinter', 'fdmextruder', 'custom']);
export const SERIES_KEYS = ['printer_series', 'machine_series', 'series_name'] as const;

export function applyCura(p: SliceParameters, tags: ReadonlyMap<string, string>, profile: CuraProfile | null): void {
  const values = profile?.values ?? new Map<string, string>();
  const w = new SettingWriter(p, (key) => values.get(key));

  // Header comments: the values the engine actually used.
  const tagNumber = (key: string): number | null => toNumber(tags.get(key));
  const headerLayer = tagNumber('layer height');
  if (headerLayer !== null) p.layerHeightMm = headerLayer;
  else w.number('layerHeightMm', ['layer_height']);

  const time = tagNumber('time') ?? tagNumber('print.time');
  if (time !== null && time >= 0) p.estimatedSeconds = Math.round(time);

  const layerCount = tagNumber('layer_count');
  if (layerCount !== null && layerCount >= 0) {
    p.layers = layerCount;
    p.layersSource = 'comments';
  }

  const used = tags.get('filament used');
  if (used !== undefined) {
    const metres = sumList(used, 'm');
    if (metres !== null) p.filament.usedMm = Math.round(metres * 1_000_000) / 1000;
  }
  const volume = tagNumber('extruder_train.0.material.volume_used');
  if (volume !== null) p.filament.usedCm3 = volume / 1000;

  const box = ['minx', 'miny', 'maxx', 'maxy', 'maxz'].map(tagNumber);
  const griffin = ['print.size.min.x', 'print.size.min.y', 'print.size.max.x', 'print.size.max.y', 'print.size.max.z'].map(tagNumber);
  for (const [minX, minY, maxX, maxY, maxZ] of [box, griffin]) {
    if (p.dimensions || minX == null || minY == null || maxX == null || maxY == null || maxZ == null) continue;
    p.dimensions = { x: round(maxX - minX), y: round(maxY - minY), z: round(maxZ) };
    p.dimensionsSource = 'comments';
  }

  const machine = tags.get('target_machine.name')?.trim();
  if (machine) p.device = machine;
  else w.text('device', ['machine_name']);
  const definition = profile?.general.get('definition');
  if (p.device === null && definition && !NON_MACHINE_DEFINITIONS.has(definition)) p.device = definition;
  w.text('seriesName', SERIES_KEYS);

  // The serialized profile.
  w.number('firstLayerHeightMm', ['layer_height_0']);
  w.number('lineWidthMm', ['line_width']);
  w.number('wallThicknessMm', ['wall_thickness']);
  w.number('wallLineCount', ['wall_line_count']);
  w.number('topThicknessMm', ['top_thickness', 'top_bottom_thickness']);
  w.number('bottomThicknessMm', ['bottom_thickness', 'top_bottom_thickness']);
  w.number('topLayers', ['top_layers']);
  w.number('bottomLayers', ['bottom_layers']);
  w.named('infillPattern', ['infill_pattern'], INFILL_NAMES);
  w.number('infillDensityPercent', ['infill_sparse_density'], toPercent);
  w.number('nozzleTemperatureC', ['material_print_temperature', 'default_material_print_temperature']);
  w.number('bedTemperatureC', ['material_bed_temperature', 'default_material_bed_temperature']);
  w.number('printSpeedMmS', ['speed_print']);
  w.number('initialLayerSpeedMmS', ['speed_layer_0']);
  w.number('travelSpeedMmS', ['speed_travel']);
  w.bool('retractionEnabled', ['retraction_enable']);
  w.number('retractionDistanceMm', ['retraction_amount']);
  w.number('retractionSpeedMmS', ['retraction_speed', 'retraction_retract_speed']);
  w.bool('supportEnabled', ['support_enable']);
  w.named('supportPlacement', ['support_type'], {
    everywhere: SupportPlacement.everywhere,
    buildplate: SupportPlacement.touchingBuildPlate,
  });
  w.named('supportPattern', ['support_pattern'], SUPPORT_PATTERN_NAMES);
  w.number('supportOverhangAngleDeg', ['support_angle']);
  w.number('supportSpacingMm', ['support_line_distance']);
  w.named('adhesion', ['adhesion_type'], { none: Adhesion.none, skirt: Adhesion.skirt, brim: Adhesion.brim, raft: Adhesion.raft });
  if (p.adhesion !== null) p.raft = p.adhesion === Adhesion.raft;
  w.bool('vaseMode', ['magic_spiralize']);
  w.bool('antiAliasing', ['anti_aliasing', 'antialiasing']);
  w.number('zCompensationMm', ['z_offset', 'adhesion_z_offset']);

  // Z seam corner preference: "Hide Seam" and "Smart Hiding" hide it; "None" and "Expose Seam" do not.
  const corner = w.find(['z_seam_corner']);
  if (corner !== undefined) {
    p.raw.hideZSeam = corner;
    const hide = HIDE_SEAM[normalName(corner)];
    if (hide !== undefined) p.hideZSeam = hide;
  }
}

const HIDE_SEAM: Record<string, boolean> = {
  zseamcornerinner: true,
  zseamcornerweighted: true,
  zseamcornernone: false,
  zseamcornerouter: false,
};

const round = (n: number): number => Math.round(n * 1000) / 1000;
