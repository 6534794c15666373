import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ClientMetadata } from 'oidc-provider';
import { type OAuthClientInput, ZOAuthClient } from '../config-json';
import type { Database } from '../db/schema';
import { DbOidcAdapter } from './adapter';

/**
 * Third-party applications allowed to ask our users for authorisation. Two sources: the
 * OAUTH_CLIENTS configuration (static, per deployment) and the database (model `Client` of the
 * provider's storage, written by `scripts/oauth-client.mjs`, seen by every instance). A client
 * without a secret is public (token_endpoint_auth_method `none`, browser or mobile apps); one with
 * a secret is confidential and authenticates at the token endpoint with HTTP Basic. Either way
 * only the authorisation code flow with PKCE (S256) is allowed, and redirect URIs match exactly.
 */
/** Our client description → oidc-provider client metadata. */
export function toClientMetadata(c: OAuthClientInput): ClientMetadata {
  return {
    client_id: c.clientId,
    client_name: c.name,
    redirect_uris: [...c.redirectUris],
    grant_types: ['authorization_code'],
    response_types: ['code'],
    ...(c.clientSecret
      ? { client_secret: c.clientSecret, token_endpoint_auth_method: 'client_secret_basic' }
      : { token_endpoint_auth_method: 'none' }),
  };
}

/** A secret for a confidential client (printed once by the admin command). */
export const newClientSecret = () => crypto.randomBytes(32).toString('base64url');

/** The database clients (model `Client`), as the provider reads them. */
export function createClientStore(db: Kysely<Database>) {
  const adapter = new DbOidcAdapter(db, 'Client');
  return {
    /** Adds or replaces a client; validated like OAUTH_CLIENTS entries. */
    async save(input: OAuthClientInput): Promise<ClientMetadata> {
      const parsed = ZOAuthClient.safeParse(input);
      if (!parsed.success) {
        throw new Error(parsed.error.issues.map((i) => `${i.path.join('.') || 'client'}: ${i.message}`).join('; '));
      }
      const metadata = toClientMetadata(parsed.data);
      await adapter.upsert(metadata.client_id, metadata);
      return metadata;
    },
    async find(clientId: string): Promise<ClientMetadata | undefined> {
      return (await adapter.find(clientId)) as ClientMetadata | undefined;
    },
    async list(): Promise<ClientMetadata[]> {
      const rows = await db.selectFrom('oidc_payloads').select('payload').where('model', '=', 'Client').orderBy('id').execute();
      return rows.map((r) => JSON.parse(r.payload) as ClientMetadata);
    },
    async remove(clientId: string): Promise<boolean> {
      const existed = (await adapter.find(clientId)) !== undefined;
      await adapter.destroy(clientId);
      return existed;
    },
  };
}
export type ClientStore = ReturnType<typeof createClientStore>;
