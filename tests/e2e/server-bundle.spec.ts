import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { notProductInputs } from '../../scripts/server-bundle.mjs';

// The bundle these journeys run (npm run build): what it is made of, from esbuild's metafile.
test('the production server bundle holds no stand-in, development provider or demo drawing', () => {
  const metafile = JSON.parse(fs.readFileSync('build/app/main.meta.json', 'utf8'));
  expect(notProductInputs(metafile)).toEqual([]);
  // The development providers are a separate file, loaded only on demand.
  expect(fs.readFileSync('build/app/main.js', 'utf8')).toContain('import("./dev.js")');
  expect(fs.existsSync('build/app/dev.js')).toBe(true);
});
