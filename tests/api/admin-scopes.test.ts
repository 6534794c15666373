import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../src/shared/errors';
import { api, newPhone } from '../helpers/accounts';
import { createTestApp, ENGINES, type TestApp } from '../helpers/app';

describe.each(ENGINES)('granting staff scopes through the admin API on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  async function adminAndTarget() {
    const a = api(t.app);
    const admin = await a.phoneLogin(newPhone());
    const target = await a.phoneLogin(newPhone());
    await t.app.services.accounts.adminUpdate({ userId: Number(admin.session.userId), addRoles: [{ role: 'admin', scope: '*' }] });
    const grant = (scope: string, locale = 'en') =>
      a.post(
        '/api/cxy/admin/v2/user/update',
        { userId: Number(target.session.userId), addRoles: [{ role: 'staff', scope }] },
        { cookie: admin.cookie, 'accept-language': locale },
      );
    return { grant, targetId: Number(target.session.userId) };
  }

  it('grants every documented scope: a whole area, one campaign, one venue, one programme', async () => {
    const { grant, targetId } = await adminAndTarget();
    for (const scope of ['analytics', 'content', 'mall', 'support', 'activity:12', 'venue:cd16', 'programme:univer', '*']) {
      const res = await grant(scope);
      expect(res.json().code, `${scope}: ${res.body}`).toBe(0);
      expect(await t.app.services.accounts.hasRole(targetId, 'staff', scope)).toBe(true);
    }
  });

  it("refuses other scopes (parameter error, in the caller's language), and grants nothing", async () => {
    const { grant, targetId } = await adminAndTarget();
    for (const scope of [
      '',
      'Analytics',
      'analytics:',
      'everything',
      'activity:abc',
      'venue:',
      'venue:a b',
      'root:1',
      'activity:0',
      `venue:${'x'.repeat(41)}`,
      '**',
    ]) {
      const res = await grant(scope, 'fr');
      expect(res.json(), scope).toMatchObject({ code: ResultCode.parameter, msg: expect.stringContaining('addRoles.0.scope') });
      expect(res.json().msg, scope).toMatch(/^Paramètre invalide/);
    }
    const roles = await t.db.kysely.selectFrom('user_roles').select('scope').where('user_id', '=', targetId).execute();
    expect(roles).toEqual([]);
  });
});
