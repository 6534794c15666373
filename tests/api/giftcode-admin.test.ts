import { describe, expect, it } from 'vitest';
import { PrizeKind } from '../../src/shared/enums';
import { ResultCode } from '../../src/shared/errors';
import { CLIENT_HEADERS, ENGINES } from '../helpers/app';
import { makeCampaign } from '../helpers/lottery';
import { appSuite, envelopeCall, randomIp } from '../helpers/suite';

const G = '/api/rest/lottery/admin/giftcode';
const REDEEM = '/api/cxy/v2/giftpack/redeem';
const DAY = 86_400_000;

describe.each(ENGINES)('gift codes in the console on %s', (engine) => {
  const s = appSuite(engine);
  const call = envelopeCall(s);

  async function person(name: string, scope?: string) {
    const id = await s.rows.user(name);
    if (scope) await s.t.app.services.accounts.adminUpdate({ userId: id, addRoles: [{ role: 'staff', scope }] });
    return { id, cookie: (await s.rows.signIn(id)).cookie };
  }

  async function campaignWithCodes(count: number) {
    const { campaignId, prizeIds } = await makeCampaign(s.t.db.kysely, {
      kind: 'giftcode',
      prizes: [{ kind: PrizeKind.bean, value: 5, stock: 0, weight: 1 }],
    });
    const op = await person('Operator', `activity:${campaignId}`);
    const made = await call('POST', `${G}/generate`, op.cookie, { campaignId, prizeId: prizeIds[0], count, expiresAt: Date.now() + DAY });
    expect(made.code, JSON.stringify(made)).toBe(0);
    const rows = await s.t.db.kysely
      .selectFrom('gift_codes')
      .select(['id', 'hint'])
      .where('campaign_id', '=', campaignId)
      .orderBy('id')
      .execute();
    return {
      campaignId,
      prizeId: prizeIds[0] ?? 0,
      op,
      codes: made.result.codes as string[],
      ids: rows.map((r) => r.id),
      batchKey: made.result.batchKey as string,
    };
  }
  const stock = async (prizeId: number) =>
    (await s.t.db.kysely.selectFrom('lottery_prizes').select('stock').where('id', '=', prizeId).executeTakeFirstOrThrow()).stock;

  it('lists each code’s state and who redeemed it; voids unused codes, which then redeem nothing, with a clear message', async () => {
    const c = await campaignWithCodes(3);
    expect(c.batchKey).toMatch(/^B[0-9A-F]{12}$/);
    const ada = await person('Ada <b>');
    expect((await call('POST', REDEEM, ada.cookie, { code: c.codes[0] })).code).toBe(0);

    const voided = await call('POST', `${G}/void`, c.op.cookie, { codeId: c.ids[1] });
    expect(voided.code, JSON.stringify(voided)).toBe(0);
    expect(voided.result).toMatchObject({ id: String(c.ids[1]), state: 'voided', redeemedBy: null });
    expect(await stock(c.prizeId)).toBe(1);
    const audit = await s.t.db.kysely
      .selectFrom('admin_audit')
      .selectAll()
      .where('action', '=', 'giftcode.void')
      .where('item_id', '=', String(c.ids[1]))
      .execute();
    expect(audit.map((a) => [a.item_type, Number(a.actor_id)])).toEqual([['giftcode', c.op.id]]);
    expect(JSON.parse(audit[0]?.after ?? 'null')).toMatchObject({ state: 'voided' });

    const list = await call('GET', `${G}/codes?campaignId=${c.campaignId}`, c.op.cookie);
    expect(list.result.counts).toEqual({ unused: 1, redeemed: 1, expired: 0, voided: 1 });
    expect(list.result.list.map((r: { state: string }) => r.state)).toEqual(['unused', 'voided', 'redeemed']);
    expect(list.result.list[2]).toMatchObject({
      hint: c.codes[0]?.slice(-4),
      batchKey: c.batchKey,
      redeemedBy: { userId: String(ada.id), nickname: 'Ada <b>' },
    });
    const found = await call('GET', `${G}/codes?campaignId=${c.campaignId}&q=${c.codes[2]?.slice(-4).toLowerCase()}`, c.op.cookie);
    expect(found.result.list.map((r: { id: string }) => Number(r.id))).toEqual([c.ids[2]]);
    expect((await call('GET', `${G}/codes?campaignId=${c.campaignId}&q=${c.batchKey}&state=unused`, c.op.cookie)).result.list).toHaveLength(
      1,
    );

    const bob = await person('Bob');
    for (const [locale, text] of [
      ['en', 'This gift code has been cancelled and can no longer be used.'],
      ['fr', 'Ce code cadeau a été annulé et ne peut plus être utilisé.'],
      ['zh-CN', '该礼品码已被作废，无法再使用。'],
    ]) {
      const res = await s.t.app.inject({
        method: 'POST',
        url: REDEEM,
        remoteAddress: randomIp(),
        headers: { ...CLIENT_HEADERS, cookie: bob.cookie, 'accept-language': locale ?? 'en' },
        payload: JSON.stringify({ code: c.codes[1] }),
      });
      expect(res.json()).toMatchObject({ code: ResultCode.codeError, msg: text });
    }
    // Used or voided already: nothing to void.
    expect((await call('POST', `${G}/void`, c.op.cookie, { codeId: c.ids[0] })).code).toBe(ResultCode.giftCodeNotVoidable);
    expect((await call('POST', `${G}/void`, c.op.cookie, { codeId: c.ids[1] })).code).toBe(ResultCode.giftCodeNotVoidable);
    expect(await stock(c.prizeId)).toBe(1);
    expect((await call('POST', `${G}/void`, c.op.cookie, { codeId: 987_654_321 })).code).toBe(ResultCode.notFound);
  });

  it('never lets a void and a redeem of the same code both succeed', async () => {
    const c = await campaignWithCodes(16);
    const members = await Promise.all(c.codes.map((_, i) => person(`m${i}`)));
    const outcomes = await Promise.all(
      c.codes.map(async (code, i) => {
        const [voided, redeemed] = await Promise.all([
          call('POST', `${G}/void`, c.op.cookie, { codeId: c.ids[i] }),
          call('POST', REDEEM, members[i]?.cookie, { code }),
        ]);
        return { voided: voided.code === 0, redeemed: redeemed.code === 0, codes: [voided.code, redeemed.code] };
      }),
    );
    for (const o of outcomes) {
      expect(o.voided !== o.redeemed, JSON.stringify(o)).toBe(true);
      expect([0, ResultCode.giftCodeNotVoidable, ResultCode.codeError]).toEqual(expect.arrayContaining(o.codes));
    }
    const rows = await s.t.db.kysely
      .selectFrom('gift_codes')
      .select(['redeemed_by', 'voided_at', 'win_id'])
      .where('campaign_id', '=', c.campaignId)
      .execute();
    expect(rows.filter((r) => r.redeemed_by !== null && r.voided_at !== null)).toEqual([]);
    const redeemed = outcomes.filter((o) => o.redeemed).length;
    expect(rows.filter((r) => r.win_id !== null)).toHaveLength(redeemed);
    // Each code held one unit: redeemed ones gave theirs, voided ones were taken back.
    expect(await stock(c.prizeId)).toBe(0);
  });

  it('refuses anonymous callers (401) and staff without the campaign’s scope (403), changing nothing', async () => {
    const c = await campaignWithCodes(1);
    const other = await person('Other', `activity:${c.campaignId + 1000}`);
    const content = await person('Content', 'content');
    for (const cookie of [undefined, other.cookie, content.cookie])
      for (const [method, url, body] of [
        ['GET', `${G}/codes?campaignId=${c.campaignId}`],
        ['POST', `${G}/void`, { codeId: c.ids[0] }],
        ['POST', `${G}/generate`, { campaignId: c.campaignId, prizeId: c.prizeId, count: 5, expiresAt: Date.now() + DAY }],
      ] as const) {
        const res = await s.t.app.inject({
          method,
          url,
          remoteAddress: randomIp(),
          headers: { ...CLIENT_HEADERS, ...(cookie ? { cookie } : {}) },
          ...(body ? { payload: JSON.stringify(body) } : {}),
        });
        expect(res.statusCode, `${url}`).toBe(cookie ? 403 : 401);
      }
    expect(
      await s.t.db.kysely
        .selectFrom('gift_codes')
        .select('id')
        .where('campaign_id', '=', c.campaignId)
        .where('voided_at', 'is not', null)
        .execute(),
    ).toEqual([]);
    expect(await stock(c.prizeId)).toBe(1);
  });

  it('refuses missing, malformed, oversized and hostile input with a translated parameter error', async () => {
    const c = await campaignWithCodes(1);
    for (const [method, url, body] of [
      ['GET', `${G}/codes`],
      ['GET', `${G}/codes?campaignId=x`],
      ['GET', `${G}/codes?campaignId=${c.campaignId}&state=gone`],
      ['GET', `${G}/codes?campaignId=${c.campaignId}&q=${'A'.repeat(41)}`],
      ['GET', `${G}/codes?campaignId=${c.campaignId}&q=${encodeURIComponent("' OR 1=1 --")}`],
      ['GET', `${G}/codes?campaignId=${c.campaignId}&q=${encodeURIComponent('%')}`],
      ['GET', `${G}/codes?campaignId=${c.campaignId}&limit=201`],
      ['POST', `${G}/void`, {}],
      ['POST', `${G}/void`, { codeId: 'x' }],
      ['POST', `${G}/void`, { codeId: c.ids[0], force: true }],
      ['POST', `${G}/void`, '{"codeId"'],
    ] as const) {
      const res = await s.t.app.inject({
        method,
        url,
        remoteAddress: randomIp(),
        headers: { ...CLIENT_HEADERS, cookie: c.op.cookie, 'accept-language': 'zh-TW' },
        ...(body !== undefined ? { payload: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
      });
      expect(res.statusCode, url).toBeLessThan(500);
      expect([ResultCode.parameter, ResultCode.badRequest], `${url} ${res.body}`).toContain(res.json().code);
      expect(res.json().msg).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(await stock(c.prizeId)).toBe(1);
  });
});
