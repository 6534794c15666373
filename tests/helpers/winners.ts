import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema';
import type { ShippingAddressFields } from '../../src/shared/api/addresses';
import { PrizeKind } from '../../src/shared/enums';
import { makeCampaign } from './lottery';

export const ADDRESS: ShippingAddressFields = {
  fullName: 'Ada Lovelace',
  phone: '+44 20 7946 0958',
  country: 'United Kingdom',
  province: 'Greater London',
  city: 'London',
  street: "12 St James's Square",
  detail: 'Flat 3',
  postCode: 'SW1Y 4JH',
  email: '',
  taxId: '',
  remark: '',
};

let codes = 0;
const nextCode = () => `T${Date.now().toString(36).toUpperCase()}${(++codes).toString(36).toUpperCase().padStart(5, '0')}`.slice(-20);

/** A campaign with one physical prize, written straight to the database. */
export const entityCampaign = (db: Kysely<Database>) =>
  makeCampaign(db, { prizes: [{ kind: PrizeKind.entity, stock: 1_000_000, weight: 1 }] });

/**
 * Wins of that prize for users (a draw and a win each, as a draw leaves them), claimed with an
 * address when `address` is given. Written in batches, so a test can make many.
 */
export async function makeWins(
  db: Kysely<Database>,
  w: { campaignId: number; prizeId: number; userIds: number[]; address?: (i: number) => ShippingAddressFields },
) {
  const now = Date.now();
  const winIds: number[] = [];
  const codesOut: string[] = [];
  for (let i = 0; i < w.userIds.length; i += 1_000) {
    const users = w.userIds.slice(i, i + 1_000);
    const draws = await db
      .insertInto('lottery_draws')
      .values(
        users.map((u) => ({
          campaign_id: w.campaignId,
          user_id: u,
          request_id: crypto.randomUUID(),
          result: 1,
          prize_id: w.prizeId,
          created_at: now,
        })),
      )
      .returning('id')
      .execute();
    const batchCodes = users.map(() => nextCode());
    const wins = await db
      .insertInto('lottery_wins')
      .values(
        users.map((u, j) => ({
          draw_id: draws[j]?.id ?? 0,
          campaign_id: w.campaignId,
          user_id: u,
          prize_id: w.prizeId,
          state: w.address ? ('received' as const) : ('won' as const),
          redeem_code: batchCodes[j] ?? '',
          created_at: now,
          claimed_at: w.address ? now : null,
        })),
      )
      .returning('id')
      .execute();
    const address = w.address;
    if (address)
      await db
        .insertInto('lottery_claims')
        .values(
          wins.map((win, j) => ({ win_id: win.id, user_id: users[j] ?? 0, address: JSON.stringify(address(i + j)), created_at: now })),
        )
        .execute();
    winIds.push(...wins.map((x) => x.id));
    codesOut.push(...batchCodes);
  }
  return { winIds, codes: codesOut };
}
