import type { Kysely } from 'kysely';
import { emptyParameters, type SliceParameters } from '../../shared/slice';
import type { Database } from '../db/schema';
import type { FileKind } from '../db/schema-content';
import type { Seed } from '../db/seed/seed';
import { DEMO_MODELS, readDemoImage, readDemoStl, type Slug } from './demo-library';
import type { FileStorage } from './storage';

/**
 * Demo library: a few makers and real printable models (STL files and thumbnails from
 * content/demo, see demo-library.ts), each with a print profile. Files are written before the rows; if another instance
 * seeded at the same moment, this one's transaction rolls back and its files are unused copies.
 */
const AUTHORS = [
  { nickname: '林薇 Lin Wei', locale: 'zh-CN', introduction: '喜欢做实用小件和校准模型。' },
  { nickname: 'Sam Carter', locale: 'en', introduction: 'Functional prints, shop fixtures and vases.' },
  { nickname: 'Camille Roux', locale: 'fr', introduction: 'Impression 3D au quotidien, surtout du rangement.' },
] as const;

type Profile = { name: string } & Partial<SliceParameters>;

const DETAILS: Record<
  string,
  {
    author: number;
    description: string;
    licence: string;
    profile: Profile;
  }
> = {
  'calibration-cube': {
    author: 0,
    description: '20 毫米校准立方体：检查 X/Y/Z 尺寸、挤出量和首层。打印后用卡尺测量三个方向，应为 20.00 ± 0.10 毫米。',
    licence: 'CC0',
    profile: {
      name: 'PLA 0.2 mm 标准',
      layerHeightMm: 0.2,
      estimatedSeconds: 1_260,
      device: 'Ender-3 V3 SE',
      nozzleTemperatureC: 210,
      bedTemperatureC: 60,
      infillPattern: 1,
      infillDensityPercent: 15,
      wallLineCount: 2,
      adhesion: 2,
      filament: { type: 'PLA', usedMm: 2_950, usedG: 8.8, usedCm3: 7.1 },
    },
  },
  'twisted-vase': {
    author: 1,
    description:
      'A twisted vase made for vase mode (spiral outer wall, no infill, no top).\nPrint it with a 0.6 mm nozzle for a watertight wall, or 0.4 mm for a lighter lampshade.',
    licence: 'CC BY',
    profile: {
      name: 'PETG vase mode 0.24 mm',
      layerHeightMm: 0.24,
      estimatedSeconds: 5_400,
      device: 'K1 Max',
      vaseMode: true,
      nozzleTemperatureC: 235,
      bedTemperatureC: 75,
      wallLineCount: 1,
      infillDensityPercent: 0,
      adhesion: 3,
      filament: { type: 'PETG', usedMm: 9_800, usedG: 29.6, usedCm3: 23.6 },
    },
  },
  'shelf-bracket': {
    author: 2,
    description:
      'Équerre d’étagère avec renfort triangulaire. Imprimez-la couchée sur le côté pour que les couches travaillent dans le bon sens ; 40 % de remplissage gyroïde suffit pour une étagère légère.',
    licence: 'BY-SA',
    profile: {
      name: 'PETG 0.28 mm robuste',
      layerHeightMm: 0.28,
      estimatedSeconds: 4_080,
      device: 'Ender-5 S1',
      nozzleTemperatureC: 240,
      bedTemperatureC: 80,
      infillPattern: 13,
      infillDensityPercent: 40,
      wallLineCount: 4,
      adhesion: 3,
      filament: { type: 'PETG', usedMm: 8_100, usedG: 24.4, usedCm3: 19.5 },
    },
  },
  'hex-key-holder': {
    author: 1,
    description: 'Keeps a set of metric hex keys upright and in order on the bench. No supports needed.',
    licence: 'BY-NC',
    profile: {
      name: 'PLA 0.2 mm quality',
      layerHeightMm: 0.2,
      estimatedSeconds: 3_300,
      device: 'Ender-3 V3',
      nozzleTemperatureC: 205,
      bedTemperatureC: 60,
      infillPattern: 5,
      infillDensityPercent: 20,
      wallLineCount: 3,
      adhesion: 2,
      filament: { type: 'PLA', usedMm: 7_300, usedG: 21.8, usedCm3: 17.6 },
    },
  },
};

