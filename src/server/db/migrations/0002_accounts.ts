import type { Kysely, Migration } from 'kysely';
import { autoId } from './dialect';

/**
 * Accounts: users and their sign-in identities (phone, e-mail, WeChat), password hashes,
 * sessions (hashed tokens), verification codes (HMACs, attempts), roles, the generated secret,
 * and the OAuth server's storage (oidc-provider models). Times are epoch milliseconds.
 */
export const migration0002: Migration = {
  async up(db: Kysely<unknown>) {
    const id = autoId(db);
    await db.schema
      .createTable('app_secrets')
      .addColumn('name', 'varchar(50)', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('users')
      .addColumn('id', id.type, id.build)
      .addColumn('nickname', 'varchar(64)', (c) => c.notNull())
      .addColumn('avatar_url', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('gender', 'integer', (c) => c.notNull().defaultTo(2))
      .addColumn('age', 'integer')
      .addColumn('introduction', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('locale', 'varchar(10)', (c) => c.notNull().defaultTo('en'))
      .addColumn('level', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('premium_until', 'bigint')
      // active | at_risk | blocked | cancelled
      .addColumn('state', 'varchar(20)', (c) => c.notNull().defaultTo('active'))
      .addColumn('cancel_requested_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('user_identities')
      .addColumn('id', id.type, id.build)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // phone (E.164) | email (lower case) | wechat (openid of one app) | oauth client subjects later
      .addColumn('kind', 'varchar(20)', (c) => c.notNull())
      .addColumn('value', 'varchar(320)', (c) => c.notNull())
      .addColumn('union_id', 'varchar(128)')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('user_identities_kind_value', ['kind', 'value'])
      .execute();
    await db.schema.createIndex('user_identities_user').on('user_identities').column('user_id').execute();

    await db.schema
      .createTable('user_passwords')
      .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('hash', 'varchar(200)', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('sessions')
      .addColumn('id', id.type, id.build)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('last_used_at', 'bigint', (c) => c.notNull())
      .addColumn('revoked_at', 'bigint')
      // Set by bind-verify: binding and unbinding are allowed until then.
      .addColumn('elevated_until', 'bigint')
      .addColumn('user_agent', 'varchar(300)', (c) => c.notNull().defaultTo(''))
      .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

    await db.schema
      .createTable('verification_codes')
      .addColumn('id', id.type, id.build)
      .addColumn('purpose', 'integer', (c) => c.notNull())
      .addColumn('channel', 'varchar(10)', (c) => c.notNull())
      .addColumn('destination', 'varchar(320)', (c) => c.notNull())
      .addColumn('code_hmac', 'varchar(64)', (c) => c.notNull())
      .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('consumed_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('verification_codes_dest')
      .on('verification_codes')
      .columns(['destination', 'purpose', 'created_at'])
      .execute();
    await db.schema.createIndex('verification_codes_ip').on('verification_codes').columns(['ip', 'created_at']).execute();

    await db.schema
      .createTable('user_roles')
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // staff | admin | group_owner
      .addColumn('role', 'varchar(20)', (c) => c.notNull())
      // '*' or 'venue:cd16', 'activity:12', 'circle:5'
      .addColumn('scope', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role', 'scope'])
      .execute();

    await db.schema
      .createTable('oidc_payloads')
      .addColumn('model', 'varchar(40)', (c) => c.notNull())
      .addColumn('id', 'varchar(255)', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('grant_id', 'varchar(255)')
      .addColumn('user_code', 'varchar(255)')
      .addColumn('uid', 'varchar(255)')
      .addColumn('expires_at', 'bigint')
      .addColumn('consumed_at', 'bigint')
      .addPrimaryKeyConstraint('oidc_payloads_pk', ['model', 'id'])
      .execute();
    await db.schema.createIndex('oidc_payloads_grant').on('oidc_payloads').column('grant_id').execute();
    await db.schema.createIndex('oidc_payloads_uid').on('oidc_payloads').column('uid').execute();
  },
};
