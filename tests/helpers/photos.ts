import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodePng, PNG_SIGNATURE, pngChunk } from '../../scripts/demo-assets/png';

const DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/photos');

/** Real photos (tests/fixtures/photos): a 500×500 JPEG and a 16×16 extended WebP. */
export const realJpeg = () => fs.readFileSync(path.join(DIR, 'sample.jpg'));
export const realWebp = () => fs.readFileSync(path.join(DIR, 'python.webp'));

/** A valid PNG of `width`×`height` pixels of one colour from `seed` (compresses to a few hundred bytes). */
export const flatPng = (seed: number, width = 4, height = 4) =>
  encodePng(
    width,
    height,
    new Uint8Array(width * height * 3).map((_, i) => (seed * (53 + (i % 3) * 22) + (i % 3) * 80) & 255),
  );

/** A valid PNG of random pixels: it does not compress, so it weighs about 3 bytes a pixel. */
export const noisePng = (width: number, height: number) => encodePng(width, height, crypto.randomBytes(width * height * 3), 1);

/** A PNG whose header says `width`×`height` (its pixel data is one byte: structure only). */
export const pngClaiming = (width: number, height: number, extra: Buffer[] = []) => {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    ...extra,
    pngChunk('IDAT', Buffer.from([0])),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
};
