import type { Kysely, Migration } from 'kysely';

/**
 * Limits that protect an account from strangers (accounts/password-guesses.ts, accounts/codes.ts):
 * - password_guesses: wrong passwords per sign-in name (an HMAC of phone/e-mail, so names that
 *   have no account look the same and no address is stored in clear), with the time until which
 *   password sign-in of that name waits;
 * - verification_codes.device: the device id (header context) that asked for a code; a code can be
 *   used, and guessed at, only by the device (or, without one, the address) that asked for it;
 * - code_devices: devices that have used a code sent to a destination, whose sends to it do not
 *   count against the number's cap for everyone else.
 */
export const migration0022: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('password_guesses')
      .addColumn('name_hmac', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('failures', 'integer', (c) => c.notNull())
      .addColumn('last_failure_at', 'bigint', (c) => c.notNull())
      .addColumn('locked_until', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('verification_codes')
      .addColumn('device', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .createTable('code_devices')
      .addColumn('destination', 'varchar(320)', (c) => c.notNull())
      .addColumn('device', 'varchar(64)', (c) => c.notNull())
      .addColumn('verified_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('code_devices_pk', ['destination', 'device'])
      .execute();
  },
};
