import { describe, expect, it } from 'vitest';
import { campaignOr404 } from '../../src/server/campaigns/campaign';
import { coinBalance } from '../../src/server/campaigns/ledger';
import { openDatabase } from '../../src/server/db/database';
import { claimNewcomer } from '../../src/server/giftpack/newcomer';
import { PrizeKind } from '../../src/shared/enums';
import { ResultCode } from '../../src/shared/errors';
import { CLIENT_HEADERS, ENGINES } from '../helpers/app';
import { makeCampaign } from '../helpers/lottery';
import { appSuite } from '../helpers/suite';

/** The newcomer gift pack: new accounts only, every gift once. */
const N = '/api/cxy/v2/giftpack';
const DAY = 86_400_000;

describe.each(ENGINES)('newcomer gift pack on %s', (engine) => {
  const suite = appSuite(engine);

  const db = () => suite.t.db.kysely;
  const port = () => suite.t.db;
  const call = (method: 'GET' | 'POST', url: string, body?: unknown, cookie?: string) =>
    suite.t.app
      .inject({
        method,
        url,
        remoteAddress: `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
        headers: { ...CLIENT_HEADERS, ...(cookie ? { cookie } : {}) },
        ...(body ? { payload: JSON.stringify(body) } : {}),
      })
      .then((r) => r.json());
  const pack = async (over: { startsAt?: number; endsAt?: number } = {}) => {
    const { campaignId } = await makeCampaign(db(), {
      kind: 'newcomer',
      startsAt: over.startsAt ?? Date.now() - DAY,
      endsAt: over.endsAt ?? Date.now() + 30 * DAY,
      settings: { newcomerDays: 7 },
      prizes: [
        { kind: PrizeKind.bean, stock: 1000, weight: 1, value: 100 },
        { kind: PrizeKind.vip, stock: 1000, weight: 1, value: 7 },
        { kind: PrizeKind.entity, stock: 1000, weight: 1 },
      ],
    });
    return campaignId;
  };
  const member = async (name: string, createdAt?: number) => {
    const id = await suite.rows.user(name);
    if (createdAt) await db().updateTable('users').set({ created_at: createdAt }).where('id', '=', id).execute();
    return { id, cookie: (await suite.rows.signIn(id)).cookie };
  };

  it('gives a new member every gift once; claiming again changes nothing', async () => {
    const id = await pack();
    const m = await member('Newbie');
    const offer = await call('GET', `${N}/newcomer?activityId=${id}`, undefined, m.cookie);
    expect(offer.result).toMatchObject({ status: 'open', newcomerDays: 7 });
    expect(offer.result.prizes).toHaveLength(3);
    const first = await call('POST', `${N}/newcomer/claim`, { activityId: id }, m.cookie);
    expect(first.code).toBe(0);
    expect(first.result.map((w: { state: string }) => w.state).sort()).toEqual(['received', 'received', 'won']);
    expect(await coinBalance(db(), m.id)).toBe(100);
    const again = await call('POST', `${N}/newcomer/claim`, { activityId: id }, m.cookie);
    expect(again.result).toHaveLength(3);
    expect(await coinBalance(db(), m.id)).toBe(100);
    expect((await call('GET', `${N}/newcomer?activityId=${id}`, undefined, m.cookie)).result.status).toBe('claimed');
    // Signed out: the offer, nothing personal.
    expect((await call('GET', `${N}/newcomer?activityId=${id}`)).result.status).toBe('signedOut');
  });

  it('refuses accounts that are not new, and closed packs', async () => {
    const id = await pack();
    const veteran = await member('Veteran', Date.now() - 30 * DAY);
    expect((await call('POST', `${N}/newcomer/claim`, { activityId: id }, veteran.cookie)).code).toBe(ResultCode.notNewcomer);
    expect((await call('GET', `${N}/newcomer?activityId=${id}`, undefined, veteran.cookie)).result.status).toBe('notNew');
    // Made after the pack started but more than 7 days ago: not new any more.
    const early = await pack({ startsAt: Date.now() - 20 * DAY });
    const old = await member('Eight days', Date.now() - 8 * DAY);
    expect((await call('POST', `${N}/newcomer/claim`, { activityId: early }, old.cookie)).code).toBe(ResultCode.notNewcomer);
    const ended = await pack({ startsAt: Date.now() - 10 * DAY, endsAt: Date.now() - DAY });
    const fresh = await member('Fresh');
    expect((await call('POST', `${N}/newcomer/claim`, { activityId: ended }, fresh.cookie)).code).toBe(ResultCode.giftPackClosed);
    expect(await coinBalance(db(), veteran.id)).toBe(0);
    expect(await coinBalance(db(), fresh.id)).toBe(0);
  });

  it('bad input, other kinds and signed-out claims are refused', async () => {
    const id = await pack();
    const m = await member('Caller');
    expect((await call('POST', `${N}/newcomer/claim`, { activityId: id })).code).toBe(ResultCode.token);
    for (const body of [{}, { activityId: 'x' }, { activityId: -3 }, { activityId: [id] }])
      expect((await call('POST', `${N}/newcomer/claim`, body, m.cookie)).code, JSON.stringify(body)).toBe(ResultCode.parameter);
    const { campaignId: raffle } = await makeCampaign(db(), { noWinWeight: 1, prizes: [] });
    expect((await call('POST', `${N}/newcomer/claim`, { activityId: raffle }, m.cookie)).code).toBe(ResultCode.notFound);
    expect((await call('GET', `${N}/newcomer?activityId=987654`)).code).toBe(ResultCode.notFound);
  });

  it('concurrent claims by one member, from several instances, give each gift once', async () => {
    const id = await pack();
    const m = await member('Double tap');
    const c = await campaignOr404(port(), id, 'newcomer');
    if (!c) throw new Error('no campaign');
    const pools = engine === 'postgres' ? [openDatabase({ dialect: 'postgres', url: suite.t.url }, { poolSize: 10 })] : [];
    try {
      const dbs = [port(), ...pools];
      await Promise.all(Array.from({ length: 12 }, (_, i) => claimNewcomer(dbs[i % dbs.length] ?? port(), c, m.id, 'en')));
      const wins = await db().selectFrom('lottery_wins').select('id').where('campaign_id', '=', id).where('user_id', '=', m.id).execute();
      expect(wins).toHaveLength(3);
      expect(await coinBalance(db(), m.id)).toBe(100);
    } finally {
      for (const p of pools) await p.close();
    }
  });
});
