import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_ASSETS_DIR, readDemoStl } from '../../src/server/content/demo-library';
import { DEMO_IMAGES } from '../../src/server/content/seed-community-data';
import { PRIZE_ART } from '../../src/server/lottery/prize-art';
import { DEMO_MODELS } from './index';
import { toBinaryStl } from './mesh';
import { PRIZE_ART_SVG } from './prize-art';
import { decodePng } from './test-readers';

describe('committed demo assets (content/demo)', () => {
  it('hold the meshes the generator builds, byte for byte (run `npm run demo:assets` after changing a model)', () => {
    for (const demo of DEMO_MODELS) expect(readDemoStl(demo.slug).equals(toBinaryStl(demo.build(), demo.slug)), demo.slug).toBe(true);
  });

  it('hold every image the seeds read, as PNGs of the size they were drawn at', () => {
    for (const demo of DEMO_MODELS) {
      expect(decodePng(fs.readFileSync(path.join(DEMO_ASSETS_DIR, `${demo.slug}.png`)))).toMatchObject({ width: 640, height: 480 });
    }
    for (const { name } of Object.values(DEMO_IMAGES)) {
      const bytes = fs.readFileSync(path.join(DEMO_ASSETS_DIR, name));
      expect(bytes.subarray(1, 4).toString(), name).toBe('PNG');
    }
  });

  it("hold the prizes' pictures the generator draws, byte for byte", () => {
    for (const [art, name] of Object.entries(PRIZE_ART)) {
      expect(fs.readFileSync(path.join(DEMO_ASSETS_DIR, name), 'utf8'), name).toBe(PRIZE_ART_SVG[art as keyof typeof PRIZE_ART]);
    }
  });

  it('stay small', () => {
    const total = fs.readdirSync(DEMO_ASSETS_DIR).reduce((n, f) => n + fs.statSync(path.join(DEMO_ASSETS_DIR, f)).size, 0);
    expect(total).toBeLessThan(640 * 1024);
  });
});
