import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { notProductInputs, serverBundleOptions } from './server-bundle.mjs';

// Tiny entries beside the project's files: what matters is how the plugin resolves src/dev.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cxy-bundle-'));
const devIndex = path.relative(dir, path.resolve('src/dev/index')).split(path.sep).join('/');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function bundle(source: string) {
  const entry = path.join(dir, `entry-${Math.random().toString(36).slice(2)}.ts`);
  fs.writeFileSync(entry, source);
  const options = serverBundleOptions(path.join(dir, 'out'));
  return build({ ...options, entryPoints: { main: entry }, write: false, sourcemap: false, logLevel: 'silent' });
}

describe('server bundle', () => {
  it('leaves the development providers out: a dynamic import of src/dev/index becomes ./dev.js', async () => {
    const r = await bundle(`export const load = () => import('${devIndex}');`);
    const main = r.outputFiles.find((f) => f.path.endsWith('main.js'))?.text ?? '';
    expect(main).toContain('import("./dev.js")');
    expect(Object.keys(r.metafile.inputs).some((i) => i.includes('src/dev/'))).toBe(false);
  });

  it('refuses a static import of src/dev, or a dynamic one of another file under it', async () => {
    await expect(bundle(`import { createDevOutbox } from '${devIndex}';\nexport { createDevOutbox };`)).rejects.toThrow(/dynamic import/);
    await expect(bundle(`export const load = () => import('${devIndex.replace(/index$/, 'wechat-pay/stand-in')}');`)).rejects.toThrow(
      /dynamic import/,
    );
  });

  it('names the stand-in and demo-drawing inputs a bundle holds', () => {
    const inputs = (names: string[]) => Object.fromEntries(names.map((n) => [n, { bytesInOutput: 1 }]));
    const metafile = {
      inputs: {},
      outputs: {
        'build/app/main.js': {
          bytes: 1,
          imports: [],
          exports: [],
          inputs: inputs([
            'src/server/app.ts',
            'src/server/wechat/pay/stand-in.ts',
            'src/server/accounts/delivery/dev-outbox.ts',
            'src/server/content/demo-models/raster.ts',
            'src/dev/index.ts',
            'src/server/content/timelapses.ts',
          ]),
        },
      },
    };
    expect(notProductInputs(metafile)).toEqual([
      'src/server/wechat/pay/stand-in.ts',
      'src/server/accounts/delivery/dev-outbox.ts',
      'src/server/content/demo-models/raster.ts',
      'src/dev/index.ts',
    ]);
  });
});
