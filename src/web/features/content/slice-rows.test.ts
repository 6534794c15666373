import { describe, expect, it } from 'vitest';
import { emptyParameters } from '../../../shared/slice';
import { sliceGroups, splitStated } from './slice-rows';

const t = (key: string, params?: Record<string, unknown>) => (params ? `${key} ${JSON.stringify(params)}` : key);

describe('slice rows', () => {
  it('names the slicer and its version', () => {
    const p = { ...emptyParameters(), slicer: { name: 'OrcaSlicer', version: '2.3.0' } };
    const overview = sliceGroups(p, t)[0];
    expect(overview?.rows[0]).toEqual({ label: 'content:slice.label.slicer', value: 'OrcaSlicer 2.3.0' });
  });

  it('folds what the slicer did not state into one list and leaves out empty groups', () => {
    const p = { ...emptyParameters(), layerHeightMm: 0.2, nozzleTemperatureC: 215 };
    const groups = sliceGroups(p, t);
    const all = groups.flatMap((g) => g.rows).length;
    const { stated, unstated } = splitStated(groups);
    expect(stated.map((g) => g.group)).toEqual(['quality', 'temperature']);
    expect(stated.flatMap((g) => g.rows.map((r) => r.value))).toEqual(['0.2 mm', '215 °C']);
    expect(unstated).toHaveLength(all - 2);
    expect(unstated.every((r) => r.value === null)).toBe(true);
  });
});
