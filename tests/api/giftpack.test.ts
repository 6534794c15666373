import { beforeAll, describe, expect, it } from 'vitest';
import { coinBalance } from '../../src/server/campaigns/ledger';
import { openDatabase } from '../../src/server/db/database';
import { redeemGiftCode } from '../../src/server/giftpack/service';
import { PrizeKind } from '../../src/shared/enums';
import { ResultCode } from '../../src/shared/errors';
import { api } from '../helpers/accounts';
import { CLIENT_HEADERS, ENGINES } from '../helpers/app';
import { makeCampaign } from '../helpers/lottery';
import { appSuite, randomIp } from '../helpers/suite';

/** Gift codes: batches by admins, single use, any case, per-user and per-address guessing limits. */
const GENERATE = '/api/rest/lottery/admin/giftcode/generate';
const REDEEM = '/api/cxy/v2/giftpack/redeem';
const DAY = 86_400_000;

describe.each(ENGINES)('gift codes on %s', (engine) => {
  const suite = appSuite(engine);
  let admin: string;
  beforeAll(async () => {
    const adminId = await suite.rows.user('Admin');
    await suite.t.app.services.accounts.adminUpdate({ userId: adminId, addRoles: [{ role: 'admin', scope: '*' }] });
    admin = (await suite.rows.signIn(adminId)).cookie;
  });

  const db = () => suite.t.db.kysely;
  const port = () => suite.t.db;
  // Each call from its own address unless one is given: the per-address limit has a test of its own.
  const post = (url: string, body: unknown, cookie?: string, address = randomIp()) =>
    suite.t.app
      .inject({
        method: 'POST',
        url,
        remoteAddress: address,
        headers: { ...CLIENT_HEADERS, ...(cookie ? { cookie } : {}) },
        payload: JSON.stringify(body),
      })
      .then((r) => r.json());
  const member = async (name: string) => {
    const id = await suite.rows.user(name);
    return { id, cookie: (await suite.rows.signIn(id)).cookie };
  };
  const giftCampaign = (prizes: { kind: number; value?: number }[], endsAt = Date.now() + 30 * DAY) =>
    makeCampaign(db(), { kind: 'giftcode', endsAt, prizes: prizes.map((p) => ({ ...p, stock: 0, weight: 1 })) });
  const batch = async (campaignId: number, prizeId: number, count: number, expiresAt = Date.now() + DAY) => {
    const r = await post(GENERATE, { campaignId, prizeId, count, expiresAt }, admin);
    expect(r.code, JSON.stringify(r)).toBe(0);
    return r.result.codes as string[];
  };

  it('admins generate batches; the prize stock grows by the batch and only hashes are kept', async () => {
    const { campaignId, prizeIds } = await giftCampaign([{ kind: PrizeKind.vip, value: 30 }]);
    const prizeId = prizeIds[0] ?? 0;
    const codes = await batch(campaignId, prizeId, 25);
    expect(codes).toHaveLength(25);
    expect(new Set(codes).size).toBe(25);
    const stock = await db().selectFrom('lottery_prizes').select('stock').where('id', '=', prizeId).executeTakeFirstOrThrow();
    expect(stock.stock).toBe(25);
    const stored = await db().selectFrom('gift_codes').select(['code_hash', 'hint']).where('campaign_id', '=', campaignId).execute();
    expect(stored).toHaveLength(25);
    const all = JSON.stringify(stored);
    for (const c of codes) expect(all).not.toContain(c.replaceAll('-', ''));

    const m = await member('Not admin');
    expect((await post(GENERATE, { campaignId, prizeId, count: 1, expiresAt: Date.now() + DAY }, m.cookie)).code).toBe(
      ResultCode.forbiddenRole,
    );
    for (const body of [
      { campaignId, prizeId, count: 0, expiresAt: Date.now() + DAY },
      { campaignId, prizeId, count: 10_001, expiresAt: Date.now() + DAY },
      { campaignId, prizeId, count: 1, expiresAt: 'tomorrow' },
      { campaignId, prizeId: 'x', count: 1, expiresAt: Date.now() + DAY },
      { campaignId, prizeId, count: 1, expiresAt: Date.now() + DAY, extra: 1 },
      { campaignId, prizeId, count: 1, expiresAt: Date.now() - 1 },
    ])
      expect((await post(GENERATE, body, admin)).code, JSON.stringify(body)).toBe(ResultCode.parameter);
    // Another campaign's prize, or a raffle: refused, nothing written.
    const other = await giftCampaign([{ kind: PrizeKind.bean, value: 5 }]);
    expect((await post(GENERATE, { campaignId, prizeId: other.prizeIds[0], count: 3, expiresAt: Date.now() + DAY }, admin)).code).toBe(
      ResultCode.parameter,
    );
    const raffle = await makeCampaign(db(), { noWinWeight: 1, prizes: [{ kind: PrizeKind.bean, stock: 1, weight: 1 }] });
    expect(
      (await post(GENERATE, { campaignId: raffle.campaignId, prizeId: raffle.prizeIds[0], count: 1, expiresAt: Date.now() + DAY }, admin))
        .code,
    ).toBe(ResultCode.notFound);
    expect(await db().selectFrom('gift_codes').select('id').where('campaign_id', '=', other.campaignId).execute()).toEqual([]);
  });

  it('a code gives its prize once, whatever its case, spaces and hyphens; used, unknown and expired codes are errors', async () => {
    const { campaignId, prizeIds } = await giftCampaign([{ kind: PrizeKind.bean, value: 300 }]);
    const [code = ''] = await batch(campaignId, prizeIds[0] ?? 0, 2);
    const m = await member('Redeemer');
    const typed = ` ${code.toLowerCase().replaceAll('-', ' ')} `;
    const first = await post(REDEEM, { code: typed }, m.cookie);
    expect(first).toMatchObject({
      code: 0,
      result: { state: 'received', prize: { kind: PrizeKind.bean, value: 300 }, activityId: String(campaignId) },
    });
    expect(await coinBalance(db(), m.id)).toBe(300);
    // Each refusal says which: the member knows whether to check what they typed or stop trying.
    const used = { code: ResultCode.codeError, msg: 'This gift code has already been used.' };
    expect(await post(REDEEM, { code }, m.cookie)).toMatchObject(used);
    const other = await member('Latecomer');
    expect(await post(REDEEM, { code }, other.cookie)).toMatchObject(used);
    const unknown = { code: ResultCode.codeError, msg: 'This gift code does not exist: check it and try again.' };
    expect(await post(REDEEM, { code: 'ABCD-EFGH-JKLM-NPQR' }, other.cookie)).toMatchObject(unknown);
    expect(await post(REDEEM, { code: 'ABC' }, other.cookie)).toMatchObject(unknown);
    const [old = ''] = await batch(campaignId, prizeIds[0] ?? 0, 1, Date.now() + 50);
    await new Promise((r) => setTimeout(r, 80));
    expect(await post(REDEEM, { code: old }, other.cookie)).toMatchObject({
      code: ResultCode.codeError,
      msg: 'This gift code has expired.',
    });
    expect(await coinBalance(db(), other.id)).toBe(0);
    // Signed out, malformed and oversized input.
    expect((await post(REDEEM, { code })).code).toBe(ResultCode.token);
    for (const body of [{}, { code: 5 }, { code: 'x'.repeat(41) }, { code: ['A'] }])
      expect((await post(REDEEM, body, other.cookie)).code, JSON.stringify(body)).toBe(ResultCode.parameter);
  });

  it('a physical prize waits for its address in My prizes, like a raffle prize', async () => {
    const { campaignId, prizeIds } = await giftCampaign([{ kind: PrizeKind.entity }]);
    const [code = ''] = await batch(campaignId, prizeIds[0] ?? 0, 1);
    const m = await member('Shipper');
    const r = await post(REDEEM, { code }, m.cookie);
    expect(r.result).toMatchObject({ state: 'won', claim: null });
    const mine = await api(suite.t.app).get(`/api/rest/lottery/tLottery/myPrize?lotteryId=${campaignId}`, { cookie: m.cookie });
    expect(mine.json().result).toHaveLength(1);
  });

  it('one code redeemed by 50 people at once, from several instances, goes to exactly one', async () => {
    const { campaignId, prizeIds } = await giftCampaign([{ kind: PrizeKind.space, value: 5 }]);
    const [code = ''] = await batch(campaignId, prizeIds[0] ?? 0, 1);
    const people = await Promise.all(Array.from({ length: 50 }, (_, i) => suite.rows.user(`Crowd ${i}`)));
    const pools = engine === 'postgres' ? [openDatabase({ dialect: 'postgres', url: suite.t.url }, { poolSize: 10 })] : [];
    try {
      const outcomes = await Promise.all(
        people.map((u, i) =>
          redeemGiftCode([port(), ...pools][i % (1 + pools.length)] ?? port(), u, code, 'en').then(
            () => 'ok',
            (e: { code?: number }) => e.code,
          ),
        ),
      );
      expect(outcomes.filter((o) => o === 'ok')).toHaveLength(1);
      expect(outcomes.filter((o) => o !== 'ok').every((o) => o === ResultCode.codeError)).toBe(true);
      const wins = await db().selectFrom('lottery_wins').select('id').where('campaign_id', '=', campaignId).execute();
      expect(wins).toHaveLength(1);
      const stock = await db()
        .selectFrom('lottery_prizes')
        .select('stock')
        .where('id', '=', prizeIds[0] ?? 0)
        .executeTakeFirstOrThrow();
      expect(stock.stock).toBe(0);
    } finally {
      for (const p of pools) await p.close();
    }
  });

  it('slows guessing down: after 10 wrong codes in an hour, entries are refused', async () => {
    const { campaignId, prizeIds } = await giftCampaign([{ kind: PrizeKind.bean, value: 1 }]);
    const [code = ''] = await batch(campaignId, prizeIds[0] ?? 0, 1);
    const m = await member('Guesser');
    for (let i = 0; i < 10; i++)
      expect((await post(REDEEM, { code: `ABCD-EFGH-JKLM-NP${'QRSTUVWXYZ'[i]}2` }, m.cookie)).code).toBe(ResultCode.codeError);
    // Even the right code now waits.
    expect((await post(REDEEM, { code }, m.cookie)).code).toBe(ResultCode.tooManyRequests);
    expect(await coinBalance(db(), m.id)).toBe(0);
  });

  it('limits entries per address too: 20 a minute, whoever is signed in', async () => {
    const address = randomIp();
    const [a, b, c] = [await member('Shared Wi-Fi A'), await member('Shared Wi-Fi B'), await member('Shared Wi-Fi C')];
    const wrong = (n: number) => `WXYZ-WXYZ-WXYZ-WX${'ABCDEFGHJK'[n % 10]}${n % 10}`;
    // 20 wrong entries from one address, none of the three members past their own 10.
    for (let i = 0; i < 20; i++) {
      const who = [a, b, c][i % 3] ?? a;
      expect((await post(REDEEM, { code: wrong(i) }, who.cookie, address)).code, `entry ${i + 1}`).toBe(ResultCode.codeError);
    }
    const refused = await post(REDEEM, { code: wrong(20) }, c.cookie, address);
    expect(refused.code).toBe(ResultCode.tooManyRequests);
    // The same member from another address is only refused for the code itself.
    expect((await post(REDEEM, { code: wrong(21) }, c.cookie)).code).toBe(ResultCode.codeError);
  });
});
