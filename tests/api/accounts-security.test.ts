import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../../src/server/accounts/password';
import { HEADER } from '../../src/shared/context';
import { ResultCode } from '../../src/shared/errors';
import { api, e164, newPhone } from '../helpers/accounts';
import { createTestApp, ENGINES, type TestApp } from '../helpers/app';

/** What protects an account from someone else: sessions after a password change, guessing limits, codes. */
describe.each(ENGINES)('account security on %s', (engine) => {
  let t: TestApp;
  let a: ReturnType<typeof api>;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  beforeEach(() => {
    a = api(t.app);
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());
  const later = (ms: number) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + ms);
  };

  /** A phone account with a password; returns its number. */
  async function registered(password = 'printer2026') {
    const phone = newPhone();
    await a.post('/api/cxy/account/v2/sendCode', { region: 'CN', account: phone, type: 1, purpose: 0 });
    const code = await a.outboxCode(e164(phone));
    const reg = await a.post('/api/cxy/account/v2/register', { region: 'CN', account: phone, type: 1, code, password });
    expect(reg.json().code, JSON.stringify(reg.json())).toBe(0);
    return phone;
  }
  const passwordLogin = (client: ReturnType<typeof api>, account: string, password: string) =>
    client.post('/api/cxy/account/v2/loginV2', { region: 'CN', account, type: 1, password });

  it('a password change signs out the other sessions and keeps the current one', async () => {
    const phone = await registered();
    const mine = (await passwordLogin(a, phone, 'printer2026')).json().result.token as string;
    const elsewhere = (await passwordLogin(api(t.app), phone, 'printer2026')).json().result.token as string;
    const changed = await a.post(
      '/api/cxy/account/v2/changePassword',
      { oldPassword: 'printer2026', password: 'extruder2027' },
      { cookie: `token=${mine}` },
    );
    expect(changed.json().code).toBe(0);
    const other = await a.get('/api/cxy/account/v2/me', { cookie: `token=${elsewhere}` });
    expect(other.statusCode).toBe(401);
    expect(other.json().code).toBe(ResultCode.token);
    expect((await a.get('/api/cxy/account/v2/me', { cookie: `token=${mine}` })).json().code).toBe(0);
  });

  describe('password guessing', () => {
    const wrongTimes = async (account: string, n: number, client = api(t.app)) => {
      const codes: number[] = [];
      for (let i = 0; i < n; i++) codes.push((await passwordLogin(client, account, 'guess00000')).json().code);
      return codes;
    };

    it('makes password sign-in of an account wait after five wrong passwords, from any address, longer each time', async () => {
      const phone = await registered();
      // Five wrong answers from five addresses: the per-address limits never see them.
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) codes.push(...(await wrongTimes(phone, 1)));
      expect(codes).toEqual(Array(5).fill(ResultCode.loginFailed));
      // Now even the right password waits: the answer says how long.
      const locked = await passwordLogin(api(t.app), phone, 'printer2026');
      expect(locked.json()).toMatchObject({
        code: ResultCode.passwordLocked,
        msg: 'Too many wrong passwords. Try again in 1 min, or sign in with a verification code.',
        result: { retryAfterSeconds: 60 },
      });
      const zh = await a.post(
        '/api/cxy/account/v2/loginV2',
        { region: 'CN', account: phone, type: 1, password: 'printer2026' },
        { [HEADER.languageCode]: '1' },
      );
      expect(zh.json()).toMatchObject({ code: ResultCode.passwordLocked, msg: '密码错误次数过多，请 1 分钟后再试，或使用验证码登录' });
      // The owner can still sign in by code.
      later(61_000);
      expect((await api(t.app).phoneLogin(phone)).session.isNew).toBe(false);
      // After the wait one more try; wrong again, the next wait is twice as long.
      expect(await wrongTimes(phone, 1)).toEqual([ResultCode.loginFailed]);
      expect((await passwordLogin(a, phone, 'printer2026')).json()).toMatchObject({
        code: ResultCode.passwordLocked,
        result: { retryAfterSeconds: 120 },
      });
      later(61_000 + 121_000);
      // The right password signs in and starts the count over.
      expect((await passwordLogin(a, phone, 'printer2026')).json().code).toBe(0);
      expect(await wrongTimes(phone, 5)).toEqual(Array(5).fill(ResultCode.loginFailed));
    });

    it('answers a name without an account the same way, so the limit tells no one who has an account', async () => {
      const unknown = newPhone();
      expect(await wrongTimes(unknown, 6)).toEqual([...Array(5).fill(ResultCode.loginFailed), ResultCode.passwordLocked]);
    });

    it('a password reset by code lifts the wait', async () => {
      const phone = await registered();
      expect(await wrongTimes(phone, 6)).toContain(ResultCode.passwordLocked);
      later(61_000);
      await a.post('/api/cxy/account/v2/sendCode', { region: 'CN', account: phone, type: 1, purpose: 1 });
      const code = await a.outboxCode(e164(phone));
      const reset = await a.post('/api/cxy/account/v2/resetPassword', {
        region: 'CN',
        account: phone,
        type: 1,
        code,
        password: 'nozzle2028',
      });
      expect(reset.json().code).toBe(0);
      expect(await wrongTimes(phone, 1)).toEqual([ResultCode.loginFailed]);
      expect((await passwordLogin(a, phone, 'nozzle2028')).json().code).toBe(0);
    });
  });

  describe('password rule', () => {
    it('is the same in every language: at least 8 characters', async () => {
      for (const lang of ['1', '2', '0', '9']) {
        const phone = newPhone();
        const headers = { [HEADER.languageCode]: lang };
        await a.post('/api/cxy/account/v2/sendCode', { region: 'CN', account: phone, type: 1, purpose: 0 }, headers);
        const code = await a.outboxCode(e164(phone));
        const res = await a.post(
          '/api/cxy/account/v2/register',
          { region: 'CN', account: phone, type: 1, code, password: 'abc123' },
          headers,
        );
        expect(res.json().code, lang).toBe(ResultCode.passwordRule);
      }
      const zh = await a.post(
        '/api/cxy/account/v2/resetPassword',
        { region: 'CN', account: newPhone(), type: 1, code: '123456', password: 'abc123' },
        { [HEADER.languageCode]: '1' },
      );
      expect(zh.json()).toMatchObject({ code: ResultCode.passwordRule, msg: '密码为8-64位字母加数字' });
    });

    it('still signs in an account whose password was set under the old six-character rule', async () => {
      const phone = await registered();
      const { userId } = (await passwordLogin(a, phone, 'printer2026')).json().result;
      await t.db.kysely
        .updateTable('user_passwords')
        .set({ hash: await hashPassword('abc123') })
        .where('user_id', '=', Number(userId))
        .execute();
      expect((await passwordLogin(a, phone, 'abc123')).json().code).toBe(0);
    });
  });

  describe('codes protect the member', () => {
    /** A client with a device id of its own (the header context's duid) and an address of its own. */
    const device = () => {
      const duid = crypto.randomUUID();
      const client = api(t.app);
      const headers = { [HEADER.duid]: duid };
      return {
        send: (account: string, purpose = 6) =>
          client.post('/api/cxy/account/v2/sendCode', { account, type: 1, purpose, region: 'CN' }, headers),
        login: (account: string, code: string) =>
          client.post('/api/cxy/account/v2/quickLogin', { account, type: 1, code, region: 'CN' }, headers),
        outboxCode: (account: string) => client.outboxCode(e164(account)),
      };
    };
    /** A stranger: a new address each call, no device id. */
    const strangerSend = (account: string, purpose = 6) =>
      api(t.app).post('/api/cxy/account/v2/sendCode', { account, type: 1, purpose, region: 'CN' });

    it("a stranger's wrong guesses do not burn the member's code, and a stranger cannot use it", async () => {
      const phone = newPhone();
      const owner = device();
      expect((await owner.send(phone)).json().code).toBe(0);
      const code = await owner.outboxCode(phone);
      const wrong = code === '000000' ? '111111' : '000000';
      const stranger = api(t.app);
      const guess = (c: string) => stranger.post('/api/cxy/account/v2/quickLogin', { account: phone, type: 1, code: c, region: 'CN' });
      for (let i = 0; i < 6; i++) expect((await guess(wrong)).json().code).toBe(ResultCode.codeInvalid);
      // The code was sent for the owner's device: even the right digits do nothing for someone else.
      expect((await guess(code)).json().code).toBe(ResultCode.codeInvalid);
      expect((await owner.login(phone, code)).json().code).toBe(0);
    });

    it("strangers' sends neither make the member wait nor use up the member's budget, and the number's cap bounds the messages", async () => {
      const phone = newPhone();
      const owner = device();
      // The owner has signed in by code on this device before.
      await owner.send(phone);
      expect((await owner.login(phone, await owner.outboxCode(phone))).json().code).toBe(0);
      // Strangers from many addresses ask for codes to the number all day.
      const start = Date.now() + 61_000;
      vi.useFakeTimers({ toFake: ['Date'] });
      const answers: number[] = [];
      for (let i = 0; i < 12; i++) {
        vi.setSystemTime(start + i * 61_000);
        answers.push((await strangerSend(phone)).json().code);
      }
      // The number gets at most ten codes a day asked by devices it does not know.
      expect(answers.slice(0, 10).every((c) => c === 0)).toBe(true);
      expect(answers.slice(10)).toEqual([ResultCode.sendLimit, ResultCode.sendLimit]);
      expect((await device().send(phone)).json().code).toBe(ResultCode.sendLimit);
      // The owner's device still gets its code at once and signs in.
      expect((await owner.send(phone)).json().code).toBe(0);
      expect((await owner.login(phone, await owner.outboxCode(phone))).json().code).toBe(0);
    });

    it('limits each requester per number: five codes an hour per device and per address', async () => {
      const phone = newPhone();
      const one = device();
      const start = Date.now();
      vi.useFakeTimers({ toFake: ['Date'] });
      const answers: number[] = [];
      for (let i = 0; i < 6; i++) {
        vi.setSystemTime(start + i * 61_000);
        answers.push((await one.send(phone)).json().code);
      }
      expect(answers).toEqual([0, 0, 0, 0, 0, ResultCode.sendLimit]);
      // Another requester has a budget of its own.
      expect((await device().send(phone)).json().code).toBe(0);
    });
  });

  describe('registration codes', () => {
    it('answers alike for a number with an account, tells its owner instead, and applies the same limits first', async () => {
      const phone = await registered();
      const stranger = api(t.app);
      const before = await stranger.outboxCount();
      const first = await stranger.post('/api/cxy/account/v2/sendCode', { region: 'CN', account: phone, type: 1, purpose: 0 });
      const fresh = await stranger.post('/api/cxy/account/v2/sendCode', { region: 'CN', account: newPhone(), type: 1, purpose: 0 });
      expect(first.json()).toEqual(fresh.json());
      expect(first.json().code).toBe(0);
      expect(await stranger.outboxCount()).toBe(before + 2);
      // The owner got a notice without any code in it.
      const notice = (await stranger.get(`/__dev/outbox.json?destination=${encodeURIComponent(e164(phone))}`)).json();
      expect(notice).toMatchObject({ purpose: 'alreadyRegistered', code: '' });
      expect(notice.text).toMatch(/tried to create an account with this phone number/);
      expect(notice.text).not.toMatch(/\d{6}/);
      // The same limits as for a number without an account, applied before anything else.
      const again = await stranger.post('/api/cxy/account/v2/sendCode', { region: 'CN', account: phone, type: 1, purpose: 0 });
      expect(again.json().code).toBe(ResultCode.sendTooSoon);
    });
  });
});
