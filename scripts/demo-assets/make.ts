// `npm run demo:assets`: makes the demo library's files once (the seed only reads them): each
// model's binary STL (brotli-compressed) and thumbnail, and the community's photos, banners,
// circle cover and the vase's print timelapse. Writes content/demo; commit what changed.
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { DEMO_ASSETS_DIR, type Slug, stlAssetName } from '../../src/server/content/demo-library';
import { DEMO_IMAGES, type ImageKey } from '../../src/server/content/seed-community-data';
import { PRIZE_ART } from '../../src/server/lottery/prize-art';
import { DEMO_MODELS } from './index';
import { bbox, type Mesh, mergeMeshes, toBinaryStl, translate } from './mesh';
import { PRIZE_ART_SVG } from './prize-art';
import { type Rgb, renderThumbnail } from './thumbnail';
import { renderStill, renderTimelapse } from './timelapse';

/** Turns a mesh about the z axis (demo models are centred on it): another view, same camera. */
function turned(mesh: Mesh, degrees: number): Mesh {
  const a = (degrees * Math.PI) / 180;
  const [c, s] = [Math.cos(a), Math.sin(a)];
  return { vertices: mesh.vertices.map(([x, y, z]) => [x * c - y * s, x * s + y * c, z]), triangles: mesh.triangles };
}

/** The community's images, by key (their names are in seed-community-data.ts). */
function communityImages(mesh: Record<Slug, Mesh>, colour: Record<Slug, Rgb>): Record<ImageKey, Buffer> {
  const photo = (m: Mesh, c: Rgb) => renderStill(m, { width: 640, height: 480, colour: c });
  const banner = (m: Mesh, c: Rgb) => renderStill(m, { width: 750, height: 300, colour: c });

  // The circle's cover: its members' favourite shop prints side by side.
  const row: Mesh[] = [];
  let x = 0;
  for (const m of [turned(mesh['shelf-bracket'], 90), mesh['hex-key-holder'], mesh['calibration-cube']]) {
    const b = bbox(m);
    row.push(translate(m, [x - b.min[0], -(b.min[1] + b.max[1]) / 2, 0]));
    x += b.max[0] - b.min[0] + 12;
  }

  const tl = renderTimelapse(mesh['twisted-vase'], { colour: colour['twisted-vase'], openTop: true });
  return {
    timelapse: tl.apng,
    poster: tl.poster,
    cover: banner(mergeMeshes(...row), [88, 120, 170]),
    bannerVase: banner(turned(mesh['twisted-vase'], 20), [40, 160, 170]),
    bannerBracket: banner(mesh['shelf-bracket'], [236, 132, 44]),
    bannerCube: banner(turned(mesh['calibration-cube'], -20), [120, 90, 200]),
    cubeRed: photo(turned(mesh['calibration-cube'], -25), [214, 64, 58]),
    cubeOrange: photo(turned(mesh['calibration-cube'], 12), colour['calibration-cube']),
    cubeBlack: photo(turned(mesh['calibration-cube'], -38), [72, 74, 84]),
    bracketGrey: photo(turned(mesh['shelf-bracket'], 150), colour['shelf-bracket']),
    bracketWood: photo(turned(mesh['shelf-bracket'], 40), [176, 132, 88]),
    // Printed in vase mode: open at the top.
    vaseOcean: renderStill(turned(mesh['twisted-vase'], 25), { width: 640, height: 480, colour: [70, 150, 200], openTop: true }),
    holderYellow: photo(turned(mesh['hex-key-holder'], -30), [242, 190, 50]),
  };
}

export function makeDemoAssets(dir = DEMO_ASSETS_DIR): string[] {
  fs.mkdirSync(dir, { recursive: true });
  const written: string[] = [];
  const write = (name: string, bytes: Uint8Array) => {
    fs.writeFileSync(path.join(dir, name), bytes);
    written.push(name);
  };
  const mesh = {} as Record<Slug, Mesh>;
  const colour = {} as Record<Slug, Rgb>;
  for (const demo of DEMO_MODELS) {
    const m = demo.build();
    mesh[demo.slug] = m;
    colour[demo.slug] = demo.colour;
    const stl = toBinaryStl(m, demo.slug);
    write(stlAssetName(demo.slug), brotliCompressSync(stl, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    write(`${demo.slug}.png`, renderThumbnail(m, { width: 640, height: 480, colour: demo.colour, supersample: 2 }));
  }
  const images = communityImages(mesh, colour);
  for (const key of Object.keys(DEMO_IMAGES) as ImageKey[]) write(DEMO_IMAGES[key].name, images[key]);
  for (const [art, name] of Object.entries(PRIZE_ART)) write(name, Buffer.from(PRIZE_ART_SVG[art as keyof typeof PRIZE_ART]));
  return written;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const name of makeDemoAssets()) {
    console.log(`${name}  ${(fs.statSync(path.join(DEMO_ASSETS_DIR, name)).size / 1024).toFixed(1)} KB`);
  }
}
