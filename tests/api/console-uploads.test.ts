import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { SAMPLES } from '../../src/server/content/import/test-samples';
import { ZUploadState } from '../../src/shared/api/content-uploads';
import { ResultCode } from '../../src/shared/errors';
import { CLIENT_HEADERS, ENGINES } from '../helpers/app';
import { appSuite, envelopeCall, randomIp } from '../helpers/suite';
import { build3mf } from '../helpers/zip';

const UPLOADS = '/api/cxy/admin/v2/content/uploads';
const IMAGE = '/api/cxy/admin/v2/mall/image';
const MB = 1024 * 1024;
const GCODE = fs.readFileSync('tests/fixtures/gcode/prusaslicer-2.7.4_vase.gcode');

/**
 * The console's uploads: resumable uploads in parts for content staff (a part at the wrong offset
 * is refused with where to resume; the whole file is checked as a one-call upload is), and product
 * images for mall staff. Each with an audit row for the stored file, and refused to other staff.
 */
describe.each(ENGINES)('console uploads on %s', (engine) => {
  const suite = appSuite(engine);
  const call = envelopeCall(suite);
  const staff = async (name: string, scope: string) => {
    const id = await suite.rows.user(name);
    await suite.t.app.services.accounts.adminUpdate({ userId: id, addRoles: [{ role: 'staff', scope }] });
    return (await suite.rows.signIn(id)).cookie;
  };
  let editor = '';
  let other = '';
  let shop = '';
  beforeAll(async () => {
    editor = await staff('Content editor', 'content');
    other = await staff('Second editor', 'content');
    shop = await staff('Shop keeper', 'mall');
  });
  const raw = (url: string, cookie: string, body: Buffer) =>
    suite.t.app.inject({
      method: 'POST',
      url,
      headers: { ...CLIENT_HEADERS, 'content-type': 'application/octet-stream', cookie },
      remoteAddress: randomIp(),
      payload: body,
    });
  const start = async (cookie: string, name: string, sizeBytes: number) => call('POST', `${UPLOADS}/start`, cookie, { name, sizeBytes });
  const part = async (cookie: string, uploadId: string, offset: number, body: Buffer) =>
    (await raw(`${UPLOADS}/part?uploadId=${uploadId}&offset=${offset}`, cookie, body)).json();
  const audits = (itemId: number) =>
    suite.t.db.kysely.selectFrom('admin_audit').selectAll().where('item_type', '=', 'file').where('item_id', '=', String(itemId)).execute();

  it('takes a G-code in parts, resumes after a lost part, takes a repeated part once, and stores the whole file', async () => {
    const s = await start(editor, 'vase.gcode', GCODE.length);
    expect(s.code, JSON.stringify(s)).toBe(0);
    expect(ZUploadState.strict().safeParse(s.result).success).toBe(true);
    const id = s.result.uploadId as string;
    const size = 64 * 1024;
    expect((await part(editor, id, 0, GCODE.subarray(0, size))).result.offset).toBe(size);
    // The same part again (the answer was lost): refused with where the upload stands.
    const again = await part(editor, id, 0, GCODE.subarray(0, size));
    expect(again).toMatchObject({ code: ResultCode.uploadOffset, result: { offset: size } });
    // A part past the offset (one went missing) is refused the same way.
    expect((await part(editor, id, 2 * size, GCODE.subarray(2 * size, 3 * size))).result).toEqual({ offset: size });
    // The connection dropped: the page asks where to resume.
    const status = await call('GET', `${UPLOADS}/status?uploadId=${id}`, editor);
    expect(status.result).toMatchObject({ uploadId: id, offset: size, sizeBytes: GCODE.length, file: null });
    // Someone else's upload is unknown to them.
    expect((await call('GET', `${UPLOADS}/status?uploadId=${id}`, other)).code).toBe(ResultCode.notFound);
    expect((await part(other, id, size, GCODE.subarray(size))).code).toBe(ResultCode.notFound);
    let offset = size;
    let last: { file: { fileId: number; kind: string; sizeBytes: number; url: string } | null } = { file: null };
    while (offset < GCODE.length) {
      const r = await part(editor, id, offset, GCODE.subarray(offset, offset + 200 * 1024));
      expect(r.code, JSON.stringify(r)).toBe(0);
      offset = r.result.offset;
      last = r.result;
    }
    expect(last.file).toMatchObject({ kind: 'gcode', sizeBytes: GCODE.length, name: 'vase.gcode' });
    const stored = await suite.t.app.inject({ method: 'GET', url: last.file?.url ?? '' });
    expect(Buffer.from(stored.rawPayload).equals(GCODE)).toBe(true);
    expect(await audits(last.file?.fileId ?? 0)).toHaveLength(1);
    // Finished: its parts are gone; a client that lost the last answer learns the file from status,
    // and the last part sent again is not taken twice.
    expect((await call('GET', `${UPLOADS}/status?uploadId=${id}`, editor)).result).toMatchObject({ offset: GCODE.length, file: last.file });
    expect((await part(editor, id, GCODE.length - 10, GCODE.subarray(GCODE.length - 10))).result).toEqual({ offset: GCODE.length });
    expect(await audits(last.file?.fileId ?? 0)).toHaveLength(1);
    expect(await suite.t.db.kysely.selectFrom('content_upload_parts').selectAll().where('upload_id', '=', id).execute()).toEqual([]);
  });

  it('checks types and sizes at the start, on the first part, on every part and on completion', async () => {
    // The name decides the kind and its limit.
    expect((await start(editor, 'notes.txt', 10)).code).toBe(ResultCode.unsupportedFileType);
    expect((await start(editor, 'big.png', 21 * MB)).code).toBe(ResultCode.fileTooLarge);
    expect((await start(editor, 'huge.stl', 101 * MB)).code).toBe(ResultCode.fileTooLarge);
    // A first part that is not what the name says ends the upload.
    const fake = await start(editor, 'photo.png', SAMPLES.html.length);
    expect((await part(editor, fake.result.uploadId, 0, SAMPLES.html)).code).toBe(ResultCode.unsupportedFileType);
    expect((await call('GET', `${UPLOADS}/status?uploadId=${fake.result.uploadId}`, editor)).code).toBe(ResultCode.notFound);
    const binary = await start(editor, 'print.gcode', SAMPLES.bgcode.length);
    expect((await part(editor, binary.result.uploadId, 0, SAMPLES.bgcode)).code).toBe(ResultCode.invalidGcode);
    // More than announced.
    const small = await start(editor, 'tri.stl', 10);
    expect((await part(editor, small.result.uploadId, 0, SAMPLES.asciiStl)).code).toBe(ResultCode.fileTooLarge);
    // A 3MF bomb passes its first part (a ZIP) and is refused whole, by its directory.
    const bomb = build3mf(Buffer.concat([Buffer.from('<model/>'), Buffer.alloc(50 * MB)]));
    const b = await start(editor, 'bomb.3mf', bomb.length);
    const done = await part(editor, b.result.uploadId, 0, bomb);
    expect(done.code).toBe(ResultCode.fileTooLarge);
    expect(
      await suite.t.db.kysely.selectFrom('content_upload_parts').selectAll().where('upload_id', '=', b.result.uploadId).execute(),
    ).toEqual([]);
    // An STL is known only whole: text that is no STL is refused at the end.
    const notStl = Buffer.from('solid nothing here\n');
    const n = await start(editor, 'empty.stl', notStl.length);
    expect((await part(editor, n.result.uploadId, 0, notStl)).code).toBe(ResultCode.unsupportedFileType);
  });

  it('refuses malformed, hostile and oversized input', async () => {
    for (const body of [
      {},
      { name: 'a.stl' },
      { name: 'a.stl', sizeBytes: 0 },
      { name: '../../etc/passwd.stl', sizeBytes: 5 },
      { name: 'a.stl', sizeBytes: '5' },
      { name: 'a.stl', sizeBytes: 5, extra: 1 },
      '{"name":',
    ])
      expect((await call('POST', `${UPLOADS}/start`, editor, body)).code, JSON.stringify(body)).toBe(ResultCode.parameter);
    const s = await start(editor, 'tri.stl', SAMPLES.asciiStl.length);
    const id = s.result.uploadId;
    for (const q of ['', `?uploadId=${id}`, `?uploadId=${id}&offset=-1`, `?uploadId=x'--&offset=0`, `?uploadId=${id}&offset=abc`])
      expect((await raw(`${UPLOADS}/part${q}`, editor, SAMPLES.asciiStl)).json().code, q).toBe(ResultCode.parameter);
    expect((await raw(`${UPLOADS}/part?uploadId=${id}&offset=0`, editor, Buffer.alloc(0))).json().code).toBe(ResultCode.parameter);
    expect((await raw(`${UPLOADS}/part?uploadId=${'0'.repeat(32)}&offset=0`, editor, SAMPLES.asciiStl)).json().code).toBe(
      ResultCode.notFound,
    );
    // A part above the part limit never gets read.
    expect((await raw(`${UPLOADS}/part?uploadId=${id}&offset=0`, editor, Buffer.alloc(4 * MB + 1))).statusCode).toBe(413);
    // The upload is untouched by all that and still completes.
    const r = await part(editor, id, 0, SAMPLES.asciiStl);
    expect(r.result.file).toMatchObject({ kind: 'model', mime: 'model/stl' });
  });

  it('refuses uploads to staff without the content scope, and images to staff without the mall scope', async () => {
    const member = (await suite.rows.signIn(await suite.rows.user('Member'))).cookie;
    for (const cookie of [member, shop]) {
      expect((await start(cookie, 'a.stl', 10)).code).toBe(ResultCode.forbiddenRole);
      expect((await call('GET', `${UPLOADS}/status?uploadId=${'a'.repeat(32)}`, cookie)).code).toBe(ResultCode.forbiddenRole);
      const res = await raw(`${UPLOADS}/part?uploadId=${'a'.repeat(32)}&offset=0`, cookie, SAMPLES.asciiStl);
      expect(res.statusCode).toBe(403);
    }
    for (const cookie of [member, editor]) expect((await raw(`${IMAGE}?name=a.png`, cookie, SAMPLES.png)).statusCode).toBe(403);
    expect((await call('POST', `${UPLOADS}/start`, undefined, { name: 'a.stl', sizeBytes: 10 })).code).toBe(ResultCode.token);
  });

  it('refuses a part or an image sent cross-site (no app id header, or another origin), storing nothing', async () => {
    const s = await start(editor, 'tri.stl', SAMPLES.asciiStl.length);
    const before = await suite.t.db.kysely.selectFrom('content_files').select('id').execute();
    for (const [url, cookie] of [
      [`${UPLOADS}/part?uploadId=${s.result.uploadId}&offset=0`, editor],
      [`${IMAGE}?name=a.png`, shop],
    ] as const) {
      const bare = await suite.t.app.inject({
        method: 'POST',
        url,
        headers: { cookie, 'content-type': 'application/octet-stream' },
        payload: SAMPLES.png,
      });
      expect(bare.statusCode, url).toBe(403);
      const foreign = await suite.t.app.inject({
        method: 'POST',
        url,
        headers: { ...CLIENT_HEADERS, cookie, origin: 'https://evil.example', 'content-type': 'application/octet-stream' },
        payload: SAMPLES.png,
      });
      expect(foreign.statusCode, url).toBe(403);
    }
    expect(await suite.t.db.kysely.selectFrom('content_files').select('id').execute()).toEqual(before);
    expect((await call('GET', `${UPLOADS}/status?uploadId=${s.result.uploadId}`, editor)).result.offset).toBe(0);
  });

  it('stores a product image for mall staff, audited, and refuses anything but an image', async () => {
    const r = (await raw(`${IMAGE}?name=spool.png`, shop, SAMPLES.png)).json();
    expect(r).toMatchObject({ code: 0, result: { kind: 'image', mime: 'image/png', name: 'spool.png' } });
    expect(await audits(r.result.fileId)).toHaveLength(1);
    expect((await raw(`${IMAGE}?name=tri.stl`, shop, SAMPLES.asciiStl)).json().code).toBe(ResultCode.unsupportedFileType);
    expect((await raw(`${IMAGE}?name=page.png`, shop, SAMPLES.html)).json().code).toBe(ResultCode.unsupportedFileType);
    expect((await raw(`${IMAGE}?name=a/b.png`, shop, SAMPLES.png)).json().code).toBe(ResultCode.parameter);
    expect((await raw(`${IMAGE}`, shop, SAMPLES.png)).json().code).toBe(ResultCode.parameter);
    expect((await raw(`${IMAGE}?name=big.png`, shop, Buffer.alloc(20 * MB + 1))).statusCode).toBe(413);
  });
});
