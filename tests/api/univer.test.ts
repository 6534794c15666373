import { describe, expect, it } from 'vitest';
import { csvField } from '../../src/server/http/csv';
import { ResultCode } from '../../src/shared/errors';
import { CLIENT_HEADERS, ENGINES } from '../helpers/app';
import { appSuite, randomIp } from '../helpers/suite';

/** University programme registration: one per account and per student id at a school; staff CSV export. */
const YEAR = new Date().getUTCFullYear();
const valid = (over: Record<string, unknown> = {}) => ({
  fullName: 'Li Hua',
  school: 'Shenzhen University',
  studentId: '2023-CS-042',
  major: 'Mechanical engineering',
  phone: '13800138000',
  email: 'Li.Hua@Example.edu',
  graduationYear: YEAR + 2,
  ...over,
});

describe.each(ENGINES)('university programme on %s', (engine) => {
  const suite = appSuite(engine);
  const call = async (method: 'GET' | 'POST', url: string, cookie?: string, body?: unknown) =>
    suite.t.app.inject({
      method,
      url,
      headers: { ...CLIENT_HEADERS, ...(cookie ? { cookie } : {}) },
      remoteAddress: randomIp(),
      ...(body !== undefined ? { payload: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
  const student = async (name = 'Student') => (await suite.rows.signIn(await suite.rows.user(name))).cookie;
  const count = async () =>
    Number(
      (
        await suite.t.db.kysely
          .selectFrom('univer_registrations')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('registers a signed-in student once, normalised, and shows it back', async () => {
    const cookie = await student();
    expect((await call('GET', '/api/cxy/v2/univer/mine', cookie)).json()).toMatchObject({ code: 0, result: null });
    const r = (await call('POST', '/api/cxy/v2/univer/register', cookie, valid({ school: '  Shenzhen   University ' }))).json();
    expect(r).toMatchObject({
      code: 0,
      result: { school: 'Shenzhen University', studentId: '2023-CS-042', phone: '+8613800138000', email: 'li.hua@example.edu' },
    });
    expect((await call('GET', '/api/cxy/v2/univer/mine', cookie)).json().result).toMatchObject({
      fullName: 'Li Hua',
      graduationYear: YEAR + 2,
    });
    const again = (await call('POST', '/api/cxy/v2/univer/register', cookie, valid({ studentId: 'OTHER-1' }))).json();
    expect(again.code).toBe(ResultCode.univerRegistered);
    // The same student id at the same school (other spacing and case) from another account.
    const other = await student('Copycat');
    const taken = (
      await call('POST', '/api/cxy/v2/univer/register', other, valid({ school: 'shenzhen university', studentId: '2023-cs-042' }))
    ).json();
    expect(taken.code).toBe(ResultCode.studentIdTaken);
    expect(taken.msg).toBe('This student ID is already registered at this school.');
  });

  it('names every refused field (code 1) and stores nothing', async () => {
    const cookie = await student('Careless');
    const before = await count();
    const cases: [Record<string, unknown> | string, string][] = [
      [valid({ fullName: '' }), 'fullName'],
      [valid({ fullName: '   ' }), 'fullName'],
      [valid({ school: 'x'.repeat(101) }), 'school'],
      [valid({ studentId: '2023 CS 042' }), 'studentId'],
      [valid({ studentId: "1'; DROP TABLE users;--" }), 'studentId'],
      [valid({ major: 'Design\u0000' }), 'major'],
      [valid({ phone: '12345' }), 'phone'],
      [valid({ email: 'not-an-email' }), 'email'],
      [valid({ graduationYear: YEAR - 5 }), 'graduationYear'],
      // Last year is over: the programme is for students still studying.
      [valid({ graduationYear: YEAR - 1 }), 'graduationYear'],
      [valid({ graduationYear: YEAR + 20 }), 'graduationYear'],
      [valid({ graduationYear: '2027' }), 'graduationYear'],
      [valid({ graduationYear: 2027.5 }), 'graduationYear'],
      [{ ...valid(), email: undefined }, 'email'],
      [valid({ fullName: 'y'.repeat(10_000) }), 'fullName'],
      [valid({ school: ['Shenzhen'] }), 'school'],
    ];
    for (const [body, field] of cases) {
      const r = (await call('POST', '/api/cxy/v2/univer/register', cookie, body)).json();
      expect(r.code, JSON.stringify(body).slice(0, 80)).toBe(ResultCode.parameter);
      expect(
        r.result.issues.map((i: { field: string }) => i.field),
        JSON.stringify(body).slice(0, 80),
      ).toContain(field);
    }
    expect((await call('POST', '/api/cxy/v2/univer/register', cookie, '{"fullName":')).statusCode).toBe(400);
    expect((await call('POST', '/api/cxy/v2/univer/register', undefined, valid())).json().code).toBe(ResultCode.token);
    expect((await call('GET', '/api/cxy/v2/univer/mine')).json().code).toBe(ResultCode.token);
    expect(await count()).toBe(before);
  });

  it('keeps one registration when the same student submits many times at once', async () => {
    const cookie = await student('Double clicker');
    const before = await count();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => call('POST', '/api/cxy/v2/univer/register', cookie, valid({ studentId: 'RACE-7' }))),
    );
    const codes = answers.map((a) => a.json().code);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(new Set(codes.filter((c) => c !== 0))).toEqual(new Set([ResultCode.univerRegistered]));
    expect(await count()).toBe(before + 1);
  });

  it('exports every registration as CSV to programme staff only, formulas defused', async () => {
    const cookie = await student('Formula');
    await call(
      'POST',
      '/api/cxy/v2/univer/register',
      cookie,
      valid({ fullName: '=HYPERLINK("http://x")', studentId: 'CSV-1', school: '清华大学' }),
    );
    expect((await call('GET', '/api/cxy/admin/v2/univer/export')).statusCode).toBe(401);
    expect((await call('GET', '/api/cxy/admin/v2/univer/export', cookie)).statusCode).toBe(403);
    const staffId = await suite.rows.user('Programme staff');
    await suite.t.app.services.accounts.adminUpdate({ userId: staffId, addRoles: [{ role: 'staff', scope: 'programme:univer' }] });
    const res = await call('GET', '/api/cxy/admin/v2/univer/export', (await suite.rows.signIn(staffId)).cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="univer-registrations-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('created_at,full_name,school,student_id,major,graduation_year,phone,email');
    expect(lines).toHaveLength((await count()) + 1);
    expect(lines.find((l) => l.includes('CSV-1'))).toContain(`"'=HYPERLINK(""http://x"")","清华大学","CSV-1"`);
  });

  it('quotes CSV fields and defuses formulas', () => {
    expect(csvField('plain')).toBe('"plain"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    for (const f of ['=1+1', '+1', '-1', '@SUM(A1)', '\t=1']) expect(csvField(f).startsWith(`"'`)).toBe(true);
    expect(csvField(2027)).toBe('"2027"');
  });
});
