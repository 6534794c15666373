import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { EVENTS } from '../../shared/analytics-events';
import {
  type AnalyticsDimensions,
  type AnalyticsOverview,
  FUNNEL_STEPS,
  type FunnelStep,
  INVITE_STEPS,
  type InviteStep,
} from '../../shared/api/analytics';
import type { Database } from '../db/schema';
import { qualifiedFriends } from './qualified';

/**
 * The dashboard's figures. A person is the signed-in id when the SDK linked the anonymous one to
 * it (`analytics_identities`), otherwise the distinct id: steps taken before and after signing
 * in count once. Days are UTC.
 */
const DAY = 86_400_000;
const TOP = 10;

interface Filters {
  from: string;
  to: string;
  activityId?: string | undefined;
  channel?: string | undefined;
}

const person = sql<string>`coalesce(i.distinct_id, e.distinct_id)`;
const dayOf = sql<number>`e.time / ${sql.lit(DAY)}`;

/** The range as epoch milliseconds, end excluded. */
function span(f: Filters) {
  return { start: Date.parse(`${f.from}T00:00:00Z`), end: Date.parse(`${f.to}T00:00:00Z`) + DAY };
}

function events(db: Kysely<Database>, f: Filters) {
  const { start, end } = span(f);
  let q = db
    .selectFrom('analytics_events as e')
    .leftJoin('analytics_identities as i', 'i.original_id', 'e.distinct_id')
    .where('e.time', '>=', start)
    .where('e.time', '<', end);
  if (f.activityId) q = q.where('e.activity_id', '=', f.activityId);
  if (f.channel) q = q.where('e.channel', '=', f.channel);
  return q;
}

type Step = (e: { event: (name: string) => Expression<SqlBool> }) => Expression<SqlBool>;

/**
 * What each step means. "Signed in": any event of the campaign sent under a signed-in id (one
 * the SDK's login linked). "Qualified": a friend whose coins were released, read from the
 * referral tables (qualified.ts), not from the events.
 */
const STEP_WHERE: Record<FunnelStep | InviteStep, Step | 'signedIn' | 'qualified'> = {
  viewed: (x) => x.event(EVENTS.pageView),
  signedIn: 'signedIn',
  drew: (x) => x.event(EVENTS.draw),
  won: (x) => x.event(EVENTS.win),
  claimed: (x) => x.event(EVENTS.claim),
  shared: (x) => x.event(EVENTS.inviteShare),
  friendJoined: (x) => x.event(EVENTS.friendJoin),
  qualified: 'qualified',
};

async function peopleAt(db: Kysely<Database>, f: Filters, step: FunnelStep | InviteStep): Promise<Set<string>> {
  const where = STEP_WHERE[step];
  if (where === 'qualified') return qualifiedFriends(db, { ...span(f), activityId: f.activityId, channel: f.channel });
  let q = events(db, f).where('e.activity_id', 'is not', null);
  q =
    where === 'signedIn'
      ? q.where('e.distinct_id', 'in', db.selectFrom('analytics_identities').select('distinct_id'))
      : q.where(() => where({ event: (name) => sql<SqlBool>`e.event = ${name}` }));
  const rows = await q.select(person.as('who')).distinct().execute();
  return new Set(rows.map((r) => r.who));
}

/**
 * People at each step. The draw funnel is one person's path: a step counts those who took every
 * earlier step too. The invite funnel moves from referrers to their friends (other people), so
 * each step counts on its own (a friend may qualify days after joining, in another range).
 */
async function funnel<S extends FunnelStep | InviteStep>(db: Kysely<Database>, f: Filters, steps: readonly S[], strict: boolean) {
  const out: { step: S; people: number }[] = [];
  let kept = new Set<string>();
  for (const [i, step] of steps.entries()) {
    const here = await peopleAt(db, f, step);
    const before = kept;
    kept = i === 0 || !strict ? here : new Set([...here].filter((p) => before.has(p)));
    out.push({ step, people: kept.size });
  }
  return out;
}

export async function overview(db: Kysely<Database>, f: Filters): Promise<AnalyticsOverview> {
  const perDay = await events(db, f)
    .select([dayOf.as('d'), sql<number>`count(*)`.as('events'), sql<number>`count(distinct ${person})`.as('people')])
    .groupBy(dayOf)
    .orderBy(dayOf)
    .execute();
  const byDay = new Map(perDay.map((r) => [Number(r.d), r]));
  const days: AnalyticsOverview['days'] = [];
  for (let t = Date.parse(`${f.from}T00:00:00Z`); t <= Date.parse(`${f.to}T00:00:00Z`); t += DAY) {
    const r = byDay.get(t / DAY);
    days.push({ day: new Date(t).toISOString().slice(0, 10), events: Number(r?.events ?? 0), people: Number(r?.people ?? 0) });
  }
  const totals = await events(db, f)
    .select([sql<number>`count(*)`.as('events'), sql<number>`count(distinct ${person})`.as('people')])
    .executeTakeFirstOrThrow();
  const top = await events(db, f)
    .select(['e.event', sql<number>`count(*)`.as('count')])
    .groupBy('e.event')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('e.event')
    .limit(TOP)
    .execute();
  const rejected = await db
    .selectFrom('analytics_rejections')
    .select(['reason', sql<number>`sum(count)`.as('count')])
    .where('day', '>=', f.from)
    .where('day', '<=', f.to)
    .groupBy('reason')
    .orderBy('reason')
    .execute();
  return {
    from: f.from,
    to: f.to,
    totals: { events: Number(totals.events), people: Number(totals.people) },
    days,
    topEvents: top.map((r) => ({ event: r.event, count: Number(r.count) })),
    funnel: await funnel(db, f, FUNNEL_STEPS, true),
    inviteFunnel: await funnel(db, f, INVITE_STEPS, false),
    rejected: rejected.map((r) => ({ reason: r.reason, count: Number(r.count) })),
  };
}

const MAX_CHOICES = 200;

export async function dimensions(db: Kysely<Database>, f: Filters): Promise<AnalyticsDimensions> {
  const campaigns = await events(db, f)
    .select('e.activity_id as v')
    .where('e.activity_id', 'is not', null)
    .distinct()
    .orderBy('v')
    .limit(MAX_CHOICES)
    .execute();
  const channels = await events(db, f)
    .select('e.channel as v')
    .where('e.channel', 'is not', null)
    .distinct()
    .orderBy('v')
    .limit(MAX_CHOICES)
    .execute();
  return { campaigns: campaigns.map((r) => r.v as string), channels: channels.map((r) => r.v as string) };
}
