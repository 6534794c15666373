import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResultCode } from '../../src/shared/errors';
import { api, e164, newPhone } from '../helpers/accounts';
import { createTestApp, ENGINES, type TestApp } from '../helpers/app';

describe.each(ENGINES)('verification codes on %s', (engine) => {
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

  const send = (account: string, purpose = 6) => a.post('/api/cxy/account/v2/sendCode', { account, type: 1, purpose, region: 'CN' });
  const login = (account: string, code: string) => a.post('/api/cxy/account/v2/quickLogin', { account, type: 1, code, region: 'CN' });
  const later = (ms: number) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + ms);
  };

  it('stores only an HMAC of the code', async () => {
    const phone = newPhone();
    await send(phone);
    const code = await a.outboxCode(e164(phone));
    const rows = await t.db.kysely.selectFrom('verification_codes').selectAll().where('destination', '=', e164(phone)).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.code_hmac).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('checks the format before anything else', async () => {
    const phone = newPhone();
    await send(phone);
    for (const bad of ['12345', 'abcdef', '1234567', '12 456'])
      expect((await login(phone, bad)).json()).toMatchObject({ code: ResultCode.codeFormat, msg: 'Incorrect Code Format' });
    // Format errors do not use up attempts: the right code still works.
    expect((await login(phone, await a.outboxCode(e164(phone)))).json().code).toBe(0);
  });

  it('is single use', async () => {
    const phone = newPhone();
    await send(phone);
    const code = await a.outboxCode(e164(phone));
    expect((await login(phone, code)).json().code).toBe(0);
    expect((await login(phone, code)).json().code).toBe(ResultCode.codeInvalid);
  });

  it('dies after five wrong attempts: the sixth is refused even with the right code', async () => {
    const phone = newPhone();
    await send(phone);
    const code = await a.outboxCode(e164(phone));
    const wrong = code === '000000' ? '111111' : '000000';
    const answers: number[] = [];
    for (let i = 0; i < 5; i++) answers.push((await login(phone, wrong)).json().code);
    expect(answers).toEqual([1104, 1104, 1104, 1104, 1105]);
    expect((await login(phone, code)).json().code).toBe(ResultCode.codeLocked);
  });

  it('cannot be used twice by concurrent requests', async () => {
    const phone = newPhone();
    await send(phone);
    const code = await a.outboxCode(e164(phone));
    const results = await Promise.all(Array.from({ length: 8 }, () => login(phone, code)));
    const ok = results.filter((r) => r.json().code === 0);
    expect(ok).toHaveLength(1);
    const users = await t.db.kysely.selectFrom('user_identities').select('user_id').where('value', '=', e164(phone)).execute();
    expect(users).toHaveLength(1);
  });

  it('expires after five minutes', async () => {
    const phone = newPhone();
    await send(phone);
    const code = await a.outboxCode(e164(phone));
    later(5 * 60_000 + 1_000);
    expect((await login(phone, code)).json().code).toBe(ResultCode.codeInvalid);
  });

  it('is bound to its purpose and destination', async () => {
    const phone = newPhone();
    const other = newPhone();
    await send(phone, 0);
    const code = await a.outboxCode(e164(phone));
    expect((await login(phone, code)).json().code).toBe(ResultCode.codeInvalid);
    expect((await login(other, code)).json().code).toBe(ResultCode.codeInvalid);
  });

  it('allows one send per destination and purpose per minute, and a new code replaces the old', async () => {
    const phone = newPhone();
    expect((await send(phone)).json()).toMatchObject({ code: 0, result: { resendAfterSeconds: 60, expiresInSeconds: 300 } });
    const first = await a.outboxCode(e164(phone));
    const before = await a.outboxCount();
    const again = await send(phone);
    expect(again.json()).toMatchObject({ code: ResultCode.sendTooSoon, result: { resendAfterSeconds: expect.any(Number) } });
    expect(await a.outboxCount()).toBe(before);
    // Another purpose is its own slot.
    expect((await send(phone, 0)).json().code).toBe(0);
    later(61_000);
    expect((await send(phone)).json().code).toBe(0);
    const second = await a.outboxCode(e164(phone));
    if (second !== first) expect((await login(phone, first)).json().code).toBe(ResultCode.codeInvalid);
    expect((await login(phone, second)).json().code).toBe(0);
  });

  it('caps sends per requester and number per hour, and per address', async () => {
    const phone = newPhone();
    const codes: number[] = [];
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    for (let i = 0; i < 6; i++) {
      vi.setSystemTime(start + i * 61_000);
      codes.push((await send(phone)).json().code);
    }
    expect(codes).toEqual([0, 0, 0, 0, 0, ResultCode.sendLimit]);

    // One address asking for codes for many numbers: 30 an hour (spaced under the per-minute limit).
    const flood = api(t.app, '203.0.113.77');
    const answers: number[] = [];
    for (let i = 0; i < 31; i++) {
      vi.setSystemTime(start + 3_600_000 * 2 + i * 7_000);
      answers.push(
        (await flood.post('/api/cxy/account/v2/sendCode', { account: newPhone(), type: 1, purpose: 6, region: 'CN' })).json().code,
      );
    }
    expect(answers.slice(0, 30).every((c) => c === 0)).toBe(true);
    expect(answers[30]).toBe(ResultCode.sendLimit);

    // And no more than ten calls a minute from one address, whatever they ask for.
    const burst = api(t.app, '203.0.113.78');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await burst.post('/api/cxy/account/v2/sendCode', { account: 'bad', type: 1, purpose: 6 })).statusCode);
    expect(statuses.at(-1)).toBe(429);
  });

  it('refuses unknown purposes, bad numbers and hostile input without sending anything', async () => {
    const before = await a.outboxCount();
    const cases: [unknown, number][] = [
      [{ account: newPhone(), type: 1, purpose: 9 }, ResultCode.parameter],
      [{ account: newPhone(), type: 1, purpose: -1 }, ResultCode.parameter],
      [{ account: newPhone(), type: 1 }, ResultCode.parameter],
      [{ account: '12345', type: 1, purpose: 6, region: 'CN' }, ResultCode.invalidPhone],
      [{ account: "13800138000'; DROP TABLE users;--", type: 1, purpose: 6, region: 'CN' }, ResultCode.invalidPhone],
      [{ account: 'not-an-email', type: 0, purpose: 6 }, ResultCode.invalidEmail],
      [{ account: '<img src=x onerror=alert(1)>@x.co', type: 0, purpose: 6 }, ResultCode.invalidEmail],
      [{ account: 'x'.repeat(1000), type: 0, purpose: 6 }, ResultCode.parameter],
      [{ account: newPhone(), type: 1, purpose: 6, region: 'ZZZ' }, ResultCode.parameter],
    ];
    for (const [body, code] of cases) {
      const res = await a.post('/api/cxy/account/v2/sendCode', body);
      expect(res.statusCode, JSON.stringify(body)).toBeLessThan(500);
      expect(res.json().code, JSON.stringify(body)).toBe(code);
    }
    expect(await a.outboxCount()).toBe(before);
    // Codes to the account's own phone (cancel, unbind, bind-verify) need a signed-in caller.
    expect((await send(newPhone(), 2)).json().code).toBe(ResultCode.token);
  });
});
