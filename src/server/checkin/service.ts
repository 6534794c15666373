import type { CheckinResult, CheckinStatus } from '../../shared/api/checkin';
import { ResultCode } from '../../shared/errors';
import { dayKey, isTimeZone, previousDay } from '../../shared/time';
import { uuidv7 } from '../../shared/uuid';
import { type Campaign, stateOf } from '../campaigns/campaign';
import { earned } from '../campaigns/kinds';
import { coinBalance, moveCoins } from '../campaigns/ledger';
import type { Db, Tx } from '../db/database';
import { keyedCall } from '../db/keyed';
import { AppError } from '../http/app-error';
import { rewardFor } from './rewards';

const zoneOr400 = (zone: string) => {
  if (!isTimeZone(zone)) throw new AppError(ResultCode.invalidTimeZone);
  return zone;
};

/** The member's pinned zone, or the one asked for when they have not checked in yet. */
async function zoneOf(trx: Tx, c: Campaign<'checkin'>, userId: number, asked: string): Promise<{ zone: string; pinned: boolean }> {
  const m = await trx
    .selectFrom('checkin_members')
    .select('time_zone')
    .where('campaign_id', '=', c.id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return m ? { zone: m.time_zone, pinned: true } : { zone: zoneOr400(asked), pinned: false };
}

/**
 * Checks the member in for today (in their time zone, pinned at the first check-in): the day's
 * row, its streak (yesterday's plus one, else 1) and its coins, all in one transaction. The day's
 * unique key makes a check-in of another request on the same day find the day taken: it pays
 * nothing and answers `checkedIn: false` with the day as it stands. A retry of the same request
 * id answers what that request got (db/keyed.ts).
 */
export async function checkIn(
  db: Db,
  c: Campaign<'checkin'>,
  userId: number,
  askedZone: string,
  now = Date.now(),
  requestId = uuidv7(now),
): Promise<CheckinResult> {
  if (stateOf(c, now) !== 'ongoing') throw new AppError(ResultCode.checkinClosed);
  return keyedCall(db, { userId, operation: `checkin:${c.id}`, requestId }, now, async (trx) => {
    const { zone, pinned } = await zoneOf(trx, c, userId, askedZone);
    if (!pinned) {
      await trx
        .insertInto('checkin_members')
        .values({ campaign_id: c.id, user_id: userId, time_zone: zone, created_at: now })
        .onConflict((oc) => oc.columns(['campaign_id', 'user_id']).doNothing())
        .execute();
    }
    // A concurrent first check-in may have pinned another zone: the stored one counts.
    const day = dayKey(now, (await zoneOf(trx, c, userId, zone)).zone);
    const before = await trx
      .selectFrom('checkins')
      .select('streak')
      .where('campaign_id', '=', c.id)
      .where('user_id', '=', userId)
      .where('day', '=', previousDay(day))
      .executeTakeFirst();
    const streak = (before?.streak ?? 0) + 1;
    const coins = rewardFor(c.settings.checkinRewards, streak);
    const row = await trx
      .insertInto('checkins')
      .values({ campaign_id: c.id, user_id: userId, day, streak, coins, created_at: now })
      .onConflict((oc) => oc.columns(['campaign_id', 'user_id', 'day']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) {
      const today = await trx
        .selectFrom('checkins')
        .select(['streak', 'coins'])
        .where('campaign_id', '=', c.id)
        .where('user_id', '=', userId)
        .where('day', '=', day)
        .executeTakeFirstOrThrow();
      return { checkedIn: false, day, streak: today.streak, coins: today.coins, balance: await coinBalance(trx, userId) };
    }
    await earned(db, trx, userId, `checkin:${c.id}:${day}`, now);
    if (coins > 0) await moveCoins(trx, { userId, delta: coins, reason: 'checkin', key: `checkin:${c.id}:${userId}:${day}` }, now);
    return { checkedIn: true, day, streak, coins, balance: await coinBalance(trx, userId) };
  });
}

/** The member's calendar for a month (default: this month in their zone), streak and next reward. */
export async function checkinStatus(
  db: Db,
  c: Campaign<'checkin'>,
  userId: number,
  askedZone: string,
  month: string | undefined,
  now = Date.now(),
): Promise<CheckinStatus> {
  const { zone } = await zoneOf(db.kysely, c, userId, askedZone);
  const today = dayKey(now, zone);
  const shown = month ?? today.slice(0, 7);
  const [days, recent] = await Promise.all([
    db.kysely
      .selectFrom('checkins')
      .select(['day', 'coins', 'streak'])
      .where('campaign_id', '=', c.id)
      .where('user_id', '=', userId)
      .where('day', '>=', `${shown}-01`)
      .where('day', '<=', `${shown}-31`)
      .orderBy('day')
      .execute(),
    db.kysely
      .selectFrom('checkins')
      .select(['day', 'streak'])
      .where('campaign_id', '=', c.id)
      .where('user_id', '=', userId)
      .where('day', 'in', [today, previousDay(today)])
      .execute(),
  ]);
  const done = recent.find((r) => r.day === today);
  // A streak still alive: today's, or yesterday's waiting for today.
  const streak = done?.streak ?? recent.find((r) => r.day === previousDay(today))?.streak ?? 0;
  return {
    state: stateOf(c, now),
    startsAt: c.startsAt,
    endsAt: c.endsAt,
    timeZone: zone,
    today,
    checkedToday: Boolean(done),
    streak,
    rewards: c.settings.checkinRewards,
    // Today's check-in (when not done) or tomorrow's continue the streak: both are its next day.
    nextReward: rewardFor(c.settings.checkinRewards, streak + 1),
    month: shown,
    days: days.map((d) => ({ day: d.day, coins: d.coins })),
    balance: await coinBalance(db.kysely, userId),
  };
}

/** `allActivity/join`: joins once; joining again changes nothing. */
export async function joinActivity(db: Db, c: Campaign, userId: number, activityType: number, now = Date.now()) {
  const row = await db.kysely
    .insertInto('activity_participants')
    .values({ campaign_id: c.id, user_id: userId, activity_type: activityType, created_at: now })
    .onConflict((oc) => oc.columns(['campaign_id', 'user_id']).doNothing())
    .returning('campaign_id')
    .executeTakeFirst();
  return { joined: true as const, already: !row };
}
