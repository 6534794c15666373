import type { ColumnType, Generated } from 'kysely';
import type { AnalyticsTables } from './schema-analytics';
import type { ContentTables } from './schema-content';
import type { LotteryTables } from './schema-lottery';
import type { MallTables } from './schema-mall';
import type { ModelerTables } from './schema-modeler';
import type { PhotoTables } from './schema-photo';
import type { ProgrammeTables } from './schema-programmes';
import type { VenueTables } from './schema-venues';

/**
 * The Kysely database interface: every table of every domain. Times are epoch milliseconds in
 * integer columns on both engines (pg's int8 is parsed to number), so queries and results are the
 * same on SQLite and PostgreSQL.
 */
export interface SeedRunTable {
  name: string;
  applied_at: number;
}

export interface AppSecretTable {
  name: string;
  value: string;
  created_at: number;
}

export type UserState = 'active' | 'at_risk' | 'blocked' | 'cancelled';

export interface UserTable {
  id: Generated<number>;
  nickname: string;
  avatar_url: ColumnType<string, string | undefined, string>;
  gender: ColumnType<number, number | undefined, number>;
  age: number | null;
  introduction: ColumnType<string, string | undefined, string>;
  locale: ColumnType<string, string | undefined, string>;
  level: ColumnType<number, number | undefined, number>;
  premium_until: number | null;
  /** Cloud space won as prizes, in GB (migration 0004). */
  storage_bonus_gb: ColumnType<number, number | undefined, number>;
  state: ColumnType<UserState, UserState | undefined, UserState>;
  cancel_requested_at: number | null;
  created_at: number;
  updated_at: number;
}

export type IdentityKind = 'phone' | 'email' | 'wechat';

export interface UserIdentityTable {
  id: Generated<number>;
  user_id: number;
  kind: IdentityKind;
  value: string;
  union_id: string | null;
  created_at: number;
}

export interface UserPasswordTable {
  user_id: number;
  hash: string;
  updated_at: number;
}

export interface SessionTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: number;
  expires_at: number;
  last_used_at: number;
  revoked_at: number | null;
  elevated_until: ColumnType<number | null, number | null | undefined, number | null>;
  user_agent: ColumnType<string, string | undefined, string>;
  ip: ColumnType<string, string | undefined, string>;
}

export interface VerificationCodeTable {
  id: Generated<number>;
  purpose: number;
  channel: 'sms' | 'email';
  destination: string;
  code_hmac: string;
  ip: ColumnType<string, string | undefined, string>;
  attempts: ColumnType<number, number | undefined, number>;
  /** The asking device's id (header context), '' without one (migration 0022). */
  device: ColumnType<string, string | undefined, string>;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

/** Wrong passwords per sign-in name (migration 0022; accounts/password-guesses.ts). */
export interface PasswordGuessTable {
  name_hmac: string;
  failures: number;
  last_failure_at: number;
  locked_until: ColumnType<number, number | undefined, number>;
}

/** Devices that have used a code sent to a destination (migration 0022; accounts/codes.ts). */
export interface CodeDeviceTable {
  destination: string;
  device: string;
  verified_at: number;
}

export type RoleName = 'staff' | 'admin' | 'group_owner';

export interface UserRoleTable {
  user_id: number;
  role: RoleName;
  scope: string;
  created_at: number;
}

export interface OidcPayloadTable {
  model: string;
  id: string;
  payload: string;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: number | null;
  consumed_at: number | null;
}

/** A keyed call's first outcome, by caller and request id (migration 0021; db/keyed.ts). */
export interface RequestOutcomeTable {
  user_id: number;
  operation: string;
  request_id: string;
  /** JSON of the first answer. */
  outcome: string;
  created_at: number;
}

/** The console's append-only audit log (migration 0024; console/audit.ts). */
export interface AdminAuditTable {
  id: Generated<number>;
  at: number;
  actor_id: number;
  action: string;
  item_type: string;
  item_id: string;
  before: string | null;
  after: string | null;
  request_id: string;
}

export interface Database
  extends ContentTables,
    LotteryTables,
    ProgrammeTables,
    ModelerTables,
    AnalyticsTables,
    VenueTables,
    PhotoTables,
    MallTables {
  seed_runs: SeedRunTable;
  app_secrets: AppSecretTable;
  users: UserTable;
  user_identities: UserIdentityTable;
  user_passwords: UserPasswordTable;
  sessions: SessionTable;
  verification_codes: VerificationCodeTable;
  password_guesses: PasswordGuessTable;
  code_devices: CodeDeviceTable;
  user_roles: UserRoleTable;
  oidc_payloads: OidcPayloadTable;
  request_outcomes: RequestOutcomeTable;
  admin_audit: AdminAuditTable;
}
