import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * oidc-provider's storage on our database (table `oidc_payloads`, both engines), so every
 * instance sees the same interactions, sessions, grants, codes, tokens and database clients.
 * One row per (model, id); the payload is JSON text; `grant_id`, `user_code` and `uid` are copied
 * out of it for the lookups the provider makes; `expires_at` (epoch ms) makes an expired row
 * invisible (found = not found) and `consumed_at` is reported as the payload's `consumed`
 * (epoch seconds, as the provider writes it).
 */
export type OidcPayload = Record<string, unknown> & {
  grantId?: string;
  userCode?: string;
  uid?: string;
  consumed?: number;
};

export interface OidcAdapter {
  upsert(id: string, payload: OidcPayload, expiresIn?: number): Promise<void>;
  find(id: string): Promise<OidcPayload | undefined>;
  findByUserCode(userCode: string): Promise<OidcPayload | undefined>;
  findByUid(uid: string): Promise<OidcPayload | undefined>;
  consume(id: string): Promise<void>;
  destroy(id: string): Promise<void>;
  revokeByGrantId(grantId: string): Promise<void>;
}

type Row = Pick<Database['oidc_payloads'], 'payload' | 'expires_at' | 'consumed_at'>;

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

export class DbOidcAdapter implements OidcAdapter {
  constructor(
    private readonly db: Kysely<Database>,
    readonly model: string,
    private readonly now: () => number = Date.now,
  ) {}

  async upsert(id: string, payload: OidcPayload, expiresIn?: number): Promise<void> {
    const row = {
      payload: JSON.stringify(payload),
      grant_id: str(payload.grantId),
      user_code: str(payload.userCode),
      uid: str(payload.uid),
      expires_at: typeof expiresIn === 'number' && expiresIn > 0 ? this.now() + expiresIn * 1000 : null,
    };
    // A re-save (interactions, sessions) keeps a consumption already recorded.
    await this.db
      .insertInto('oidc_payloads')
      .values({ model: this.model, id, ...row, consumed_at: null })
      .onConflict((oc) => oc.columns(['model', 'id']).doUpdateSet(row))
      .execute();
  }

  async find(id: string): Promise<OidcPayload | undefined> {
    return this.read(await this.select().where('id', '=', id).executeTakeFirst());
  }

  async findByUserCode(userCode: string): Promise<OidcPayload | undefined> {
    return this.read(await this.select().where('user_code', '=', userCode).executeTakeFirst());
  }

  async findByUid(uid: string): Promise<OidcPayload | undefined> {
    return this.read(await this.select().where('uid', '=', uid).executeTakeFirst());
  }

  /**
   * Single use, also across instances: only the first consumer flips `consumed_at`. A second
   * redemption of the same code that raced past the provider's own `consumed` check (read before
   * the first one wrote) is refused here, and the grant's tokens are revoked as for any reuse.
   */
  async consume(id: string): Promise<void> {
    const t = this.now();
    const r = await this.db
      .updateTable('oidc_payloads')
      .set({ consumed_at: t })
      .where('model', '=', this.model)
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) > 0) return;
    const row = await this.db
      .selectFrom('oidc_payloads')
      .select('grant_id')
      .where('model', '=', this.model)
      .where('id', '=', id)
      .executeTakeFirst();
    if (row?.grant_id) await this.revokeByGrantId(row.grant_id);
    // Loaded here, on this rare path, so the admin command can use the adapter without the provider.
    const { errors } = await import('oidc-provider');
    throw new errors.InvalidGrant('grant already consumed');
  }

  async destroy(id: string): Promise<void> {
    await this.db.deleteFrom('oidc_payloads').where('model', '=', this.model).where('id', '=', id).execute();
  }

  /** Every token and code of a grant, whatever its model (as the provider's reference adapter). */
  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.deleteFrom('oidc_payloads').where('grant_id', '=', grantId).execute();
  }

  private select() {
    return this.db.selectFrom('oidc_payloads').select(['payload', 'expires_at', 'consumed_at']).where('model', '=', this.model);
  }

  private read(row: Row | undefined): OidcPayload | undefined {
    if (!row) return undefined;
    if (row.expires_at !== null && row.expires_at <= this.now()) return undefined;
    const payload = JSON.parse(row.payload) as OidcPayload;
    if (row.consumed_at !== null) payload.consumed = Math.floor(row.consumed_at / 1000);
    return payload;
  }
}

/** Deletes rows past their expiry (never read again); run now and then by the app. */
export async function purgeExpiredOidcRows(db: Kysely<Database>, now = Date.now()): Promise<number> {
  const r = await db.deleteFrom('oidc_payloads').where('expires_at', '<=', now).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** The adapter factory oidc-provider takes (`configuration.adapter`): one adapter per model name. */
export function createOidcAdapter(db: Kysely<Database>, opts: { now?: () => number } = {}) {
  return (model: string): DbOidcAdapter => new DbOidcAdapter(db, model, opts.now);
}