export function contentDemoSeed(storage: FileStorage): Seed {
  return {
    name: 'content-demo-v1',
    async run(trx: Kysely<Database>, now: number) {
      const authorIds: number[] = [];
      for (const a of AUTHORS) {
        const row = await trx
          .insertInto('users')
          .values({ nickname: a.nickname, locale: a.locale, introduction: a.introduction, gender: 2, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        authorIds.push(row.id);
      }
      for (const [i, demo] of DEMO_MODELS.entries()) {
        const detail = DETAILS[demo.slug];
        if (!detail) continue;
        const stl = readDemoStl(demo.slug);
        const png = readDemoImage(`${demo.slug}.png`);
        const stlFile = await addFile(
          trx,
          storage,
          { kind: 'model', bytes: stl, ext: 'stl', name: `${demo.slug}.stl`, mime: 'model/stl' },
          now,
        );
        const pngFile = await addFile(
          trx,
          storage,
          { kind: 'image', bytes: png, ext: 'png', name: `${demo.slug}.png`, mime: 'image/png' },
          now,
        );
        const authorId = authorIds[detail.author] ?? authorIds[0] ?? 0;
        const locale = AUTHORS[detail.author]?.locale ?? 'en';
        const created = now - (DEMO_MODELS.length - i) * 86_400_000;
        const model = await trx
          .insertInto('models')
          .values({
            author_id: authorId,
            title: demo.title[locale],
            description: detail.description,
            licence: detail.licence,
            download_count: 1_200 * (i + 1) + 37,
            created_at: created,
            updated_at: created,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx.insertInto('model_files').values({ model_id: model.id, file_id: stlFile, position: 0 }).execute();
        await trx.insertInto('model_images').values({ model_id: model.id, file_id: pngFile, position: 0 }).execute();
        // After the render, photos of prints of it (the ones the community's posts show), so the
        // model page's gallery has several pictures to swipe through.
        for (const [n, name] of (PRINTS[demo.slug] ?? []).entries()) {
          const bytes = readDemoImage(name);
          const file = await addFile(trx, storage, { kind: 'image', bytes, ext: 'png', name, mime: 'image/png' }, now);
          await trx
            .insertInto('model_images')
            .values({ model_id: model.id, file_id: file, position: n + 1 })
            .execute();
        }
        await trx
          .insertInto('slices')
          .values({
            model_id: model.id,
            author_id: authorId,
            name: detail.profile.name,
            params: JSON.stringify(sliceParams(detail.profile)),
            created_at: created,
          })
          .execute();
      }
    },
  };
}

/** Photos of each demo model's prints, after its render (files in content/demo). */
const PRINTS: Partial<Record<Slug, string[]>> = {
  'calibration-cube': ['calibration-cube-red.png', 'calibration-cube-2.png', 'calibration-cube-3.png'],
  'shelf-bracket': ['equerres-1.png', 'equerres-2.png'],
  'twisted-vase': ['vase-ocean-blue.png', 'twisted-vase-timelapse-poster.png'],
  'hex-key-holder': ['hex-key-holder-v2.png'],
};

/** A profile as the parser would give it: what the profile states, every other field null. */
function sliceParams({ name: _name, ...stated }: Profile): SliceParameters {
  return { ...emptyParameters(), ...stated };
}

export async function addFile(
  trx: Kysely<Database>,
  storage: FileStorage,
  f: { kind: FileKind; bytes: Uint8Array; ext: string; name: string; mime: string },
  now: number,
): Promise<number> {
  const key = await storage.put(f.bytes, f.ext);
  const row = await trx
    .insertInto('content_files')
    .values({ kind: f.kind, storage_key: key, name: f.name, mime: f.mime, size_bytes: f.bytes.byteLength, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
