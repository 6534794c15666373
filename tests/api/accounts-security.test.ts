import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
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
});
