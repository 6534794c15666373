import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEADER } from '../../src/shared/context';
import { ResultCode } from '../../src/shared/errors';
import { api, e164, newPhone } from '../helpers/accounts';
import { createTestApp, ENGINES, type TestApp } from '../helpers/app';

describe.each(ENGINES)('sign-in on %s', (engine) => {
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

  it('registers on the first phone-code login and signs the same account in afterwards', async () => {
    const phone = newPhone();
    const first = await a.phoneLogin(phone);
    expect(first.session.isNew).toBe(true);
    expect(first.session.token.length).toBeGreaterThanOrEqual(43);
    const cookies = first.res.cookies;
    expect(cookies.find((c) => c.name === 'token')).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookies.find((c) => c.name === 'userId')).toMatchObject({ value: first.session.userId });

    // A new code for the same number is allowed a minute later.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    const second = await a.phoneLogin(phone);
    expect(second.session).toMatchObject({ isNew: false, userId: first.session.userId });
    expect(second.session.token).not.toBe(first.session.token);

    const me = await a.get('/api/cxy/account/v2/me', { cookie: second.cookie });
    expect(me.json().result).toMatchObject({
      userId: first.session.userId,
      phone: `+86${phone.slice(0, 3)}****${phone.slice(-4)}`,
      hasPassword: false,
      state: 'active',
    });
    expect(me.json().result.nickname).toMatch(/^Maker \d{4}$/);
    // Phone numbers are stored in E.164, whatever way they were typed: this is the same number.
    const again = await a.post('/api/cxy/account/v2/sendCode', {
      account: `+86 ${phone.slice(0, 3)} ${phone.slice(3)}`,
      type: 1,
      purpose: 6,
    });
    expect(again.json().code).toBe(ResultCode.sendTooSoon);
  });

  it('names new accounts in the reader language', async () => {
    const { cookie } = await a.phoneLogin(newPhone(), { [HEADER.languageCode]: '1' });
    expect((await a.get('/api/cxy/account/v2/me', { cookie })).json().result.nickname).toMatch(/^创想家\d{4}$/);
  });

  it('answers code 4 for a missing, tampered, revoked or expired token and 5 for another user id', async () => {
    expect((await a.get('/api/cxy/account/v2/me')).json().code).toBe(ResultCode.token);
    const { session, cookie } = await a.phoneLogin(newPhone());
    const tampered = `${session.token.slice(0, -2)}xx`;
    const r1 = await a.get('/api/cxy/account/v2/me', { [HEADER.token]: tampered });
    expect(r1.statusCode).toBe(401);
    expect(r1.json().code).toBe(ResultCode.token);
    // The app's webviews send the token as a header.
    expect((await a.get('/api/cxy/account/v2/me', { [HEADER.token]: session.token })).json().code).toBe(0);
    const other = await a.get('/api/cxy/account/v2/me', {
      [HEADER.token]: session.token,
      [HEADER.userId]: String(Number(session.userId) + 1),
    });
    expect(other.json().code).toBe(ResultCode.identity);

    expect((await a.post('/api/cxy/account/v2/logout', {}, { cookie })).json().code).toBe(0);
    expect((await a.get('/api/cxy/account/v2/me', { cookie })).json().code).toBe(ResultCode.token);

    const later = await a.phoneLogin(newPhone());
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 31 * 86_400_000);
    expect((await a.get('/api/cxy/account/v2/me', { cookie: later.cookie })).json().code).toBe(ResultCode.token);
  });

  it('signs out everywhere', async () => {
    const phone = newPhone();
    const one = await a.phoneLogin(phone);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    const two = await a.phoneLogin(phone);
    const res = await a.post('/api/cxy/account/v2/logoutAll', {}, { cookie: two.cookie });
    expect(res.json().result.revoked).toBe(2);
    for (const c of [one.cookie, two.cookie])
      expect((await a.get('/api/cxy/account/v2/me', { cookie: c })).json().code).toBe(ResultCode.token);
  });

  describe('password login', () => {
    let phone: string;
    beforeAll(async () => {
      a = api(t.app);
      phone = newPhone();
      await a.post('/api/cxy/account/v2/sendCode', { region: 'CN', account: phone, type: 1, purpose: 0 });
      const code = await a.outboxCode(e164(phone));
      const reg = await a.post('/api/cxy/account/v2/register', { region: 'CN', account: phone, type: 1, code, password: 'printer2026' });
      expect(reg.json().code, JSON.stringify(reg.json())).toBe(0);
    });

    it('signs in with the right password', async () => {
      const res = await a.post('/api/cxy/account/v2/loginV2', { region: 'CN', account: phone, type: 1, password: 'printer2026' });
      expect(res.json()).toMatchObject({ code: 0, result: { isNew: false } });
    });

    it('gives the same answer for a wrong password and an unknown account, after the same work', async () => {
      const time = async (account: string) => {
        const start = performance.now();
        const res = await a.post('/api/cxy/account/v2/loginV2', { account, type: 1, password: 'wrong-pass1' });
        return { ms: performance.now() - start, body: res.json() };
      };
      const wrong: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 3; i++) {
        const w = await time(phone);
        const u = await time(newPhone());
        expect(w.body).toEqual(u.body);
        expect(w.body.code).toBe(ResultCode.loginFailed);
        wrong.push(w.ms);
        unknown.push(u.ms);
      }
      // Both verify an argon2 hash: an unknown account must not answer in a fraction of the time.
      const median = (xs: number[]) => xs.sort((x, y) => x - y)[1] ?? 0;
      expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.4);
    });

    it('refuses malformed and hostile input without a server error', async () => {
      for (const body of [
        {},
        { account: '', password: 'x' },
        { account: phone, type: 7, password: 'x' },
        { region: 'CN', account: phone, type: 1, password: 'x'.repeat(65) },
        { account: "' OR 1=1 --", type: 1, password: 'abc12345' },
        { account: '<script>alert(1)</script>', type: 0, password: 'abc12345' },
        { account: 'x'.repeat(400), type: 0, password: 'abc12345' },
        { account: ['a'], password: 1 },
      ]) {
        const res = await a.post('/api/cxy/account/v2/loginV2', body);
        expect(res.statusCode, JSON.stringify(body)).toBeLessThan(500);
        expect([ResultCode.parameter, ResultCode.loginFailed]).toContain(res.json().code);
      }
    });

    it('applies one password rule, told in the reader language', async () => {
      const zh = { [HEADER.languageCode]: '1' };
      const p1 = newPhone();
      await a.post('/api/cxy/account/v2/sendCode', { region: 'CN', account: p1, type: 1, purpose: 0 }, zh);
      const code = await a.outboxCode(e164(p1));
      // Six characters are too short whatever the language header says…
      expect(
        (await a.post('/api/cxy/account/v2/register', { region: 'CN', account: p1, type: 1, code, password: 'abc123' }, zh)).json(),
      ).toMatchObject({ code: ResultCode.passwordRule, msg: '密码为8-64位字母加数字' });
      const p2 = newPhone();
      await a.post('/api/cxy/account/v2/sendCode', { region: 'CN', account: p2, type: 1, purpose: 0 });
      const code2 = await a.outboxCode(e164(p2));
      const en = await a.post('/api/cxy/account/v2/register', { region: 'CN', account: p2, type: 1, code: code2, password: 'abc123' });
      expect(en.json()).toMatchObject({ code: ResultCode.passwordRule, msg: 'Password must be 8-64 characters with letters and digits' });
      // …and a long passphrase is welcome.
      const long = 'my first printer was a 2019 kit'.replace(/ /g, '-');
      const ok = await a.post('/api/cxy/account/v2/register', { region: 'CN', account: p2, type: 1, code: code2, password: long });
      expect(ok.json().code).toBe(0);
    });

    it('resets the password with a code and signs out the old sessions', async () => {
      const old = await a.post('/api/cxy/account/v2/loginV2', { region: 'CN', account: phone, type: 1, password: 'printer2026' });
      const oldCookie = `token=${old.json().result.token}`;
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 120_000);
      await a.post('/api/cxy/account/v2/sendCode', { region: 'CN', account: phone, type: 1, purpose: 1 });
      const code = await a.outboxCode(e164(phone));
      expect(
        (await a.post('/api/cxy/account/v2/resetPassword', { region: 'CN', account: phone, type: 1, code, password: 'newprint99' })).json()
          .code,
      ).toBe(0);
      expect((await a.get('/api/cxy/account/v2/me', { cookie: oldCookie })).json().code).toBe(ResultCode.token);
      expect(
        (await a.post('/api/cxy/account/v2/loginV2', { region: 'CN', account: phone, type: 1, password: 'newprint99' })).json().code,
      ).toBe(0);
      expect(
        (await a.post('/api/cxy/account/v2/loginV2', { region: 'CN', account: phone, type: 1, password: 'printer2026' })).json().code,
      ).toBe(ResultCode.loginFailed);
    });

    it('does not reveal whether an account exists when a reset code is asked for', async () => {
      const before = await a.outboxCount();
      const res = await a.post('/api/cxy/account/v2/sendCode', { region: 'CN', account: newPhone(), type: 1, purpose: 1 });
      expect(res.json().code).toBe(0);
      expect(await a.outboxCount()).toBe(before);
    });
  });
});
