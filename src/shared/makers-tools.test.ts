import { describe, expect, it } from 'vitest';
import { gramsPerMetre, layerGuide, lengthFromWeight, parseAmount, printCost, toolOf, weightFromLength } from './makers-tools';

describe('filament length and weight', () => {
  it('matches the usual rule of thumb: 1 kg of 1.75 mm PLA is about 335 m', () => {
    expect(gramsPerMetre('PLA', 1.75)).toBeCloseTo(2.9825, 4);
    expect(lengthFromWeight(1000, 'PLA', 1.75)).toBeCloseTo(335.3, 1);
  });

  it('uses the density of each material and the diameter squared', () => {
    const pla = weightFromLength(100, 'PLA', 1.75) as number;
    expect(weightFromLength(100, 'ABS', 1.75)).toBeCloseTo((pla * 1.04) / 1.24, 6);
    expect(weightFromLength(100, 'PETG', 2.85)).toBeCloseTo((pla * 1.27 * (2.85 / 1.75) ** 2) / 1.24, 6);
    expect(lengthFromWeight(1000, 'PC', 2.85)).toBeCloseTo(130.6, 1);
  });

  it('round-trips and refuses what is not a length or weight', () => {
    const g = weightFromLength(42.5, 'TPU', 1.75) as number;
    expect(lengthFromWeight(g, 'TPU', 1.75)).toBeCloseTo(42.5, 9);
    expect(weightFromLength(0, 'ASA', 1.75)).toBe(0);
    expect(weightFromLength(-1, 'PLA', 1.75)).toBeNull();
    expect(lengthFromWeight(Number.NaN, 'Nylon', 1.75)).toBeNull();
    expect(lengthFromWeight(Number.POSITIVE_INFINITY, 'PLA', 1.75)).toBeNull();
  });
});

describe('print cost', () => {
  it('adds filament, electricity and wear', () => {
    const c = printCost({ grams: 250, pricePerKg: 20, watts: 120, hours: 5, pricePerKwh: 0.3, wearPerHour: 0.1 });
    expect(c).not.toBeNull();
    expect(c?.filament).toBeCloseTo(5, 9);
    expect(c?.kwh).toBeCloseTo(0.6, 9);
    expect(c?.electricity).toBeCloseTo(0.18, 9);
    expect(c?.wear).toBeCloseTo(0.5, 9);
    expect(c?.total).toBeCloseTo(5.68, 9);
  });

  it('refuses negative or missing numbers', () => {
    const base = { grams: 1, pricePerKg: 1, watts: 1, hours: 1, pricePerKwh: 1, wearPerHour: 0 };
    expect(printCost({ ...base, hours: -2 })).toBeNull();
    expect(printCost({ ...base, watts: Number.NaN })).toBeNull();
    expect(printCost(base)?.total).toBeCloseTo(0.001 + 0.001, 9);
  });
});

describe('layer height guidance', () => {
  it('gives 25–75 % of the nozzle for layers and 100–120 % for lines', () => {
    expect(layerGuide(0.4)).toEqual({
      layerMin: 0.1,
      layerMax: 0.3,
      layerTypical: 0.2,
      lineMin: 0.4,
      lineMax: 0.48,
      lineTypical: 0.44,
    });
    expect(layerGuide(0.6)?.layerMax).toBe(0.45);
  });

  it('covers 0.1–2 mm nozzles only', () => {
    expect(layerGuide(0.05)).toBeNull();
    expect(layerGuide(2.5)).toBeNull();
    expect(layerGuide(Number.NaN)).toBeNull();
    expect(layerGuide(2)?.layerMin).toBe(0.5);
  });
});

describe('tool ids and typed numbers', () => {
  it('knows tools 1–3 only', () => {
    expect(toolOf('1')).toBe('filament');
    expect(toolOf('2')).toBe('cost');
    expect(toolOf('3')).toBe('layer');
    for (const id of ['0', '4', 'toString', '__proto__', '', undefined, '1.0']) expect(toolOf(id)).toBeNull();
  });

  it('reads numbers as people type them', () => {
    expect(parseAmount('12.5')).toBe(12.5);
    expect(parseAmount(' 0,4 ')).toBe(0.4);
    expect(parseAmount('.5')).toBe(0.5);
    for (const bad of ['', '-1', '1e3', 'abc', '1.2.3', null, undefined]) expect(parseAmount(bad)).toBeNaN();
  });
});
