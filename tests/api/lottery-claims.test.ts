import { describe, expect, it } from 'vitest';
import { ResultCode } from '../../src/shared/errors';
import { ENGINES } from '../helpers/app';
import { appSuite, envelopeCall, randomIp } from '../helpers/suite';
import { ADDRESS, entityCampaign, makeWins } from '../helpers/winners';

const W = '/api/rest/lottery/admin/winners';

describe.each(ENGINES)('winners and claims in the console on %s', (engine) => {
  const s = appSuite(engine);
  const call = envelopeCall(s);

  /** A signed-in user with these staff scopes (admin: the global admin role). */
  async function staff(...scopes: string[]) {
    const id = await s.rows.user(`staff ${scopes.join(',')}`);
    await s.t.app.services.accounts.adminUpdate({
      userId: id,
      addRoles: scopes.map((scope) => (scope === 'admin' ? { role: 'admin' as const, scope: '*' } : { role: 'staff' as const, scope })),
    });
    return { id, cookie: (await s.rows.signIn(id)).cookie };
  }

  async function campaignWithWinners() {
    const { campaignId, prizeIds } = await entityCampaign(s.t.db.kysely);
    const prizeId = prizeIds[0] ?? 0;
    const ada = await s.rows.user('Ada');
    const bob = await s.rows.user('Bob 50%_off');
    const cy = await s.rows.user('Cy');
    const claimed = await makeWins(s.t.db.kysely, {
      campaignId,
      prizeId,
      userIds: [ada, bob],
      address: (i) => (i === 0 ? ADDRESS : { ...ADDRESS, fullName: 'Bob Stone', phone: '13800138000', city: 'Shenzhen' }),
    });
    const open = await makeWins(s.t.db.kysely, { campaignId, prizeId, userIds: [cy] });
    return {
      campaignId,
      ada,
      bob,
      cy,
      adaWin: claimed.winIds[0] ?? 0,
      bobWin: claimed.winIds[1] ?? 0,
      cyWin: open.winIds[0] ?? 0,
      codes: [...claimed.codes, ...open.codes],
    };
  }

  const events = (winId: number) =>
    s.t.db.kysely
      .selectFrom('lottery_shipment_events')
      .select(['seq', 'action', 'carrier', 'tracking_number'])
      .where('win_id', '=', winId)
      .orderBy('seq')
      .execute();

  it('lists a campaign’s wins with counts, filters by step and searches names, phones, codes and tracking numbers', async () => {
    const c = await campaignWithWinners();
    const op = await staff(`activity:${c.campaignId}`);
    const all = await call('GET', `${W}?campaignId=${c.campaignId}`, op.cookie);
    expect(all.code, JSON.stringify(all)).toBe(0);
    expect(all.result.list.map((w: { winId: string }) => Number(w.winId))).toEqual([c.cyWin, c.bobWin, c.adaWin]);
    expect(all.result.counts).toEqual({ toClaim: 1, toShip: 2, shipped: 0, writtenOff: 0 });
    expect(all.result.list[2]).toMatchObject({
      nickname: 'Ada',
      prizeName: 'Prize 1',
      state: 'received',
      claim: { address: ADDRESS },
      shipment: null,
    });

    const ids = async (query: string) =>
      (await call('GET', `${W}?campaignId=${c.campaignId}&${query}`, op.cookie)).result.list.map((w: { winId: string }) => Number(w.winId));
    expect(await ids('state=toClaim')).toEqual([c.cyWin]);
    expect(await ids('state=toShip')).toEqual([c.bobWin, c.adaWin]);
    expect(await ids('q=lovelace')).toEqual([c.adaWin]);
    expect(await ids('q=13800138000')).toEqual([c.bobWin]);
    expect(await ids(`q=${c.codes[2]?.toLowerCase()}`)).toEqual([c.cyWin]);
    // Wildcards typed by the operator match themselves only.
    expect(await ids(`q=${encodeURIComponent('50%_')}`)).toEqual([c.bobWin]);
    expect(await ids(`q=${encodeURIComponent('%')}`)).toEqual([c.bobWin]);
    expect(await ids(`q=${encodeURIComponent("' OR 1=1 --")}`)).toEqual([]);
    // Pages of one, newest first, by cursor.
    const first = await call('GET', `${W}?campaignId=${c.campaignId}&limit=1`, op.cookie);
    expect(first.result.next).toBe(String(c.cyWin));
    expect(await ids(`limit=2&before=${first.result.next}`)).toEqual([c.bobWin, c.adaWin]);
  });

  it('marks a claimed prize shipped once, undoes it, keeps every step; the winner sees it on My prizes', async () => {
    const c = await campaignWithWinners();
    const op = await staff(`activity:${c.campaignId}`);
    const shipped = await call('POST', `${W}/ship`, op.cookie, { winId: c.adaWin, carrier: 'SF Express', trackingNumber: 'SF1234567890' });
    expect(shipped.code, JSON.stringify(shipped)).toBe(0);
    expect(shipped.result.shipment).toMatchObject({ carrier: 'SF Express', trackingNumber: 'SF1234567890' });

    const winner = await s.rows.signIn(c.ada);
    const mine = await call('GET', `/api/rest/lottery/tLottery/myPrize?lotteryId=${c.campaignId}`, winner.cookie);
    expect(mine.result[0]).toMatchObject({
      winId: String(c.adaWin),
      state: 'received',
      shipment: { carrier: 'SF Express', trackingNumber: 'SF1234567890' },
    });

    const again = await call('POST', `${W}/ship`, op.cookie, { winId: c.adaWin, carrier: 'UPS', trackingNumber: '1Z999' });
    expect(again.code).toBe(ResultCode.alreadyShipped);
    expect(again.msg).toMatch(/already marked shipped/);
    const notClaimed = await call('POST', `${W}/ship`, op.cookie, { winId: c.cyWin, carrier: 'UPS', trackingNumber: '1Z999' });
    expect(notClaimed.code).toBe(ResultCode.notClaimedYet);
    expect((await call('POST', `${W}/unship`, op.cookie, { winId: c.bobWin })).code).toBe(ResultCode.notShipped);

    const undone = await call('POST', `${W}/unship`, op.cookie, { winId: c.adaWin });
    expect(undone.result.shipment).toBeNull();
    const reshipped = await call('POST', `${W}/ship`, op.cookie, { winId: c.adaWin, carrier: 'UPS', trackingNumber: '1Z999' });
    expect(reshipped.result.shipment).toMatchObject({ carrier: 'UPS', trackingNumber: '1Z999' });
    expect(await events(c.adaWin)).toEqual([
      { seq: 1, action: 'shipped', carrier: 'SF Express', tracking_number: 'SF1234567890' },
      { seq: 2, action: 'undone', carrier: 'SF Express', tracking_number: 'SF1234567890' },
      { seq: 3, action: 'shipped', carrier: 'UPS', tracking_number: '1Z999' },
    ]);
    expect(await events(c.cyWin)).toEqual([]);
    // Each step is in the audit log, by whom, with the values before and after.
    const audit = await s.t.db.kysely
      .selectFrom('admin_audit')
      .selectAll()
      .where('item_type', '=', 'win')
      .where('item_id', '=', String(c.adaWin))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.action, Number(a.actor_id)])).toEqual([
      ['claim.ship', op.id],
      ['claim.unship', op.id],
      ['claim.ship', op.id],
    ]);
    expect(JSON.parse(audit[0]?.before ?? 'null')).toMatchObject({ shipment: null });
    expect(JSON.parse(audit[0]?.after ?? 'null')).toMatchObject({ shipment: { carrier: 'SF Express', trackingNumber: 'SF1234567890' } });
    // Refused steps left none.
    expect(
      await s.t.db.kysely
        .selectFrom('admin_audit')
        .select('id')
        .where('item_type', '=', 'win')
        .where('item_id', 'in', [String(c.bobWin), String(c.cyWin)])
        .execute(),
    ).toEqual([]);
  });

  it('ships a prize once when many marks arrive at once', async () => {
    const c = await campaignWithWinners();
    const op = await staff('admin');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call('POST', `${W}/ship`, op.cookie, { winId: c.bobWin, carrier: 'DHL', trackingNumber: `JD${i}` }),
      ),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(
      answers.every((a) => a.code === 0 || a.code === ResultCode.alreadyShipped),
      JSON.stringify(answers),
    ).toBe(true);
    expect(await events(c.bobWin)).toHaveLength(1);
  });

  it('refuses anonymous callers (401) and staff of another campaign or area (403), changing nothing', async () => {
    const c = await campaignWithWinners();
    const other = await staff(`activity:${c.campaignId + 1000}`, 'content', 'support');
    for (const cookie of [undefined, other.cookie]) {
      const status = cookie ? 403 : 401;
      for (const [method, url, body] of [
        ['GET', `${W}?campaignId=${c.campaignId}`],
        ['GET', `${W}/export?campaignId=${c.campaignId}`],
        ['POST', `${W}/ship`, { winId: c.adaWin, carrier: 'SF', trackingNumber: 'X1' }],
        ['POST', `${W}/unship`, { winId: c.adaWin }],
      ] as const) {
        const res = await s.t.app.inject({
          method,
          url,
          remoteAddress: randomIp(),
          headers: { __cxy_app_id_: 'creality_model', 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
          ...(body ? { payload: JSON.stringify(body) } : {}),
        });
        expect(res.statusCode, `${method} ${url}`).toBe(status);
        expect(res.json().code).toBe(cookie ? ResultCode.forbiddenRole : ResultCode.token);
      }
    }
    expect(await events(c.adaWin)).toEqual([]);
  });

  it('refuses missing, malformed, oversized and hostile input with a translated parameter error, changing nothing', async () => {
    const c = await campaignWithWinners();
    const op = await staff('admin');
    const bad: [string, string, unknown?][] = [
      ['GET', W],
      ['GET', `${W}?campaignId=abc`],
      ['GET', `${W}?campaignId=-1`],
      ['GET', `${W}?campaignId=${c.campaignId}&state=lost`],
      ['GET', `${W}?campaignId=${c.campaignId}&limit=1000`],
      ['GET', `${W}?campaignId=${c.campaignId}&q=${'x'.repeat(61)}`],
      ['GET', `${W}?campaignId=${c.campaignId}&before=1e3`],
      ['GET', `${W}/export?campaignId=${c.campaignId}&state=everything`],
      ['POST', `${W}/ship`, {}],
      ['POST', `${W}/ship`, { winId: c.adaWin, carrier: 'SF' }],
      ['POST', `${W}/ship`, { winId: 'x', carrier: 'SF', trackingNumber: 'X1' }],
      ['POST', `${W}/ship`, { winId: c.adaWin, carrier: 'S'.repeat(61), trackingNumber: 'X1' }],
      ['POST', `${W}/ship`, { winId: c.adaWin, carrier: 'SF', trackingNumber: '  ' }],
      ['POST', `${W}/ship`, { winId: c.adaWin, carrier: 'SF', trackingNumber: 'X1\u0000' }],
      ['POST', `${W}/ship`, { winId: c.adaWin, carrier: 'SF', trackingNumber: 'X1', admin: true }],
      ['POST', `${W}/ship`, '{"winId":'],
      ['POST', `${W}/unship`, { winId: [c.adaWin] }],
    ];
    for (const [method, url, body] of bad) {
      const res = await s.t.app.inject({
        method: method as 'GET',
        url,
        remoteAddress: randomIp(),
        headers: { __cxy_app_id_: 'creality_model', 'content-type': 'application/json', 'accept-language': 'fr', cookie: op.cookie },
        ...(body !== undefined ? { payload: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
      });
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBeLessThan(500);
      expect([ResultCode.parameter, ResultCode.badRequest], `${url} ${res.body}`).toContain(res.json().code);
      expect(res.json().msg).toMatch(/^(Paramètre|Requête)/);
    }
    const unknown = await call('POST', `${W}/ship`, op.cookie, { winId: 987_654_321, carrier: 'SF', trackingNumber: 'X1' });
    expect(unknown.code).toBe(ResultCode.notFound);
    // Markup is stored as text (the console escapes it when shown).
    const markup = await call('POST', `${W}/ship`, op.cookie, {
      winId: c.adaWin,
      carrier: '<script>alert(1)</script>',
      trackingNumber: "'; DROP TABLE users; --",
    });
    expect(markup.result.shipment).toMatchObject({ carrier: '<script>alert(1)</script>', trackingNumber: "'; DROP TABLE users; --" });
    expect(await events(c.bobWin)).toEqual([]);
  });

  it('exports the shipping list as CSV in the caller’s language, with formulas defused', async () => {
    const c = await campaignWithWinners();
    const op = await staff(`activity:${c.campaignId}`);
    await call('POST', `${W}/ship`, op.cookie, { winId: c.bobWin, carrier: 'SF', trackingNumber: 'SF1' });
    const hostile = await s.rows.user('Mallory');
    const h = await makeWins(s.t.db.kysely, {
      campaignId: c.campaignId,
      prizeId: (
        await s.t.db.kysely.selectFrom('lottery_prizes').select('id').where('campaign_id', '=', c.campaignId).executeTakeFirstOrThrow()
      ).id,
      userIds: [hostile],
      address: () => ({ ...ADDRESS, fullName: '=HYPERLINK("http://evil")', detail: 'Line 1\nLine "2", back' }),
    });
    const get = (state: string, locale = 'en') =>
      s.t.app.inject({
        method: 'GET',
        url: `${W}/export?campaignId=${c.campaignId}&state=${state}`,
        remoteAddress: randomIp(),
        headers: { cookie: op.cookie, 'accept-language': locale },
      });
    const res = await get('toShip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="shipping-\d+-toShip-/);
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toMatch(/^"Win ID","Redeem code","Prize","Recipient","Phone",/);
    expect(lines).toHaveLength(4); // header, Ada, Mallory, and the final line break
    expect(lines[1]).toContain(`"${c.adaWin}","${c.codes[0]}","Prize 1","Ada Lovelace","'+44 20 7946 0958"`);
    expect(lines[2]).toContain(`"${h.winIds[0]}",`);
    expect(lines[2]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(lines[2]).toContain('"Line 1\nLine ""2"", back"');
    const shipped = (await get('shipped', 'zh-CN')).body.replace(/^\uFEFF/, '').split('\r\n');
    expect(shipped[0]).toMatch(/^"中奖编号","兑奖码","奖品","收件人"/);
    expect(shipped[1]).toMatch(new RegExp(`^"${c.bobWin}",.*,"SF","SF1","\\d{4}-`));
    expect((await get('all')).body.split('\r\n')).toHaveLength(5);
  });
});
