import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ClientMetadata } from 'oidc-provider';
import { z } from 'zod';
import { ConfigError } from '../config';
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
export interface OAuthClientInput {
  clientId: string;
  name: string;
  redirectUris: string[];
  clientSecret?: string | undefined;
}

const redirectUri = z
  .url({ protocol: /^https?$/ })
  .max(500)
  .refine((u) => !u.includes('#'), 'must not contain a fragment');

export const ZOAuthClient = z.strictObject({
  clientId: z.string().regex(/^[A-Za-z0-9_.-]{3,64}$/, 'must be 3-64 characters of A-Z a-z 0-9 _ . -'),
  name: z.string().trim().min(1).max(100),
  redirectUris: z.array(redirectUri).min(1).max(20),
  clientSecret: z.string().min(32, 'must be at least 32 characters').max(200).optional(),
});

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

/** OAUTH_CLIENTS (a JSON array of {clientId, name, redirectUris[], clientSecret?}) → metadata. */
export function parseOAuthClients(json: string | undefined): ClientMetadata[] {
  if (json === undefined || json.trim() === '') return [];
  let entries: unknown;
  try {
    entries = JSON.parse(json);
  } catch {
    // Not the SyntaxError's message: it may quote the text around the error, maybe a secret.
    throw new ConfigError('OAUTH_CLIENTS: not valid JSON');
  }
  if (!Array.isArray(entries)) throw new ConfigError('OAUTH_CLIENTS: must be a JSON array');
  const seen = new Set<string>();
  return entries.map((entry: unknown, index) => {
    const parsed = ZOAuthClient.safeParse(entry);
    if (!parsed.success) {
      // zod's messages name paths and expectations, never the values (so never the secret).
      const issues = parsed.error.issues.map((i) => `${i.path.join('.') || 'entry'}: ${i.message}`);
      throw new ConfigError(`OAUTH_CLIENTS[${index}]: ${issues.join('; ')}`);
    }
    if (seen.has(parsed.data.clientId)) throw new ConfigError(`OAUTH_CLIENTS[${index}]: duplicate clientId "${parsed.data.clientId}"`);
    seen.add(parsed.data.clientId);
    return toClientMetadata(parsed.data);
  });
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
