import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES_DIR } from './paths';

/** Every server source file (tests aside). */
function* sources(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(p);
    else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) yield p;
  }
}

describe('what the server reads at run time', () => {
  it('finds the catalogues outside the web tree', () => {
    expect(fs.existsSync(path.join(LOCALES_DIR, 'en', 'common.json'))).toBe(true);
    expect(path.relative(process.cwd(), LOCALES_DIR)).not.toMatch(/^src[\\/]web/);
  });

  it('names no file under src/web', () => {
    const offenders = [...sources(__dirname)].filter((file) => /['"`]src\/web\//.test(fs.readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
