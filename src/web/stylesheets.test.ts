import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * How the stylesheets stay split: small files, each feature's sheet loaded by that feature's
 * modules only (so a page links just the sheets of what it shows), and the site-wide sheets in
 * src/web/ui loaded once, from the root route.
 */
const WEB = path.resolve('src/web');
const MAX_LINES = 600;

function filesUnder(dir: string, test: (name: string) => boolean): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return filesUnder(p, test);
    return test(e.name) ? [p] : [];
  });
}

const sheets = filesUnder(path.resolve('src'), (n) => n.endsWith('.css'));
const modules = filesUnder(WEB, (n) => /\.tsx?$/.test(n) && !/\.test\.tsx?$/.test(n));

/** Stylesheet imports of every module: absolute path of the sheet → importing modules. */
function cssImports(): Map<string, string[]> {
  const byImport = new Map<string, string[]>();
  for (const mod of modules) {
    const src = fs.readFileSync(mod, 'utf8');
    for (const m of src.matchAll(/^import\s+(?:[^'";]*\sfrom\s+)?['"]([^'"]+\.css(?:\?[\w=&]*)?)['"]/gm)) {
      const spec = m[1] ?? '';
      const key = spec.includes('?') ? spec : path.resolve(path.dirname(mod), spec);
      byImport.set(key, [...(byImport.get(key) ?? []), mod]);
    }
  }
  return byImport;
}

const rel = (p: string) => path.relative(WEB, p);
const featureOf = (p: string) => /^features\/([^/]+)\//.exec(rel(p))?.[1];

describe('stylesheets', () => {
  it(`are at most ${MAX_LINES} lines each`, () => {
    expect(sheets.length).toBeGreaterThan(1);
    const long = sheets.map((f) => [rel(f), fs.readFileSync(f, 'utf8').split('\n').length] as const).filter(([, n]) => n > MAX_LINES);
    expect(long).toEqual([]);
  });

  it("of a feature are imported by that feature's modules, and only by them", () => {
    const imports = cssImports();
    const wrong: string[] = [];
    for (const sheet of sheets.filter((f) => featureOf(f))) {
      const users = imports.get(sheet) ?? [];
      if (users.length === 0) wrong.push(`${rel(sheet)} is imported by no module`);
      for (const u of users) if (featureOf(u) !== featureOf(sheet)) wrong.push(`${rel(sheet)} is imported by ${rel(u)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('of the whole site live in src/web/ui and are imported by the root route only', () => {
    const imports = cssImports();
    const wrong: string[] = [];
    for (const sheet of sheets.filter((f) => !featureOf(f))) {
      if (path.dirname(sheet) !== path.join(WEB, 'ui')) wrong.push(`${path.relative('src', sheet)} is neither in a feature nor in ui/`);
      const users = imports.get(sheet) ?? [];
      if (users.map(rel).join() !== 'root.tsx') wrong.push(`${rel(sheet)} is imported by ${users.map(rel).join(', ') || 'no module'}`);
    }
    // A sheet linked by URL is loaded on every page and escapes the per-route split.
    for (const key of imports.keys()) if (key.includes('?')) wrong.push(`${key} is imported by URL`);
    expect(wrong).toEqual([]);
  });
});
