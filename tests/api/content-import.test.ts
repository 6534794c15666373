import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importManifest } from '../../src/server/content/import/manifest';
import { SAMPLES } from '../../src/server/content/import/test-samples';
import { createDiskStorage } from '../../src/server/content/storage';
import { ResultCode } from '../../src/shared/errors';
import type { SliceParameters } from '../../src/shared/slice';
import { api, newPhone } from '../helpers/accounts';
import { CLIENT_HEADERS, createTestApp, createTestDb, ENGINES, type TestApp } from '../helpers/app';
import { gcodeFixture } from '../helpers/fixtures';

/** The admin import API and the `content:import` command ("Getting content in"). */
const BASE = '/api/cxy/admin/v2/content';
const EXAMPLE = path.resolve('docs/examples/content-import.json');
const CONTENT_TABLES = [
  'users',
  'content_files',
  'models',
  'model_images',
  'model_files',
  'slices',
  'topics',
  'circles',
  'circle_members',
  'circle_banners',
  'posts',
  'post_images',
  'post_topics',
  'timelapses',
] as const;

const filesIn = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name)
    : [];

describe.each(ENGINES)('content import API on %s', (engine) => {
  let t: TestApp;
  let filesDir: string;
  let admin: string;
  let member: string;
  /** A user made through the API, author of the models the tests need. */
  let authorId: number;
  const call = (what: string, body: unknown, cookie = admin) =>
    t.app.inject({ method: 'POST', url: `${BASE}/${what}`, headers: { ...CLIENT_HEADERS, cookie }, payload: JSON.stringify(body) });
  const upload = (bytes: Uint8Array, name: string, cookie = admin) =>
    t.app.inject({
      method: 'POST',
      url: `${BASE}/file?name=${encodeURIComponent(name)}`,
      headers: { ...CLIENT_HEADERS, 'content-type': 'application/octet-stream', cookie },
      payload: Buffer.from(bytes),
    });
  const fileId = async (bytes: Uint8Array, name: string): Promise<number> => {
    const res = await upload(bytes, name);
    expect(res.json().code, res.body).toBe(0);
    return res.json().result.fileId;
  };
  /** Rows of every content table and files on disk: a refusal must change none of them. */
  const snapshot = async () => {
    const rows: Record<string, number> = {};
    for (const table of CONTENT_TABLES) {
      const r = await t.db.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      rows[table] = Number(r.n);
    }
    return { rows, files: filesIn(filesDir).length };
  };
  const expectNothingWritten = async (before: Awaited<ReturnType<typeof snapshot>>) => expect(await snapshot()).toEqual(before);

  beforeAll(async () => {
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cxy-import-'));
    t = await createTestApp(engine, { FILES_DIR: filesDir });
    const a = api(t.app);
    const staff = await a.phoneLogin(newPhone());
    await t.app.services.accounts.adminUpdate({ userId: Number(staff.session.userId), addRoles: [{ role: 'admin', scope: '*' }] });
    admin = staff.cookie;
    member = (await a.phoneLogin(newPhone())).cookie;
    authorId = (await call('user', { nickname: 'Ada Maker' })).json().result.userId;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it('lets only global admins in, refusing an upload before reading it', async () => {
    const before = await snapshot();
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `${BASE}/user`,
      headers: CLIENT_HEADERS,
      payload: JSON.stringify({ nickname: 'x' }),
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe(ResultCode.token);
    const denied = await call('user', { nickname: 'Mallory' }, member);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe(ResultCode.forbiddenRole);
    const deniedUpload = await upload(SAMPLES.png, 'a.png', member);
    expect(deniedUpload.statusCode).toBe(403);
    expect(deniedUpload.json().code).toBe(ResultCode.forbiddenRole);
    await expectNothingWritten(before);
  });

  it('stores an upload of each kind by its content, served back byte for byte with its type', async () => {
    const cases: [Uint8Array, string, string, string][] = [
      [SAMPLES.png, 'cover.png', 'image', 'image/png'],
      [SAMPLES.jpeg, 'photo.JPEG', 'image', 'image/jpeg'],
      [SAMPLES.webp, 'photo.webp', 'image', 'image/webp'],
      [SAMPLES.gif, 'anim.gif', 'image', 'image/gif'],
      [fs.readFileSync('docs/examples/twisted-vase.stl'), 'vase.stl', 'model', 'model/stl'],
      [SAMPLES.asciiStl, 'tri.stl', 'model', 'model/stl'],
      [SAMPLES.mp4, 'print.mp4', 'video', 'video/mp4'],
      [SAMPLES.webm, 'print.webm', 'video', 'video/webm'],
      [SAMPLES.gcode, 'cube.gcode', 'gcode', 'text/x-gcode'],
    ];
    cases.push([fs.readFileSync(gcodeFixture('online3dviewer_rhombicuboctahedron.3mf') ?? ''), 'rhombi.3mf', 'model', 'model/3mf']);
    for (const [bytes, name, kind, mime] of cases) {
      const res = await upload(bytes, name);
      expect(res.json(), name).toMatchObject({
        code: 0,
        result: {
          fileId: expect.any(Number),
          kind,
          mime,
          name,
          sizeBytes: bytes.length,
          url: expect.stringMatching(/^\/files\/[0-9a-f]{2}\//),
        },
      });
      const served = await t.app.inject({ method: 'GET', url: res.json().result.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(mime);
      expect(served.rawPayload.equals(Buffer.from(bytes))).toBe(true);
    }
    // A name without an ending gets the type's, so the download opens with the right program.
    expect((await upload(SAMPLES.png, 'cover')).json().result.name).toBe('cover.png');
  });

  it('refuses wrong content, mismatched names, oversized files and unreadable G-code, storing nothing', async () => {
    const before = await snapshot();
    const refusals: [Uint8Array, string, number][] = [
      [Buffer.from('<script>alert(1)</script>'), 'evil.png', ResultCode.unsupportedFileType],
      [SAMPLES.svg, 'logo.svg', ResultCode.unsupportedFileType],
      [SAMPLES.heic, 'photo.heic', ResultCode.unsupportedFileType],
      [SAMPLES.zip, 'model.3mf', ResultCode.unsupportedFileType],
      [SAMPLES.png, 'model.stl', ResultCode.unsupportedFileType],
      [SAMPLES.bgcode, 'cube.bgcode', ResultCode.invalidGcode],
      [Buffer.from('hello, this is not G-code\njust words\n'), 'cube.gcode', ResultCode.invalidGcode],
      [Buffer.concat([SAMPLES.png, Buffer.alloc(20 * 1024 * 1024)]), 'huge.png', ResultCode.fileTooLarge],
    ];
    for (const [bytes, name, code] of refusals) {
      const res = await upload(bytes, name);
      expect(res.json().code, `${name}: ${res.body}`).toBe(code);
    }
    const mismatch = await upload(SAMPLES.png, 'model.stl');
    expect(mismatch.json().msg).toBe('The file name ends in .stl, but its content is PNG');
    const large = await upload(Buffer.concat([SAMPLES.png, Buffer.alloc(20 * 1024 * 1024)]), 'huge.png');
    expect(large.json().msg).toBe('The file is too large: PNG files may be at most 20 MB');
    const bgcode = await upload(SAMPLES.bgcode, 'cube.bgcode');
    expect(bgcode.json().result.reason).toMatch(/binary G-code/);

    expect((await upload(Buffer.alloc(0), 'empty.png')).json()).toMatchObject({
      code: ResultCode.parameter,
      msg: 'Parameter error: (body)',
    });
    for (const name of ['', '../../etc/passwd.png', 'a\u0000.png', `${'n'.repeat(201)}.png`]) {
      const res = await upload(SAMPLES.png, name);
      expect(res.json().code, JSON.stringify(name)).toBe(ResultCode.parameter);
      expect(res.json().msg).toBe('Parameter error: name');
    }
    await expectNothingWritten(before);
  });

  it('creates users, topics, circles, models, slices, posts and timelapses and stores what was said', async () => {
    const avatar = await fileId(SAMPLES.png, 'avatar.png');
    const cover = await fileId(SAMPLES.jpeg, 'cover.jpg');
    const stl = await fileId(SAMPLES.asciiStl, 'tri.stl');
    const video = await fileId(SAMPLES.mp4, 'print.mp4');

    const user = await call('user', {
      nickname: 'Lin Wei',
      gender: 0,
      age: 31,
      locale: 'zh-CN',
      introduction: '喜欢校准模型',
      avatarFileId: avatar,
    });
    const userId = user.json().result.userId;
    const u = await t.db.kysely.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    expect(u).toMatchObject({ nickname: 'Lin Wei', gender: 0, age: 31, locale: 'zh-CN', introduction: '喜欢校准模型' });
    expect(u.avatar_url).toMatch(/^\/files\/[0-9a-f]{2}\/[0-9a-f]{30}\.png$/);

    const topic = (await call('topic', { name: `Calibration ${engine}`, description: 'Cubes and towers' })).json().result.topicId;
    expect((await call('topic', { name: `Calibration ${engine}` })).json()).toMatchObject({
      code: ResultCode.nameTaken,
      msg: 'name: this name is already in use',
    });

    const circle = await call('circle', {
      ownerId: userId,
      name: 'Calibrators',
      coverFileId: cover,
      memberIds: [authorId, userId],
      banners: [{ kind: 2, title: 'Start here', link: '/creality-cloud/licences', imageFileId: avatar }],
    });
    const circleId = circle.json().result.circleId;
    expect(await t.app.services.content.circle(circleId)).toMatchObject({
      name: 'Calibrators',
      memberCount: 2,
      banners: [{ kind: 2, title: 'Start here', link: '/creality-cloud/licences' }],
    });

    const created = Date.UTC(2024, 4, 1);
    const model = await call('model', {
      authorId: userId,
      title: 'Calibration cube',
      description: 'Measure X, Y and Z.',
      licence: 'CC0',
      price: 2,
      circleId,
      imageFileIds: [cover, avatar],
      fileIds: [stl],
      createdAt: created,
    });
    const modelId = model.json().result.modelId;
    expect(await t.app.services.content.model(modelId)).toMatchObject({
      title: 'Calibration cube',
      licence: 'CC0',
      price: 2,
      createdAt: created,
      author: { nickname: 'Lin Wei' },
      images: [{ url: expect.stringMatching(/\.jpg$/) }, { url: expect.stringMatching(/\.png$/) }],
      files: [{ name: 'tri.stl', format: 'STL', sizeBytes: SAMPLES.asciiStl.length }],
    });

    const slice = await call('slice', {
      modelId,
      name: 'PLA 0.2 mm',
      params: { layerHeightMm: 0.2, device: 'Ender-3 V3', filament: { type: 'PLA' } },
    });
    const view = await t.app.services.content.slice(slice.json().result.sliceId);
    expect(view?.author.id).toBe(String(userId));
    // What was stated, and nothing else: every other parameter stays empty.
    expect(view?.params).toMatchObject({ layerHeightMm: 0.2, layerHeightOption: 3, device: 'Ender-3 V3', nozzleTemperatureC: null });
    expect(view?.params.filament).toEqual({ type: 'PLA', usedMm: null, usedG: null, usedCm3: null });

    const post = await call('post', {
      authorId: userId,
      authorKind: 2,
      circleId,
      contentKind: 4,
      title: 'First cube',
      body: 'Printed at 0.2 mm.',
      imageFileIds: [cover],
      topicIds: [topic],
    });
    const postId = post.json().result.postId;
    expect(await t.db.kysely.selectFrom('posts').selectAll().where('id', '=', postId).executeTakeFirstOrThrow()).toMatchObject({
      author_kind: 2,
      content_kind: 4,
      circle_id: circleId,
      title: 'First cube',
    });
    expect(await t.db.kysely.selectFrom('post_topics').selectAll().where('post_id', '=', postId).execute()).toEqual([
      { post_id: postId, topic_id: topic },
    ]);
    const counted = await t.db.kysely.selectFrom('circles').select('post_count').where('id', '=', circleId).executeTakeFirstOrThrow();
    expect(counted.post_count).toBe(1);
    const videoPost = await call('post', { authorId: userId, contentKind: 3, videoFileId: video });
    expect(videoPost.json().code, videoPost.body).toBe(0);

    const lapse = await call('timelapse', {
      authorId: userId,
      modelId,
      videoFileId: video,
      posterFileId: cover,
      printer: 'K1 Max',
      durationSeconds: 5400,
    });
    const lapseId = lapse.json().result.timelapseId;
    expect(await t.db.kysely.selectFrom('timelapses').selectAll().where('id', '=', lapseId).executeTakeFirstOrThrow()).toMatchObject({
      author_id: userId,
      model_id: modelId,
      video_file_id: video,
      poster_file_id: cover,
      printer: 'K1 Max',
      duration_seconds: 5400,
    });
  });

  it('keeps hostile text verbatim, as text', async () => {
    const hostile = '<script>alert("x")</script><img src=x onerror=alert(1)> \'; DROP TABLE users; --';
    const stl = await fileId(SAMPLES.binaryStl, 'x.stl');
    const userId = (await call('user', { nickname: hostile.slice(0, 64), introduction: hostile })).json().result.userId;
    const modelId = (
      await call('model', { authorId: userId, title: hostile.slice(0, 120), description: hostile, licence: 'CC BY', fileIds: [stl] })
    ).json().result.modelId;
    expect(await t.app.services.content.model(modelId)).toMatchObject({ title: hostile.slice(0, 120), description: hostile });
    const named = await upload(SAMPLES.png, '<b onmouseover=alert(1)>.png');
    expect(named.json().result.name).toBe('<b onmouseover=alert(1)>.png');
    const served = await t.app.inject({ method: 'GET', url: named.json().result.url });
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('refuses missing, malformed, out-of-range and too long input, naming the field and writing nothing', async () => {
    const stl = await fileId(SAMPLES.asciiStl, 'tri.stl');
    const before = await snapshot();
    const model = { authorId, title: 'Cube', licence: 'CC BY', fileIds: [stl] };
    const cases: [string, unknown, string][] = [
      ['user', {}, 'nickname'],
      ['user', { nickname: '   ' }, 'nickname'],
      ['user', { nickname: 'n'.repeat(65) }, 'nickname'],
      ['user', { nickname: 'Ada', gender: 3 }, 'gender'],
      ['user', { nickname: 'Ada', locale: 'de' }, 'locale'],
      ['user', { nickname: 'nul\u0000' }, 'nickname'],
      ['topic', { name: 't'.repeat(61) }, 'name'],
      ['model', { ...model, licence: 'GPL' }, 'licence'],
      ['model', { ...model, price: 3 }, 'price'],
      ['model', { ...model, title: 't'.repeat(121) }, 'title'],
      ['model', { ...model, fileIds: [] }, 'fileIds'],
      ['model', { ...model, fileIds: [stl, stl] }, 'fileIds'],
      ['model', { ...model, authorId: 'abc' }, 'authorId'],
      ['model', { ...model, createdAt: Date.now() + 86_400_000 }, 'createdAt'],
      ['slice', { modelId: 1, name: 'P', params: { layerHeight: 0.2 } }, 'params'],
      ['slice', { modelId: 1, name: 'P', params: { infillPattern: 99 } }, 'params.infillPattern'],
      ['post', { authorId, contentKind: 0, body: 'x' }, 'contentKind'],
      ['post', { authorId, contentKind: 1 }, 'body'],
      ['post', { authorId, contentKind: 2, body: 'x' }, 'imageFileIds'],
      ['post', { authorId, contentKind: 3 }, 'videoFileId'],
      ['circle', { ownerId: authorId, name: 'C', banners: [{ kind: 1, title: 'B', link: 'javascript:alert(1)' }] }, 'banners.0.link'],
      ['circle', { ownerId: authorId, name: 'C', banners: [{ kind: 4, title: 'B', link: '/x' }] }, 'banners.0.kind'],
      ['timelapse', { authorId, videoFileId: 1, durationSeconds: -1 }, 'durationSeconds'],
    ];
    for (const [what, body, field] of cases) {
      const res = await call(what, body);
      expect(res.json(), `${what} ${JSON.stringify(body).slice(0, 80)}`).toMatchObject({
        code: ResultCode.parameter,
        msg: `Parameter error: ${field}`,
      });
    }
    const broken = await t.app.inject({
      method: 'POST',
      url: `${BASE}/model`,
      headers: { ...CLIENT_HEADERS, cookie: admin },
      payload: '{"title":',
    });
    expect(broken.json().code).toBe(ResultCode.parameter);
    await expectNothingWritten(before);
  });

  it('answers 1001 for unknown ids and 1204 for files of the wrong kind, writing nothing', async () => {
    const png = await fileId(SAMPLES.png, 'p.png');
    const stl = await fileId(SAMPLES.asciiStl, 'tri.stl');
    const before = await snapshot();
    const model = { authorId, title: 'Cube', licence: 'CC BY', fileIds: [stl] };
    const missing: [string, unknown, string][] = [
      ['model', { ...model, authorId: 999_999 }, 'authorId'],
      ['model', { ...model, circleId: 999_999 }, 'circleId'],
      ['model', { ...model, imageFileIds: [png, 999_999] }, 'imageFileIds.1'],
      ['slice', { modelId: 999_999, name: 'P' }, 'modelId'],
      ['slice/gcode', { modelId: 1, gcodeFileId: 999_999 }, 'gcodeFileId'],
      ['post', { authorId, contentKind: 1, body: 'x', topicIds: [999_999] }, 'topicIds.0'],
      ['circle', { ownerId: authorId, name: 'C', memberIds: [authorId, 999_999] }, 'memberIds.1'],
      ['timelapse', { authorId, modelId: 999_999, videoFileId: png, durationSeconds: 1 }, 'modelId'],
      ['user', { nickname: 'A', avatarFileId: 999_999 }, 'avatarFileId'],
    ];
    for (const [what, body, field] of missing) {
      const res = await call(what, body);
      expect(res.json(), what).toMatchObject({ code: ResultCode.notFound, msg: `${field}: nothing found with id 999999` });
    }
    const wrongKind: [string, unknown, string][] = [
      ['model', { ...model, fileIds: [png] }, 'fileIds.0: file'],
      ['model', { ...model, imageFileIds: [stl] }, 'imageFileIds.0: file'],
      ['timelapse', { authorId, videoFileId: png, durationSeconds: 1 }, 'videoFileId: file'],
      ['slice/gcode', { modelId: 1, gcodeFileId: stl }, 'gcodeFileId: file'],
    ];
    for (const [what, body, start] of wrongKind) {
      const res = await call(what, body);
      expect(res.json().code, what).toBe(ResultCode.fileKindMismatch);
      expect(res.json().msg).toMatch(new RegExp(`^${start.replace('.', '\\.')} \\d+ is the wrong type; expected `));
    }
    await expectNothingWritten(before);
  });

  describe('slices from real G-code', () => {
    /** The value of a `; key = value` line of a PrusaSlicer file. */
    const prusa = (text: string, key: string) => text.match(new RegExp(`^; ${key} = (.*)$`, 'm'))?.[1];
    const seconds = (s: string) =>
      [...s.matchAll(/(\d+)([dhms])/g)].reduce((t, [, n, u]) => t + Number(n) * { d: 86_400, h: 3_600, m: 60, s: 1 }[u as 'd'], 0);

    const expected: Record<string, (text: string) => Partial<SliceParameters>> = {
      'prusaslicer-2.8.1_mini_cube.gcode': (text) => ({
        layerHeightMm: Number(prusa(text, 'layer_height')),
        nozzleTemperatureC: Number(prusa(text, 'temperature')),
        bedTemperatureC: Number(prusa(text, 'bed_temperature')),
        infillDensityPercent: Number.parseFloat(prusa(text, 'fill_density') ?? ''),
        device: prusa(text, 'printer_model') ?? null,
        estimatedSeconds: seconds(prusa(text, 'estimated printing time \\(normal mode\\)') ?? ''),
        vaseMode: prusa(text, 'spiral_vase') === '1',
      }),
      'prusaslicer-2.7.4_vase.gcode': (text) => ({
        layerHeightMm: Number(prusa(text, 'layer_height')),
        firstLayerHeightMm: Number(prusa(text, 'first_layer_height')),
        nozzleTemperatureC: Number(prusa(text, 'temperature')),
        device: prusa(text, 'printer_model') ?? null,
        estimatedSeconds: seconds(prusa(text, 'estimated printing time \\(normal mode\\)') ?? ''),
        vaseMode: prusa(text, 'spiral_vase') === '1',
      }),
      'cura-2.3.1_puzzle_all.gcode': (text) => {
        const settings = [...text.matchAll(/^;SETTING_3 (.*)$/gm)].map((m) => m[1]).join('');
        return {
          estimatedSeconds: Number(text.match(/^;TIME:(\d+)/m)?.[1]),
          layers: Number(text.match(/^;LAYER_COUNT:(\d+)/m)?.[1]),
          layerHeightMm: Number(settings.match(/\\\\nlayer_height = ([\d.]+)/)?.[1]),
          // The old Cura header says nothing about a filament type, so it stays empty.
          filament: { type: null, usedMm: null, usedG: null, usedCm3: null },
        };
      },
    };

    // The AGPL mini cube is only in the workspace's ../shared fixtures (tests/fixtures/gcode/README.md).
    it.each(Object.keys(expected).filter((name) => gcodeFixture(name)))(
      '%s gives the parameters its own comment lines state',
      async (name) => {
        const bytes = fs.readFileSync(gcodeFixture(name) ?? '');
        const stl = await fileId(SAMPLES.asciiStl, 'tri.stl');
        const modelId = (await call('model', { authorId, title: name, licence: 'CC BY', fileIds: [stl] })).json().result.modelId;
        const gcode = await upload(bytes, name);
        expect(gcode.json().result).toMatchObject({ kind: 'gcode', sizeBytes: bytes.length });
        const res = await call('slice/gcode', { modelId, gcodeFileId: gcode.json().result.fileId });
        expect(res.json().code, res.body).toBe(0);
        const want = expected[name]?.(bytes.toString('utf8')) ?? {};
        expect(Object.values(want).every((v) => v !== undefined && !Number.isNaN(v))).toBe(true);
        expect(res.json().result.params).toMatchObject({ ...want, fileSizeBytes: bytes.length });

        const row = await t.db.kysely
          .selectFrom('slices')
          .selectAll()
          .where('id', '=', res.json().result.sliceId)
          .executeTakeFirstOrThrow();
        // Named after the file, by the model's author, linked to the G-code, parameters as answered.
        expect(row).toMatchObject({ name: name.replace(/\.gcode$/, ''), author_id: authorId, gcode_file_id: gcode.json().result.fileId });
        expect(JSON.parse(row.params)).toEqual(res.json().result.params);
      },
    );
  });
});

describe.each(ENGINES)('content:import command on %s', (engine) => {
  const run = (manifest: string, env: Record<string, string>) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/content-import.ts', manifest], {
      env: { ...process.env, NODE_ENV: 'test', ...env },
      encoding: 'utf8',
      timeout: 60_000,
    });

  it('imports the example manifest: users, circle, model with files, slices (one from G-code), posts', async () => {
    const testDb = await createTestDb(engine);
    const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cxy-cli-'));
    try {
      const out = run(EXAMPLE, { DATABASE_URL: testDb.url, FILES_DIR: filesDir });
      expect(out.status, out.stderr).toBe(0);
      const result = JSON.parse(out.stdout);
      expect(result).toMatchObject({
        users: [{ ref: 'maaike', id: expect.any(Number) }, { ref: 'tom' }],
        models: [{ ref: 'twisted-vase' }],
        slices: [{ id: expect.any(Number) }, { id: expect.any(Number) }],
        posts: [{ id: expect.any(Number) }, { id: expect.any(Number) }],
      });
      // The PNG is named five times but stored once.
      expect(result.files).toHaveLength(3);
      // The three uploads and the toolpath preview made from the G-code slice.
      expect(filesIn(filesDir)).toHaveLength(4);
      expect(filesIn(filesDir).filter((f) => f.endsWith('.json'))).toHaveLength(1);
      const db = testDb.db.kysely;
      const fromGcode = await db.selectFrom('slices').selectAll().where('id', '=', result.slices[0].id).executeTakeFirstOrThrow();
      expect(JSON.parse(fromGcode.params)).toMatchObject({
        layerHeightMm: 0.3,
        vaseMode: true,
        device: 'ENDER3V2',
        estimatedSeconds: 4000,
      });
      // Its toolpath preview: the vase's layers, stored once at import.
      const toolpath = JSON.parse(fs.readFileSync(path.join(filesDir, fromGcode.toolpath_key ?? ''), 'utf8'));
      expect(toolpath).toMatchObject({ version: 1, stride: 1 });
      expect(toolpath.layers.length).toBeGreaterThan(10);
      const model = await db.selectFrom('models').selectAll().where('id', '=', result.models[0].id).executeTakeFirstOrThrow();
      expect(model).toMatchObject({ title: 'Twisted 6-sided vase', licence: 'BY-NC-SA', author_id: result.users[0].id });
    } finally {
      await testDb.drop();
      fs.rmSync(filesDir, { recursive: true, force: true });
    }
  });

  it('refuses a manifest with an error anywhere, naming the item and field, writing nothing', async () => {
    const testDb = await createTestDb(engine);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cxy-cli-'));
    const filesDir = path.join(dir, 'files');
    try {
      fs.writeFileSync(path.join(dir, 'print.mp4'), SAMPLES.mp4);
      fs.writeFileSync(path.join(dir, 'cube.png'), SAMPLES.png);
      fs.writeFileSync(path.join(dir, 'cube.stl'), SAMPLES.asciiStl);
      const base = {
        users: [{ ref: 'ada', nickname: 'Ada' }],
        models: [{ ref: 'cube', authorId: 'ada', title: 'Cube', licence: 'CC0', imageFileIds: ['cube.png'], fileIds: ['cube.stl'] }],
        timelapses: [{ authorId: 'ada', modelId: 'cube', videoFileId: 'print.mp4', posterFileId: 'cube.png', durationSeconds: 600 }],
      };
      const file = path.join(dir, 'manifest.json');
      const write = (manifest: unknown) => fs.writeFileSync(file, typeof manifest === 'string' ? manifest : JSON.stringify(manifest));
      const expectEmpty = async () => {
        for (const table of ['users', 'models', 'content_files', 'timelapses'] as const) {
          expect(await testDb.db.kysely.selectFrom(table).select('id').execute(), table).toEqual([]);
        }
        expect(filesIn(filesDir)).toEqual([]);
      };
      const refusals: [unknown, RegExp][] = [
        [{ ...base, timelapses: [{ ...base.timelapses[0], durationSeconds: -5 }] }, /timelapses\[0\]: durationSeconds: /],
        [{ ...base, timelapses: [{ ...base.timelapses[0], modelId: 'sphere' }] }, /timelapses\[0\]: modelId: no item with ref "sphere"/],
        [
          { ...base, timelapses: [{ ...base.timelapses[0], videoFileId: 'cube.png' }] },
          /timelapses\[0\]: videoFileId: file \d+ is the wrong type; expected MP4, WebM/,
        ],
        [
          { ...base, timelapses: [{ ...base.timelapses[0], authorId: 424_242 }] },
          /timelapses\[0\]: authorId: nothing found with id 424242/,
        ],
        [
          { ...base, models: [{ ...base.models[0], fileIds: ['missing.stl'] }] },
          /models\[0\] "cube": fileIds\.0 \(.*missing\.stl\): ENOENT/,
        ],
        [{ ...base, models: [{ ...base.models[0], licence: 'GPL' }] }, /models\[0\] "cube": licence: /],
        [{ ...base, models: [{ ...base.models[0], colour: 'red' }] }, /models\[0\] "cube": unknown field colour/],
        [{ ...base, widgets: [] }, /manifest: /],
        ['{ not json', /manifest\.json: /],
      ];
      // Each refusal in process (the command is this function and a message); one through the command.
      const storage = createDiskStorage(filesDir);
      for (const [manifest, message] of refusals) {
        write(manifest);
        await expect(importManifest(testDb.db, storage, file)).rejects.toThrow(message);
        await expectEmpty();
      }
      write(refusals[3]?.[0]);
      const out = run(file, { DATABASE_URL: testDb.url, FILES_DIR: filesDir });
      expect(out.status, out.stdout).toBe(1);
      expect(out.stderr).toMatch(/^import refused, nothing written: timelapses\[0\]: authorId: nothing found with id 424242$/m);
      await expectEmpty();

      write(base);
      const done = await importManifest(testDb.db, storage, file);
      expect(done.timelapses).toEqual([{ id: expect.any(Number) }]);
      expect(filesIn(filesDir)).toHaveLength(3);
    } finally {
      await testDb.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
