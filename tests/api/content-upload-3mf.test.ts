import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../src/shared/errors';
import { api, newPhone } from '../helpers/accounts';
import { CLIENT_HEADERS, createTestApp, ENGINES, type TestApp } from '../helpers/app';
import { gcodeFixture } from '../helpers/fixtures';
import { build3mf, buildZip } from '../helpers/zip';

const BASE = '/api/cxy/admin/v2/content';
const MB = 1024 * 1024;
const MODEL = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><model unit="millimeter" xmlns="http://schemas.microsoft.com/3dmanufacturing/core/2015/02"><resources><object id="1" type="model"><mesh><vertices><vertex x="0" y="0" z="0"/><vertex x="10" y="0" z="0"/><vertex x="0" y="10" z="0"/></vertices><triangles><triangle v1="0" v2="1" v3="2"/></triangles></mesh></object></resources><build><item objectid="1"/></build></model>',
);

/**
 * A 3MF upload is checked by its ZIP directory: what the archive declares it unpacks to (visitors'
 * 3D viewers inflate it), how many parts it has, and the package's required parts.
 */
describe.each(ENGINES)('3MF uploads on %s', (engine) => {
  let t: TestApp;
  let filesDir: string;
  let admin: string;
  const upload = (bytes: Buffer, name: string, lang?: string) =>
    t.app.inject({
      method: 'POST',
      url: `${BASE}/file?name=${encodeURIComponent(name)}`,
      headers: { ...CLIENT_HEADERS, 'content-type': 'application/octet-stream', cookie: admin, ...(lang ? { __cxy_os_lang_: lang } : {}) },
      payload: bytes,
    });
  const storedFiles = async () =>
    Number(
      (
        await t.db.kysely
          .selectFrom('content_files')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cxy-3mf-'));
    t = await createTestApp(engine, { FILES_DIR: filesDir });
    const staff = await api(t.app).phoneLogin(newPhone());
    await t.app.services.accounts.adminUpdate({ userId: Number(staff.session.userId), addRoles: [{ role: 'admin', scope: '*' }] });
    admin = staff.cookie;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it('accepts real 3MF packages', async () => {
    for (const [bytes, name] of [
      [fs.readFileSync(gcodeFixture('online3dviewer_rhombicuboctahedron.3mf') ?? ''), 'rhombi.3mf'],
      [build3mf(MODEL), 'triangle.3mf'],
    ] as const) {
      const res = await upload(bytes, name);
      expect(res.json(), name).toMatchObject({ code: 0, result: { kind: 'model', mime: 'model/3mf', sizeBytes: bytes.length } });
    }
  });

  it('refuses an archive bomb by what its directory declares, with a translated message', async () => {
    const before = await storedFiles();
    // 50 MB of zeros packs to about 50 KB.
    const bomb = build3mf(Buffer.concat([MODEL, Buffer.alloc(50 * MB)]));
    expect(bomb.length).toBeLessThan(100 * 1024);
    const res = await upload(bomb, 'bomb.3mf');
    expect(res.json()).toMatchObject({
      code: ResultCode.fileTooLarge,
      msg: 'The 3MF file unpacks too large: at most 512 MB in all, 1000 parts, and no part more than 100 times its packed size.',
      result: { reason: expect.stringMatching(/3D\/3dmodel\.model unpacks \d+ times/) },
    });
    expect((await upload(bomb, 'bomb.3mf', '1')).json().msg).toBe(
      '3MF 文件解压后过大：总计最多 512 MB、1000 个部件，且每个部件不得超过其压缩大小的 100 倍。',
    );
    // Many parts, each harmless.
    const many = build3mf(
      MODEL,
      Array.from({ length: 1000 }, (_, i) => ({ name: `Metadata/p${i}.txt`, data: Buffer.from('x') })),
    );
    expect((await upload(many, 'many.3mf')).json().code).toBe(ResultCode.fileTooLarge);
    expect(await storedFiles()).toBe(before);
  });

  it('refuses what only names the parts in its bytes, and packages without their model part', async () => {
    const before = await storedFiles();
    const names = Buffer.concat([
      Buffer.from('PK\u0003\u0004', 'latin1'),
      Buffer.from(' [Content_Types].xml 3D/3dmodel.model '),
      Buffer.alloc(2000, 0x41),
    ]);
    const cases: [Buffer, string][] = [
      [names, 'names.3mf'],
      [buildZip([{ name: 'readme.txt', data: Buffer.from('[Content_Types].xml 3D/3dmodel.model') }]), 'plain.3mf'],
      [build3mf(MODEL, [{ name: '3D/3dmodel.model', data: Buffer.alloc(0) }]).subarray(0, 200), 'cut.3mf'],
      [
        buildZip([
          { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
          { name: '3D/other.model', data: MODEL },
        ]),
        'norels.3mf',
      ],
      [build3mf(MODEL, [{ name: '_rels/.rels', data: Buffer.from('<Relationships/>') }]), 'notarget.3mf'],
    ];
    for (const [bytes, name] of cases) {
      const res = await upload(bytes, name);
      expect(res.statusCode, name).toBeLessThan(500);
      expect(res.json().code, `${name}: ${res.body}`).toBe(ResultCode.unsupportedFileType);
    }
    expect(await storedFiles()).toBe(before);
  });

  it('a sliced 3MF project (.gcode.3mf) is a slice: its plate G-code reads as the plain file does', async () => {
    const sliced = fs.readFileSync(gcodeFixture('bambustudio-1.6.2_sample.gcode.3mf') ?? '');
    const plain = fs.readFileSync(gcodeFixture('bambustudio-1.6.2_sample.gcode') ?? '');
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `${BASE}/${url}`, headers: { ...CLIENT_HEADERS, cookie: admin }, payload });
    const up = (await upload(sliced, 'benchy.gcode.3mf')).json();
    expect(up).toMatchObject({ code: 0, result: { kind: 'gcode', mime: 'model/3mf', name: 'benchy.gcode.3mf' } });
    const gcode = (await upload(plain, 'benchy.gcode')).json().result.fileId;
    const stl = (await upload(build3mf(MODEL), 'triangle.3mf')).json().result.fileId;
    const authorId = Number((await t.db.kysely.selectFrom('users').select('id').executeTakeFirstOrThrow()).id);
    const modelId = (await post('model', { authorId, title: 'Benchy', licence: 'CC BY', fileIds: [stl] })).json().result.modelId;
    const fromZip = (await post('slice/gcode', { modelId, gcodeFileId: up.result.fileId })).json();
    const fromText = (await post('slice/gcode', { modelId, gcodeFileId: gcode })).json();
    expect(fromZip.code, JSON.stringify(fromZip)).toBe(0);
    expect(fromZip.result.params).toEqual({ ...fromText.result.params, fileSizeBytes: plain.length });
    expect(fromZip.result.params).toMatchObject({ slicer: { name: 'Bambu Studio' }, layers: 100, truncated: false });
    // Its toolpath preview is served while the model is shown, and only a slice's preview is.
    const row = await t.db.kysely
      .selectFrom('slices')
      .select('toolpath_key')
      .where('id', '=', fromZip.result.sliceId)
      .executeTakeFirstOrThrow();
    const preview = await t.app.inject({ method: 'GET', url: `/toolpaths/${row.toolpath_key}` });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ version: 1, layerCount: 100 });
    const upload3mfKey = (
      await t.db.kysely.selectFrom('content_files').select('storage_key').where('id', '=', up.result.fileId).executeTakeFirstOrThrow()
    ).storage_key;
    expect((await t.app.inject({ method: 'GET', url: `/toolpaths/${upload3mfKey}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/toolpaths/00/000000000000000000000000000000.json' })).statusCode).toBe(404);
    // A sliced 3MF cannot stand in for a model.
    const asModel = await post('model', { authorId, title: 'Not a model', licence: 'CC BY', fileIds: [up.result.fileId] });
    expect(asModel.json().code).toBe(ResultCode.fileKindMismatch);
  });

  it('refuses a sliced 3MF whose plate G-code would unpack as a bomb, or is not G-code', async () => {
    const before = await storedFiles();
    const bomb = buildZip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'Metadata/plate_1.gcode', data: Buffer.concat([Buffer.from('G28\n'), Buffer.alloc(50 * MB, 0x20)]) },
    ]);
    expect((await upload(bomb, 'bomb.gcode.3mf')).json()).toMatchObject({
      code: ResultCode.fileTooLarge,
      result: { reason: expect.stringMatching(/Metadata\/plate_1\.gcode unpacks \d+ times/) },
    });
    const words = buildZip([{ name: 'Metadata/plate_1.gcode', data: Buffer.from('hello\nthese are words, not moves\n') }]);
    expect((await upload(words, 'words.gcode.3mf')).json()).toMatchObject({
      code: ResultCode.invalidGcode,
      result: { reason: expect.stringMatching(/^Metadata\/plate_1\.gcode: The file does not look like G-code/) },
    });
    expect(await storedFiles()).toBe(before);
  });
});
