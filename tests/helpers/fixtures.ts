import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Real slicer output: the MIT-licensed files are in the repository (tests/fixtures/gcode); the
 * workspace's `../shared/fixtures/gcode` may add more (see the README there). Null when absent.
 */
export function gcodeFixture(name: string): string | null {
  for (const dir of [path.join(ROOT, 'tests/fixtures/gcode'), path.resolve(ROOT, '../shared/fixtures/gcode')]) {
    const file = path.join(dir, name);
    if (fs.existsSync(file)) return file;
  }
  return null;
}
