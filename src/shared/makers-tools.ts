/**
 * The makers-tools calculators (`/makers-tools/:id`, the target of the tools redirect):
 * pure functions shared by the server render (initial values, no JS needed) and the browser
 * (live results). Inputs that are not finite or out of range give `null`, never NaN on screen.
 */

/** Filament densities in g/cm³ (typical datasheet values of each material family). */
export const DENSITIES = {
  PLA: 1.24,
  PETG: 1.27,
  ABS: 1.04,
  ASA: 1.07,
  TPU: 1.21,
  Nylon: 1.14,
  PC: 1.2,
} as const;
export type Material = keyof typeof DENSITIES;
export const MATERIALS = Object.keys(DENSITIES) as Material[];

/** The two filament diameters sold for FDM printers, in mm. */
export const DIAMETERS = [1.75, 2.85] as const;
export type Diameter = (typeof DIAMETERS)[number];

export const isMaterial = (v: unknown): v is Material => typeof v === 'string' && Object.hasOwn(DENSITIES, v);
export const isDiameter = (v: unknown): v is Diameter => DIAMETERS.includes(v as Diameter);

const ok = (...xs: number[]) => xs.every((x) => Number.isFinite(x) && x >= 0);

/** Grams in one metre of filament: density × cross-section (cm²) × 100 cm. */
export function gramsPerMetre(material: Material, diameterMm: Diameter): number {
  const radiusCm = diameterMm / 20;
  return DENSITIES[material] * Math.PI * radiusCm * radiusCm * 100;
}

/** Weight in grams of `metres` of filament. */
export function weightFromLength(metres: number, material: Material, diameterMm: Diameter): number | null {
  if (!ok(metres)) return null;
  return metres * gramsPerMetre(material, diameterMm);
}

/** Length in metres of `grams` of filament (what is left on a spool weighed without its reel). */
export function lengthFromWeight(grams: number, material: Material, diameterMm: Diameter): number | null {
  if (!ok(grams)) return null;
  return grams / gramsPerMetre(material, diameterMm);
}

export interface CostInput {
  /** Filament used, grams. */
  grams: number;
  /** Spool price per kilogram. */
  pricePerKg: number;
  /** Printer's average power draw, watts. */
  watts: number;
  hours: number;
  /** Electricity price per kWh. */
  pricePerKwh: number;
  /** Wear of the machine (nozzle, belts, build plate, depreciation) per printing hour. */
  wearPerHour: number;
}

export interface CostBreakdown {
  filament: number;
  electricity: number;
  /** Energy used, kWh. */
  kwh: number;
  wear: number;
  total: number;
}

/** A print's cost: filament + electricity + machine wear, in the currency of the prices given. */
export function printCost(c: CostInput): CostBreakdown | null {
  if (!ok(c.grams, c.pricePerKg, c.watts, c.hours, c.pricePerKwh, c.wearPerHour)) return null;
  const filament = (c.grams / 1000) * c.pricePerKg;
  const kwh = (c.watts * c.hours) / 1000;
  const electricity = kwh * c.pricePerKwh;
  const wear = c.hours * c.wearPerHour;
  return { filament, electricity, kwh, wear, total: filament + electricity + wear };
}

/** Nozzles this guidance covers, in mm (the sizes printers ship with or offer). */
export const NOZZLE_MIN_MM = 0.1;
export const NOZZLE_MAX_MM = 2;

export interface LayerGuide {
  /** Layer height range in mm: 25–75 % of the nozzle (thinner does not stick, thicker is not squished). */
  layerMin: number;
  layerMax: number;
  /** Half the nozzle: the usual balance of detail and speed. */
  layerTypical: number;
  /** Line width range in mm: 100–120 % of the nozzle (wider lines bond better, narrower under-extrude). */
  lineMin: number;
  lineMax: number;
  /** 110 %, a common slicer default that still keeps detail. */
  lineTypical: number;
}

/** Layer height and line width guidance for a nozzle diameter (mm); null outside 0.1–2 mm. */
export function layerGuide(nozzleMm: number): LayerGuide | null {
  if (!ok(nozzleMm) || nozzleMm < NOZZLE_MIN_MM || nozzleMm > NOZZLE_MAX_MM) return null;
  const r = (x: number) => Math.round(x * 1000) / 1000;
  return {
    layerMin: r(nozzleMm * 0.25),
    layerMax: r(nozzleMm * 0.75),
    layerTypical: r(nozzleMm * 0.5),
    lineMin: r(nozzleMm),
    lineMax: r(nozzleMm * 1.2),
    lineTypical: r(nozzleMm * 1.1),
  };
}

/** The tools by the id in `/makers-tools/:id`. */
export const MAKERS_TOOLS = { '1': 'filament', '2': 'cost', '3': 'layer' } as const;
export type MakersTool = (typeof MAKERS_TOOLS)[keyof typeof MAKERS_TOOLS];
export const toolOf = (id: string | undefined): MakersTool | null =>
  id && Object.hasOwn(MAKERS_TOOLS, id) ? MAKERS_TOOLS[id as keyof typeof MAKERS_TOOLS] : null;

/** A number typed by a person: a comma decimal separator is accepted (French keyboards). */
export function parseAmount(raw: string | null | undefined): number {
  if (raw === null || raw === undefined) return Number.NaN;
  const s = raw.trim().replace(',', '.');
  return /^\d+(\.\d+)?$|^\.\d+$/.test(s) ? Number(s) : Number.NaN;
}
