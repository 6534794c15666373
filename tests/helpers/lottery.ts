import type { Kysely } from 'kysely';
import type { CampaignKind } from '../../src/server/campaigns/campaign';
import { type AnySettings, ZKindSettings } from '../../src/server/campaigns/settings';
import type { Database } from '../../src/server/db/schema';

const DAY = 86_400_000;
const texts = (en: string) => JSON.stringify({ en, 'zh-CN': en, 'zh-TW': en, fr: en });

/** A campaign with prizes, written straight to the database (the admin API has its own tests). */
export async function makeCampaign(
  db: Kysely<Database>,
  opts: {
    now?: number;
    kind?: CampaignKind;
    startsAt?: number;
    endsAt?: number;
    noWinWeight?: number;
    restocking?: boolean;
    settings?: AnySettings;
    prizes: { kind: number; stock: number; weight: number; value?: number; perUserCap?: number | null }[];
  },
) {
  const now = opts.now ?? Date.now();
  const kind = opts.kind ?? 'raffle';
  const c = await db
    .insertInto('lottery_campaigns')
    .values({
      kind,
      title: texts('Lucky wheel'),
      rules: texts('Rules'),
      starts_at: opts.startsAt ?? now - DAY,
      ends_at: opts.endsAt ?? now + 7 * DAY,
      restocking: opts.restocking ? 1 : 0,
      no_win_weight: opts.noWinWeight ?? 0,
      settings: JSON.stringify(ZKindSettings.parse({ kind, settings: opts.settings ?? {} }).settings),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const prizeIds: number[] = [];
  for (const [i, p] of opts.prizes.entries()) {
    const row = await db
      .insertInto('lottery_prizes')
      .values({
        campaign_id: c.id,
        kind: p.kind,
        name: texts(`Prize ${i + 1}`),
        stock: p.stock,
        weight: p.weight,
        per_user_cap: p.perUserCap ?? null,
        value: p.value ?? 0,
        position: i,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    prizeIds.push(row.id);
  }
  return { campaignId: c.id, prizeIds };
}
