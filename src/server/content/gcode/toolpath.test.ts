import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { gcodeFixture } from '../../../../tests/helpers/fixtures';
import { readGcodeBytes } from './parse';

const points = (paths: number[][]) => paths.reduce((n, p) => n + p.length / 2, 0);

describe('toolpath preview', () => {
  it('a real file gives its layers, each path starting where the extrusion does', () => {
    const { params, toolpath } = readGcodeBytes(fs.readFileSync(gcodeFixture('prusaslicer-2.7.4_vase.gcode') ?? ''));
    expect(toolpath).not.toBeNull();
    expect(toolpath?.stride).toBe(1);
    expect(toolpath?.layerCount).toBe(toolpath?.layers.length);
    // Layers from the markers, the purge line before the first one left out.
    expect(toolpath?.layers.length).toBeGreaterThan(10);
    const [minX, minY, maxX, maxY] = toolpath?.bounds ?? [0, 0, 0, 0];
    expect(maxX - minX).toBeCloseTo(params.dimensions?.x ?? 0, 0);
    expect(maxY - minY).toBeCloseTo(params.dimensions?.y ?? 0, 0);
  });

  it('stays bounded whatever the file: layers thinned, every other layer dropped past the budget', () => {
    let text = 'G28\nM83\n';
    for (let layer = 1; layer <= 3000; layer++) {
      text += `;LAYER_CHANGE\nG1 Z${(layer * 0.1).toFixed(1)}\n`;
      for (let i = 0; i < 200; i++) text += `G1 X${(i % 2) * 50 + 1} Y${i * 0.5 + 1} E0.1\n`;
    }
    const { toolpath } = readGcodeBytes(Buffer.from(text));
    expect(toolpath?.layerCount).toBe(3000);
    expect(toolpath?.stride).toBeGreaterThan(1);
    const total = (toolpath?.layers ?? []).reduce((n, l) => n + points(l.paths), 0);
    expect(total).toBeLessThanOrEqual(150_000);
    expect(JSON.stringify(toolpath).length).toBeLessThan(2 * 1024 * 1024);
  });

  it('a file without extrusion has no toolpath', () => {
    expect(readGcodeBytes(Buffer.from('G28\nG1 X10 Y10\n')).toolpath).toBeNull();
  });
});
