import {
  DIAMETERS,
  type Diameter,
  isDiameter,
  isMaterial,
  type MakersTool,
  type Material,
  parseAmount,
} from '../../../shared/makers-tools';

/**
 * The calculators' inputs as text fields hold them (what was typed, so "0," stays editable), read
 * from the query on the server (a submitted form without JS) and filled with typical values.
 */
export interface FilamentValues {
  material: Material;
  diameter: Diameter;
  /** Which quantity is given: metres or grams. */
  from: 'length' | 'weight';
  amount: string;
}
export interface CostValues {
  grams: string;
  pricePerKg: string;
  watts: string;
  hours: string;
  pricePerKwh: string;
  wearPerHour: string;
}
export interface LayerValues {
  nozzle: string;
}
export type ToolValues = { tool: 'filament'; v: FilamentValues } | { tool: 'cost'; v: CostValues } | { tool: 'layer'; v: LayerValues };

export const COST_FIELDS = ['grams', 'pricePerKg', 'watts', 'hours', 'pricePerKwh', 'wearPerHour'] as const;
const COST_DEFAULTS: CostValues = { grams: '120', pricePerKg: '20', watts: '150', hours: '5', pricePerKwh: '0.15', wearPerHour: '0.05' };

/** A typed number kept only when it reads as one (anything else falls back to the default). */
const amountOr = (q: URLSearchParams, name: string, fallback: string) => {
  const raw = q.get(name);
  return raw !== null && raw.length <= 12 && Number.isFinite(parseAmount(raw)) ? raw.trim() : fallback;
};

export function valuesFromQuery(tool: MakersTool, q: URLSearchParams): ToolValues {
  if (tool === 'filament') {
    const material = q.get('material');
    const diameter = Number(q.get('diameter'));
    return {
      tool,
      v: {
        material: isMaterial(material) ? material : 'PLA',
        diameter: isDiameter(diameter) ? diameter : DIAMETERS[0],
        from: q.get('from') === 'weight' ? 'weight' : 'length',
        amount: amountOr(q, 'amount', '100'),
      },
    };
  }
  if (tool === 'cost')
    return { tool, v: Object.fromEntries(COST_FIELDS.map((f) => [f, amountOr(q, f, COST_DEFAULTS[f])])) as unknown as CostValues };
  return { tool, v: { nozzle: amountOr(q, 'nozzle', '0.4') } };
}
