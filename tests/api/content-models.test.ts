import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ENGINES, type TestApp } from '../helpers/app';

describe.each(ENGINES)('models and files on %s', (engine) => {
  let t: TestApp;
  let modelId: number;
  let stlKey: string;
  beforeAll(async () => {
    t = await createTestApp(engine, { FILES_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'cxy-files-')) });
    const db = t.db.kysely;
    const now = Date.now();
    const author = await db
      .insertInto('users')
      .values({ nickname: 'Ada <Maker>', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const storage = t.app.services.content.storage;
    stlKey = await storage.put(Buffer.from('solid cube\nendsolid cube\n'), 'stl');
    const pngKey = await storage.put(Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'png');
    const stl = await db
      .insertInto('content_files')
      .values({ kind: 'model', storage_key: stlKey, name: 'cube 20mm.stl', mime: 'model/stl', size_bytes: 25, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const png = await db
      .insertInto('content_files')
      .values({ kind: 'image', storage_key: pngKey, name: 'cube.png', mime: 'image/png', size_bytes: 4, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const model = await db
      .insertInto('models')
      .values({
        author_id: author.id,
        title: 'Calibration cube',
        description: 'A 20 mm cube.',
        licence: 'CC BY',
        download_count: 12_345,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    modelId = model.id;
    await db.insertInto('model_files').values({ model_id: modelId, file_id: stl.id, position: 0 }).execute();
    await db.insertInto('model_images').values({ model_id: modelId, file_id: png.id, position: 0 }).execute();
    await db
      .insertInto('slices')
      .values({
        model_id: modelId,
        author_id: author.id,
        name: 'PLA 0.2 mm',
        params: JSON.stringify({ estimatedSeconds: 2700, layerHeightMm: 0.2, device: 'Ender-3 V3' }),
        created_at: now,
      })
      .execute();
  });
  afterAll(() => t.close());

  it('reads a model with its author, images, files and print profiles', async () => {
    const m = await t.app.services.content.model(modelId);
    expect(m).toMatchObject({
      title: 'Calibration cube',
      licence: 'CC BY',
      counts: { downloads: 12_345, likes: 0 },
      author: { nickname: 'Ada <Maker>' },
      images: [{ url: expect.stringMatching(/^\/files\/[0-9a-f]{2}\/[0-9a-f]{30}\.png$/) }],
      files: [{ name: 'cube 20mm.stl', format: 'STL', sizeBytes: 25 }],
      slices: [{ name: 'PLA 0.2 mm', estimatedSeconds: 2700, layerHeightMm: 0.2, device: 'Ender-3 V3' }],
    });
    expect(await t.app.services.content.model(999_999)).toBeNull();
  });

  it('reads a print profile with its model, unstated parameters null', async () => {
    const s = await t.db.kysely.selectFrom('slices').select('id').where('model_id', '=', modelId).executeTakeFirstOrThrow();
    const view = await t.app.services.content.slice(s.id);
    expect(view).toMatchObject({
      name: 'PLA 0.2 mm',
      model: { title: 'Calibration cube' },
      params: { estimatedSeconds: 2700, layerHeightMm: 0.2, vaseMode: null, nozzleTemperatureC: null },
    });
    expect(await t.app.services.content.slice(987_654)).toBeNull();
  });

  it('does not show a deleted model', async () => {
    await t.db.kysely.updateTable('models').set({ deleted_at: Date.now() }).where('id', '=', modelId).execute();
    expect(await t.app.services.content.model(modelId)).toBeNull();
    await t.db.kysely.updateTable('models').set({ deleted_at: null }).where('id', '=', modelId).execute();
  });

  it('serves stored files with their type, a download name and long caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/files/${stlKey}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('solid cube\nendsolid cube\n');
    expect(res.headers).toMatchObject({
      'content-type': 'model/stl',
      'cache-control': 'public, max-age=31536000, immutable',
      'content-disposition': "attachment; filename*=UTF-8''cube%2020mm.stl",
      'x-content-type-options': 'nosniff',
    });
  });

  it('answers 404 for unknown or hostile file keys', async () => {
    for (const url of [
      '/files/00/000000000000000000000000000000.stl',
      '/files/../package.json',
      '/files/%2e%2e/%2e%2e/etc/passwd',
      '/files/ab/c.stl',
      '/files/',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
