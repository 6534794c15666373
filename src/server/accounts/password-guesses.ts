import crypto from 'node:crypto';
import { ResultCode } from '../../shared/errors';
import type { Db } from '../db/database';
import type { IdentityKind } from '../db/schema';
import { AppError } from '../http/app-error';

/**
 * Password guessing per sign-in name (phone number or e-mail address), whatever address the
 * guesses come from. Five tries are free; from the fifth wrong one on, the next password sign-in of
 * that name waits a minute, then two, four… up to an hour, so a name gets about two dozen guesses
 * a day. A right password starts the count over, and so does a password reset; the count is
 * forgotten a day after the last wrong one.
 *
 * The wait holds password sign-in only: codes, WeChat and the reset keep working, so a stranger
 * who makes someone's name wait does not lock the owner out. Names without an account count and
 * wait the same way (the answer tells no one who has an account), which is why rows are keyed by
 * an HMAC of the name and not by user id. The count lives in the database so it holds across
 * instances.
 *
 * Each try is counted before the password is checked, by a guarded update of the row as read:
 * concurrent tries for one name cannot all pass a check that saw the same count.
 */
export const GUESS_LIMITS = {
  free: 5,
  firstWaitMs: 60_000,
  maxWaitMs: 3_600_000,
  forgetAfterMs: 86_400_000,
} as const;

const waitAfter = (failures: number) => Math.min(GUESS_LIMITS.firstWaitMs * 2 ** (failures - GUESS_LIMITS.free), GUESS_LIMITS.maxWaitMs);

function locked(ms: number): AppError {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return new AppError(ResultCode.passwordLocked, {
    params: { minutes: Math.ceil(seconds / 60) },
    result: { retryAfterSeconds: seconds },
  });
}

export function createPasswordGuesses(db: Db, secret: Buffer, now: () => number = () => Date.now()) {
  const q = db.kysely;
  return {
    nameOf: (kind: IdentityKind, value: string) =>
      crypto.createHmac('sha256', secret).update(`password-guesses\n${kind}\n${value}`).digest('hex'),

    /** Counts a try for the name, or refuses it (passwordLocked) while the name waits. */
    async claim(name: string): Promise<void> {
      // A concurrent try changed the row between read and update: read again (a few times).
      for (let round = 0; round < 3; round++) {
        const t = now();
        const row = await q.selectFrom('password_guesses').selectAll().where('name_hmac', '=', name).executeTakeFirst();
        if (!row) {
          const added = await q
            .insertInto('password_guesses')
            .values({ name_hmac: name, failures: 1, last_failure_at: t })
            .onConflict((oc) => oc.column('name_hmac').doNothing())
            .executeTakeFirst();
          if (Number(added.numInsertedOrUpdatedRows ?? 0) === 1) return;
          continue;
        }
        if (row.locked_until > t) throw locked(row.locked_until - t);
        const failures = t - row.last_failure_at > GUESS_LIMITS.forgetAfterMs ? 1 : row.failures + 1;
        const claimed = await q
          .updateTable('password_guesses')
          .set({ failures, last_failure_at: t, locked_until: failures >= GUESS_LIMITS.free ? t + waitAfter(failures) : 0 })
          .where('name_hmac', '=', name)
          .where('failures', '=', row.failures)
          .where('last_failure_at', '=', row.last_failure_at)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) === 1) return;
      }
      throw locked(1000);
    },

    /** The right password, or a reset: the names start over. */
    async forget(names: string[]): Promise<void> {
      if (names.length) await q.deleteFrom('password_guesses').where('name_hmac', 'in', names).execute();
    },
  };
}
export type PasswordGuesses = ReturnType<typeof createPasswordGuesses>;
