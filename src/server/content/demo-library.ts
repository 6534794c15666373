import fs from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { Locale } from '../../shared/i18n';
import { PROJECT_DIR } from '../paths';

/**
 * The demo library's models and images. The files are made once by `npm run demo:assets`
 * (scripts/demo-assets) and kept in the repository, so seeding only reads them: meshes are stored
 * brotli-compressed (`<slug>.stl.br`), images as the PNGs the site serves.
 */
export const DEMO_ASSETS_DIR = path.join(PROJECT_DIR, 'content/demo');

export type Slug = 'calibration-cube' | 'twisted-vase' | 'shelf-bracket' | 'hex-key-holder';

export interface DemoModel {
  /** URL-safe name, also the STL and thumbnail file name. */
  readonly slug: Slug;
  readonly title: Readonly<Record<Locale, string>>;
}

export const DEMO_MODELS: readonly DemoModel[] = [
  {
    slug: 'calibration-cube',
    title: {
      en: 'Calibration cube 20 mm',
      'zh-CN': '20毫米校准立方体',
      'zh-TW': '20毫米校準立方體',
      fr: 'Cube de calibration 20 mm',
    },
  },
  {
    slug: 'twisted-vase',
    title: {
      en: 'Twisted vase (vase mode)',
      'zh-CN': '螺旋花瓶（花瓶模式）',
      'zh-TW': '螺旋花瓶（花瓶模式）',
      fr: 'Vase torsadé (mode vase)',
    },
  },
  {
    slug: 'shelf-bracket',
    title: {
      en: 'Shelf bracket with gusset',
      'zh-CN': '带加强筋的搁板支架',
      'zh-TW': '帶加強筋的擱板支架',
      fr: 'Équerre d’étagère renforcée',
    },
  },
  {
    slug: 'hex-key-holder',
    title: {
      en: 'Hex key holder',
      'zh-CN': '内六角扳手收纳座',
      'zh-TW': '內六角扳手收納座',
      fr: 'Support pour clés hexagonales',
    },
  },
];

/** The file name a model's mesh is kept under. */
export const stlAssetName = (slug: Slug) => `${slug}.stl.br`;

/** A demo model's binary STL. */
export function readDemoStl(slug: Slug): Buffer {
  return brotliDecompressSync(fs.readFileSync(path.join(DEMO_ASSETS_DIR, stlAssetName(slug))));
}

/** A demo image, by the name it is served under. */
export function readDemoImage(name: string): Buffer {
  return fs.readFileSync(path.join(DEMO_ASSETS_DIR, name));
}
