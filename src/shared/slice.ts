import type { Adhesion, EnumValue, InfillPattern, LayerHeight, SupportPattern, SupportPlacement } from './enums';

/**
 * The parameters of a slice (print profile) as the product shows them, read from a G-code file.
 *
 * Every value is what the file itself says; a field the file does not state is `null` (never 0,
 * never a slicer default). Units are in the field names: mm, mm/s, °C (`C`), seconds, bytes,
 * percent, degrees. Enumerated fields carry the numeric values of `src/shared/enums.ts`.
 */
export interface SliceParameters {
  /** The slicer named in the file's first lines, e.g. `{ name: 'PrusaSlicer', version: '2.8.1' }`. */
  slicer: { name: string; version: string | null } | null;
  /**
   * Comment dialect the settings were read in: PrusaSlicer family (`; key = value`), Cura
   * (`;KEY:value`, `;SETTING_3`), or the own formats of ideaMaker, Simplify3D, KISSlicer and FlashPrint.
   */
  dialect: 'prusa' | 'cura' | 'ideamaker' | 'simplify3d' | 'kisslicer' | 'flashprint' | null;
  /** Size of the file in bytes (the argument of `parseGcode`, else the UTF-8 length of the text). */
  fileSizeBytes: number | null;
  /**
   * Size of the print in mm: x and y are the extents, z the height above the bed.
   * See `dimensionsSource` for where the numbers come from.
   */
  dimensions: { x: number; y: number; z: number } | null;
  /**
   * `comments`: the file's own bounding-box comments (Cura `;MINX:`…`;MAXZ:`, Griffin `;PRINT.SIZE.*`,
   * or PrusaSlicer's `objects_info` footprints with `max_layer_z`);
   * `moves`: computed from the extruding moves after the first layer marker (centre lines; skirt,
   * brim, wipe/prime tower and custom start/end code left out; arcs by their end points).
   */
  dimensionsSource: 'comments' | 'moves' | null;
  /** Number of layers. */
  layers: number | null;
  /** `comments`: a layer-count comment (`;LAYER_COUNT:`, `; total layer number:`); `markers`: layer-change markers counted. */
  layersSource: 'comments' | 'markers' | null;
  /** Estimated print time in seconds (normal mode). */
  estimatedSeconds: number | null;
  /** Printer: model, printer profile or machine name as written in the file. */
  device: string | null;
  /** Printer series, only when the file names one. */
  seriesName: string | null;
  layerHeightMm: number | null;
  /** `LayerHeight` option when the layer height is exactly one of the product's options. */
  layerHeightOption: EnumValue<typeof LayerHeight> | null;
  firstLayerHeightMm: number | null;
  lineWidthMm: number | null;
  wallThicknessMm: number | null;
  wallLineCount: number | null;
  topThicknessMm: number | null;
  bottomThicknessMm: number | null;
  topLayers: number | null;
  bottomLayers: number | null;
  infillPattern: EnumValue<typeof InfillPattern> | null;
  infillDensityPercent: number | null;
  nozzleTemperatureC: number | null;
  bedTemperatureC: number | null;
  printSpeedMmS: number | null;
  initialLayerSpeedMmS: number | null;
  travelSpeedMmS: number | null;
  retractionEnabled: boolean | null;
  retractionDistanceMm: number | null;
  retractionSpeedMmS: number | null;
  supportEnabled: boolean | null;
  supportPlacement: EnumValue<typeof SupportPlacement> | null;
  supportPattern: EnumValue<typeof SupportPattern> | null;
  supportOverhangAngleDeg: number | null;
  supportSpacingMm: number | null;
  raft: boolean | null;
  vaseMode: boolean | null;
  hideZSeam: boolean | null;
  adhesion: EnumValue<typeof Adhesion> | null;
  antiAliasing: boolean | null;
  /** Z-axis compensation (Z offset) in mm. */
  zCompensationMm: number | null;
  filament: { type: string | null; usedMm: number | null; usedG: number | null; usedCm3: number | null };
  /**
   * The file ends before the print does: the end the slicer always writes is missing, or the moves
   * stop short of the layers or the height the header states. Absent on slices parsed before this
   * was checked.
   */
  truncated?: boolean;
  /**
   * The setting's text as written, by field name: always for enumerated fields, and for any
   * field whose text could not be turned into a value (unknown names, Cura formulas like
   * `=speed_print / 2`, percentages where mm are expected).
   */
  raw: Partial<Record<RawField, string>>;
}

/** Plain numeric fields (enumerated fields excluded). */
export type NumField =
  | 'layerHeightMm'
  | 'firstLayerHeightMm'
  | 'lineWidthMm'
  | 'wallThicknessMm'
  | 'wallLineCount'
  | 'topThicknessMm'
  | 'bottomThicknessMm'
  | 'topLayers'
  | 'bottomLayers'
  | 'infillDensityPercent'
  | 'nozzleTemperatureC'
  | 'bedTemperatureC'
  | 'printSpeedMmS'
  | 'initialLayerSpeedMmS'
  | 'travelSpeedMmS'
  | 'retractionDistanceMm'
  | 'retractionSpeedMmS'
  | 'supportOverhangAngleDeg'
  | 'supportSpacingMm'
  | 'zCompensationMm';

export type BoolField = 'retractionEnabled' | 'supportEnabled' | 'raft' | 'vaseMode' | 'hideZSeam' | 'antiAliasing';
export type EnumField = 'infillPattern' | 'supportPattern' | 'supportPlacement' | 'adhesion';
export type RawField = NumField | BoolField | EnumField | 'device' | 'seriesName';

export function emptyParameters(): SliceParameters {
  return {
    slicer: null,
    dialect: null,
    fileSizeBytes: null,
    dimensions: null,
    dimensionsSource: null,
    layers: null,
    layersSource: null,
    estimatedSeconds: null,
    device: null,
    seriesName: null,
    layerHeightMm: null,
    layerHeightOption: null,
    firstLayerHeightMm: null,
    lineWidthMm: null,
    wallThicknessMm: null,
    wallLineCount: null,
    topThicknessMm: null,
    bottomThicknessMm: null,
    topLayers: null,
    bottomLayers: null,
    infillPattern: null,
    infillDensityPercent: null,
    nozzleTemperatureC: null,
    bedTemperatureC: null,
    printSpeedMmS: null,
    initialLayerSpeedMmS: null,
    travelSpeedMmS: null,
    retractionEnabled: null,
    retractionDistanceMm: null,
    retractionSpeedMmS: null,
    supportEnabled: null,
    supportPlacement: null,
    supportPattern: null,
    supportOverhangAngleDeg: null,
    supportSpacingMm: null,
    raft: null,
    vaseMode: null,
    hideZSeam: null,
    adhesion: null,
    antiAliasing: null,
    zCompensationMm: null,
    filament: { type: null, usedMm: null, usedG: null, usedCm3: null },
    truncated: false,
    raw: {},
  };
}
