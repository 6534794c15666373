import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../src/shared/errors';
import { api, newPhone } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/app';
import { closeSmtpServers, type Received, readMail, startSmtpServer } from '../helpers/mail';

/**
 * Codes delivered by the real providers: e-mail through SMTP to a local server the test starts,
 * SMS through the HTTP provider to a local gateway stand-in. The test reads the message and
 * signs in with the code in it.
 */
describe('code delivery through real providers', () => {
  let t: TestApp;
  let mail: { port: number; received: Received[] };
  let sms: { url: string; messages: { to: string; text: string }[]; failNext: number | null; close(): Promise<void> };

  beforeAll(async () => {
    mail = await startSmtpServer();
    sms = await startSmsGateway('gateway-key-0123456789');
    t = await createTestApp('sqlite', {
      EMAIL_PROVIDER: 'smtp',
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: sms.url,
      SMS_HTTP_KEY: 'gateway-key-0123456789',
    });
  });
  afterAll(async () => {
    await t.close();
    await closeSmtpServers();
    await sms.close();
  });

  it('signs in with the code read from the e-mail', async () => {
    const a = api(t.app);
    const email = `reader${Date.now()}@example.com`;
    expect(
      (await a.post('/api/cxy/account/v2/sendCode', { account: email, type: 0, purpose: 6 }, { __cxy_os_lang_: '9' })).json().code,
    ).toBe(0);
    const received = mail.received.find((m) => m.to.includes(email));
    expect(received).toBeDefined();
    const { subject, text } = readMail(received?.raw ?? '');
    expect(subject).toMatch(/code/i);
    expect(text).toMatch(/minutes/);
    const code = /\b(\d{6})\b/.exec(text)?.[1] ?? '';
    const login = await a.post('/api/cxy/account/v2/quickLogin', { account: email, type: 0, code });
    expect(login.json()).toMatchObject({ code: 0, result: { isNew: true } });
    // No dev outbox exists with real providers.
    expect((await a.get('/__dev/outbox.json')).statusCode).toBe(404);
  });

  it('tells the owner of an address someone tries to register again, by a mail without a code', async () => {
    const owner = api(t.app);
    const email = `owner${Date.now()}@example.com`;
    await owner.post('/api/cxy/account/v2/sendCode', { account: email, type: 0, purpose: 6 }, { __cxy_os_lang_: '9' });
    const code = /\b(\d{6})\b/.exec(readMail(mail.received.find((m) => m.to.includes(email))?.raw ?? '').text)?.[1] ?? '';
    expect(
      (await owner.post('/api/cxy/account/v2/quickLogin', { account: email, type: 0, code }, { __cxy_os_lang_: '9' })).json().code,
    ).toBe(0);

    const before = mail.received.length;
    const stranger = api(t.app);
    // The owner reads French (the language of the account), whatever the asker reads.
    const res = await stranger.post('/api/cxy/account/v2/sendCode', { account: email, type: 0, purpose: 0 }, { __cxy_os_lang_: '1' });
    expect(res.json()).toMatchObject({ code: 0, result: { resendAfterSeconds: 60, expiresInSeconds: 300 } });
    const notice = mail.received.slice(before).find((m) => m.to.includes(email));
    const { subject, text } = readMail(notice?.raw ?? '');
    expect(subject).toMatch(/Quelqu.un a essayé de créer un compte Creality Cloud/);
    expect(text).toMatch(/connectez-vous plutôt/);
    expect(text).not.toMatch(/\d{6}/);
  });

  it('signs in with the code read from the SMS the gateway received', async () => {
    const a = api(t.app);
    const phone = newPhone();
    expect(
      (await a.post('/api/cxy/account/v2/sendCode', { account: phone, type: 1, purpose: 6, region: 'CN' }, { __cxy_os_lang_: '1' })).json()
        .code,
    ).toBe(0);
    const message = sms.messages.find((m) => m.to === `+86${phone}`);
    expect(message?.text).toMatch(/创想云/);
    const code = /(\d{6})/.exec(message?.text ?? '')?.[1] ?? '';
    expect((await a.post('/api/cxy/account/v2/quickLogin', { account: phone, type: 1, code, region: 'CN' })).json().code).toBe(0);
  });

  it('reports a gateway failure, holds no slot, and a retry can send', async () => {
    const a = api(t.app);
    const phone = newPhone();
    sms.failNext = 503;
    const failed = await a.post('/api/cxy/account/v2/sendCode', { account: phone, type: 1, purpose: 6, region: 'CN' });
    expect(failed.statusCode).toBe(503);
    expect(failed.json().code).toBe(ResultCode.deliveryFailed);
    const retry = await a.post('/api/cxy/account/v2/sendCode', { account: phone, type: 1, purpose: 6, region: 'CN' });
    expect(retry.json().code).toBe(0);
  });
});

/** A stand-in SMS gateway: checks the bearer key and records what it was asked to send. */
async function startSmsGateway(key: string) {
  const state = { messages: [] as { to: string; text: string }[], failNext: null as number | null };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (req.headers.authorization !== `Bearer ${key}`) return res.writeHead(401).end('{"error":"bad key"}');
      if (state.failNext) {
        const status = state.failNext;
        state.failNext = null;
        return res.writeHead(status).end('{"error":"busy"}');
      }
      state.messages.push(JSON.parse(body));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"m1"}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`,
    get messages() {
      return state.messages;
    },
    get failNext() {
      return state.failNext;
    },
    set failNext(v: number | null) {
      state.failNext = v;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
