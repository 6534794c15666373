import type { Kysely } from 'kysely';
import type { Database } from '../schema';

/**
 * Demo data: each domain contributes named seeds; a seed runs once per database (recorded in
 * `seed_runs` in the same transaction as its rows), so restarts and several instances starting at
 * once never duplicate demo data.
 */
export interface Seed {
  name: string;
  run(trx: Kysely<Database>, now: number): Promise<void>;
}

export const SEEDS: Seed[] = [];

export async function runSeeds(db: Kysely<Database>, seeds: Seed[] = SEEDS, now = Date.now()): Promise<string[]> {
  const applied: string[] = [];
  for (const seed of seeds) {
    const done = await db.transaction().execute(async (trx) => {
      // Claim the seed first: the primary key makes a concurrent second claim fail and roll back.
      const claimed = await trx
        .insertInto('seed_runs')
        .values({ name: seed.name, applied_at: now })
        .onConflict((oc) => oc.column('name').doNothing())
        .executeTakeFirst();
      if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) return false;
      await seed.run(trx, now);
      return true;
    });
    if (done) applied.push(seed.name);
  }
  return applied;
}
