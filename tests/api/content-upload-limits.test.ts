import fs from 'node:fs';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../src/shared/errors';
import { api, newPhone } from '../helpers/accounts';
import { CLIENT_HEADERS, createTestApp, ENGINES, type TestApp } from '../helpers/app';
import { rawConnection } from '../helpers/raw-http';

/** Upload sizes are checked before a body is read or a G-code file parsed, over a real socket. */
const UPLOAD = '/api/cxy/admin/v2/content/file';
const MB = 1024 * 1024;

describe.each(ENGINES)('upload size limits on %s', (engine) => {
  let t: TestApp;
  let port: number;
  let admin: string;
  let filesDir: string;

  beforeAll(async () => {
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cxy-limits-'));
    t = await createTestApp(engine, { FILES_DIR: filesDir });
    const staff = await api(t.app).phoneLogin(newPhone());
    await t.app.services.accounts.adminUpdate({ userId: Number(staff.session.userId), addRoles: [{ role: 'admin', scope: '*' }] });
    admin = staff.cookie;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it('a G-code upload announcing more than 100 MB is refused before its body arrives', async () => {
    const c = await rawConnection(port);
    const head = [
      `POST ${UPLOAD}?name=big.gcode HTTP/1.1`,
      `host: 127.0.0.1:${port}`,
      `__cxy_app_id_: ${CLIENT_HEADERS.__cxy_app_id_}`,
      'content-type: application/octet-stream',
      'accept-language: en',
      `cookie: ${admin}`,
      `content-length: ${150 * MB}`,
    ];
    c.socket.write(`${head.join('\r\n')}\r\n\r\n`);
    c.socket.write(';FLAVOR:Marlin\nG1 X0 Y0\n'); // a few bytes of the 150 MB: the answer must not wait for the rest
    const answer = await c.next();
    c.socket.destroy();
    expect(answer?.status).toBe(200);
    const body = JSON.parse(answer?.body ?? '{}');
    expect(body.code).toBe(ResultCode.fileTooLarge);
    expect(body.msg).toBe('The file is too large: G-code files may be at most 100 MB');
    expect(fs.readdirSync(filesDir, { recursive: true })).toEqual([]);
  });

  it('a G-code file over 100 MB without a telling name is refused by its size, not parsed', async () => {
    const line = 'G1 X10 Y10 E0.1\n';
    const bytes = Buffer.alloc(100 * MB + line.length, line);
    const res = await t.app.inject({
      method: 'POST',
      url: `${UPLOAD}?name=big`,
      headers: { ...CLIENT_HEADERS, 'content-type': 'application/octet-stream', cookie: admin },
      payload: bytes,
    });
    expect(res.json().code).toBe(ResultCode.fileTooLarge);
    expect(res.json().msg).toBe('The file is too large: G-code files may be at most 100 MB');
  });
});
