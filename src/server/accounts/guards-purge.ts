import type { Db } from '../db/database';
import { CODE_LIMITS } from './codes';
import { GUESS_LIMITS } from './password-guesses';

const DAY_MS = 86_400_000;

/**
 * Deletes the account guards' rows no window reads any more, so the tables stay the size of
 * recent traffic: codes expired and older than the day the send caps count over, sign-in names
 * whose wrong passwords are forgotten and that wait for nothing, and devices not seen for as long
 * as a number knows them. Safe on several instances at once (plain deletes of dead rows).
 */
export async function purgeGuards(db: Db, now: number): Promise<{ codes: number; guesses: number; devices: number }> {
  const codes = await db.kysely
    .deleteFrom('verification_codes')
    .where('expires_at', '<', now)
    .where('created_at', '<', now - DAY_MS)
    .executeTakeFirst();
  const guesses = await db.kysely
    .deleteFrom('password_guesses')
    .where('last_failure_at', '<', now - GUESS_LIMITS.forgetAfterMs)
    .where('locked_until', '<', now)
    .executeTakeFirst();
  const devices = await db.kysely
    .deleteFrom('code_devices')
    .where('verified_at', '<', now - CODE_LIMITS.knownDeviceMs)
    .executeTakeFirst();
  return {
    codes: Number(codes.numDeletedRows),
    guesses: Number(guesses.numDeletedRows),
    devices: Number(devices.numDeletedRows),
  };
}
