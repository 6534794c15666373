import { type Kysely, sql } from 'kysely';
import { EVENTS } from '../../shared/analytics-events';
import type { Database } from '../db/schema';

/**
 * The invite funnel's last step, "qualified": friends whose account reached
 * the campaign's user level, i.e. whose coins were released. Read from the referral state machine
 * itself (`referral_events`, one 'released' row per invite, stamped when it moved) rather than from
 * an event the server would also have to send: the ledger is the truth, a second record of it
 * could disagree (a job run or a staff level change that moved coins while the writer was down),
 * and the referral code stays free of analytics. A friend counts in the range their coins were
 * released in; the browser's `FriendJoin` only says they were bound.
 */
export interface QualifiedFilters {
  start: number;
  end: number;
  activityId?: string | undefined;
  channel?: string | undefined;
}

export async function qualifiedFriends(db: Kysely<Database>, f: QualifiedFilters): Promise<Set<string>> {
  // Campaign ids are numbers; a dashboard filter that is not one names no invite campaign.
  if (f.activityId !== undefined && !/^\d{1,15}$/.test(f.activityId)) return new Set();
  let q = db
    .selectFrom('referral_events as r')
    .innerJoin('lottery_invites as v', 'v.id', 'r.invite_id')
    .where('r.state', '=', 'released')
    .where('r.created_at', '>=', f.start)
    .where('r.created_at', '<', f.end);
  if (f.activityId !== undefined) q = q.where('v.campaign_id', '=', Number(f.activityId));
  // The referral rows know no channel: the friend's is the one their `FriendJoin` came through
  // (sent when they were bound, often days before they qualified, hence no date limit here).
  if (f.channel)
    q = q.where(
      sql<string>`cast(v.invitee_id as text)`,
      'in',
      db
        .selectFrom('analytics_events as e')
        .leftJoin('analytics_identities as i', 'i.original_id', 'e.distinct_id')
        .select(sql<string>`coalesce(i.distinct_id, e.distinct_id)`.as('who'))
        .where('e.event', '=', EVENTS.friendJoin)
        .where('e.channel', '=', f.channel)
        .where(sql<string>`e.activity_id`, '=', sql<string>`cast(v.campaign_id as text)`),
    );
  const rows = await q.select(sql<string>`cast(v.invitee_id as text)`.as('who')).distinct().execute();
  return new Set(rows.map((r) => r.who));
}
