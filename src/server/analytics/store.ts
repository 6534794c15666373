import type { Db, Tx } from '../db/database';
import { applyProfileOp } from './profiles';
import type { EventRecord, ProfileRecord, Props } from './records';

/**
 * SQL of the collector: one transaction per flush. Events go in chunks with "on conflict do
 * nothing" on the deduplication key; `track_signup` also links the anonymous id to the signed-in
 * one (the first link wins); profile operations are applied in order on the profiles they touch.
 */
const CHUNK = 200;

export async function writeBatch(
  db: Db,
  batch: { events: EventRecord[]; profiles: ProfileRecord[]; rejections: Map<string, number> },
  receivedAt: number,
): Promise<void> {
  await db.transaction(async (trx) => {
    for (let i = 0; i < batch.events.length; i += CHUNK) {
      await trx
        .insertInto('analytics_events')
        .values(batch.events.slice(i, i + CHUNK).map((e) => eventRow(e, receivedAt)))
        .onConflict((oc) => oc.columns(['distinct_id', 'track_id', 'sent_time']).doNothing())
        .execute();
    }
    const links = batch.events.filter((e) => e.type === 'track_signup' && e.originalId && e.originalId !== e.distinctId);
    for (let i = 0; i < links.length; i += CHUNK) {
      await trx
        .insertInto('analytics_identities')
        .values(links.slice(i, i + CHUNK).map((e) => ({ original_id: e.originalId as string, distinct_id: e.distinctId, time: e.time })))
        .onConflict((oc) => oc.column('original_id').doNothing())
        .execute();
    }
    await applyProfiles(trx, batch.profiles, receivedAt);
    for (const [key, count] of batch.rejections) {
      const [day, reason] = key.split(' ') as [string, string];
      await trx
        .insertInto('analytics_rejections')
        .values({ day, reason, count })
        .onConflict((oc) =>
          oc.columns(['day', 'reason']).doUpdateSet((eb) => ({ count: eb('analytics_rejections.count', '+', eb.ref('excluded.count')) })),
        )
        .execute();
    }
  });
}

function eventRow(e: EventRecord, receivedAt: number) {
  return {
    time: e.time,
    received_at: receivedAt,
    type: e.type,
    event: e.event,
    distinct_id: e.distinctId,
    original_id: e.originalId,
    track_id: e.trackId,
    sent_time: e.sentTime,
    activity_id: e.activityId,
    channel: e.channel,
    properties: JSON.stringify(e.properties),
    lib: e.lib ? JSON.stringify(e.lib) : null,
  };
}

async function applyProfiles(trx: Tx, ops: ProfileRecord[], at: number) {
  if (!ops.length) return;
  const ids = [...new Set(ops.map((o) => o.distinctId))];
  const state = new Map<string, Props | null>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await trx
      .selectFrom('analytics_profiles')
      .select(['distinct_id', 'properties'])
      .where('distinct_id', 'in', ids.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) state.set(r.distinct_id, JSON.parse(r.properties) as Props);
  }
  for (const op of ops) state.set(op.distinctId, applyProfileOp(state.get(op.distinctId) ?? null, op));
  for (const [id, props] of state) {
    if (props === null) {
      await trx.deleteFrom('analytics_profiles').where('distinct_id', '=', id).execute();
      continue;
    }
    const properties = JSON.stringify(props);
    await trx
      .insertInto('analytics_profiles')
      .values({ distinct_id: id, properties, updated_at: at })
      .onConflict((oc) => oc.column('distinct_id').doUpdateSet({ properties, updated_at: at }))
      .execute();
  }
}
