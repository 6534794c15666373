import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import { migration0001 } from './migrations/0001_foundation';
import { migration0002 } from './migrations/0002_accounts';
import { migration0003 } from './migrations/0003_content';
import { migration0004 } from './migrations/0004_lottery';
import { migration0005 } from './migrations/0005_lottery_invites';
import { migration0006 } from './migrations/0006_checkin';
import { migration0007 } from './migrations/0007_gift_codes';
import { migration0008 } from './migrations/0008_newcomer';
import { migration0009 } from './migrations/0009_referrals';
import { migration0010 } from './migrations/0010_invite_tiers';
import { migration0011 } from './migrations/0011_collection';
import { migration0012 } from './migrations/0012_analytics';
import { migration0013 } from './migrations/0013_venues';
import { migration0014 } from './migrations/0014_univer';
import { migration0015 } from './migrations/0015_model_downloads';
import { migration0016 } from './migrations/0016_modeler';
import { migration0017 } from './migrations/0017_photo_scan';
import { migration0018 } from './migrations/0018_mall';
import { migration0019 } from './migrations/0019_draw_request_key';
import { migration0020 } from './migrations/0020_draw_time_on_balance';
import { migration0021 } from './migrations/0021_request_outcomes';
import { migration0022 } from './migrations/0022_account_guards';
import { migration0023 } from './migrations/0023_photo_scan_open_jobs';
import { migration0024 } from './migrations/0024_admin_audit';
import { migration0025 } from './migrations/0025_console_operations';
import { migration0028 } from './migrations/0028_coin_ledger_note';
import { migration0032 } from './migrations/0032_content_uploads';
import { migration0036 } from './migrations/0036_slice_toolpath';

/**
 * Forward-only migrations, listed here explicitly so the server bundle carries them. Names sort in
 * order of application; a migration is never edited once it has landed — add the next one.
 */
const MIGRATIONS: Record<string, Migration> = {
  '0001_foundation': migration0001,
  '0002_accounts': migration0002,
  '0003_content': migration0003,
  '0004_lottery': migration0004,
  '0005_lottery_invites': migration0005,
  '0006_checkin': migration0006,
  '0007_gift_codes': migration0007,
  '0008_newcomer': migration0008,
  '0009_referrals': migration0009,
  '0010_invite_tiers': migration0010,
  '0011_collection': migration0011,
  '0012_analytics': migration0012,
  '0013_venues': migration0013,
  '0014_univer': migration0014,
  '0015_model_downloads': migration0015,
  '0016_modeler': migration0016,
  '0017_photo_scan': migration0017,
  '0018_mall': migration0018,
  '0019_draw_request_key': migration0019,
  '0020_draw_time_on_balance': migration0020,
  '0021_request_outcomes': migration0021,
  '0022_account_guards': migration0022,
  '0023_photo_scan_open_jobs': migration0023,
  '0024_admin_audit': migration0024,
  '0025_console_operations': migration0025,
  '0028_coin_ledger_note': migration0028,
  '0032_content_uploads': migration0032,
  '0036_slice_toolpath': migration0036,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

// Kysely's migrator takes a lock (an advisory lock on PostgreSQL), so instances that start together
// apply each migration once.
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the schema types apply.
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  return migrate(db, (m) => m.migrateToLatest());
}

/** Up to and including the named migration (tests of a later migration start from the schema before it). */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the schema types apply.
export async function migrateTo(db: Kysely<any>, name: keyof typeof MIGRATIONS): Promise<string[]> {
  return migrate(db, (m) => m.migrateTo(name));
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the schema types apply.
async function migrate(db: Kysely<any>, run: (m: Migrator) => ReturnType<Migrator['migrateToLatest']>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await run(migrator);
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
