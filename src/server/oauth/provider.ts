import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { promisify } from 'node:util';
import type { Kysely } from 'kysely';
import Provider, { type Account, type ClientMetadata, interactionPolicy, type KoaContextWithOIDC } from 'oidc-provider';
import type { AccountsService } from '../accounts/service';
import type { Database } from '../db/schema';
import { createOidcAdapter } from './adapter';

/**
 * The OAuth 2.0 authorisation server (oidc-provider), for third-party applications that let
 * people sign in with their account here: authorisation code flow only, PKCE S256 required of
 * every client, exact redirect URIs, single-use 60-second codes, opaque one-hour access tokens,
 * scopes `openid profile` (claims nickname and picture). Served under OAUTH_PREFIX (routes.ts);
 * login and consent happen on our `/oauth` page through the JSON calls of interactions.ts.
 */
export const OAUTH_PREFIX = '/api/cxy/oauth2';
export const OAUTH_SCOPES = ['openid', 'profile'] as const;

export interface OAuthProviderOptions {
  /**
   * config.PUBLIC_URL, else `http://localhost:${PORT}` (only this machine is served then): the
   * issuer is `${origin}${OAUTH_PREFIX}`, and every endpoint is named on this origin (routes.ts).
   */
  publicOrigin: string;
  db: Kysely<Database>;
  accounts: AccountsService;
  /** OAUTH_SIGNING_KEY, when the operator supplies it. */
  signingKey?: crypto.KeyObject | undefined;
  /** The accounts secret: the provider's cookie keys are derived from it. */
  secret: Buffer;
  clients: ClientMetadata[];
  /** Who is signed in on the site for a request (our session cookie), or null. */
  siteUser: (req: IncomingMessage) => Promise<string | null>;
}

export function issuerFor(publicOrigin: string): string {
  return `${new URL(publicOrigin).origin}${OAUTH_PREFIX}`;
}

export async function createOAuthProvider(o: OAuthProviderOptions): Promise<Provider> {
  const provider = new Provider(issuerFor(o.publicOrigin), {
    adapter: createOidcAdapter(o.db),
    clients: o.clients,
    jwks: await loadJwks(o.db, o.signingKey),
    cookies: {
      keys: [crypto.createHmac('sha256', o.secret).update('oauth2 cookies').digest('base64url')],
      // Sent to the provider and to our interaction calls only, never to the rest of the site.
      long: { httpOnly: true, sameSite: 'lax', path: OAUTH_PREFIX },
      short: { httpOnly: true, sameSite: 'lax', path: OAUTH_PREFIX },
    },
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: true },
      dPoP: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      resourceIndicators: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      introspection: { enabled: false },
      revocation: { enabled: false },
      registration: { enabled: false },
      clientCredentials: { enabled: false },
      deviceFlow: { enabled: false },
    },
    responseTypes: ['code'],
    clientDefaults: {
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
      id_token_signed_response_alg: 'RS256',
    },
    clientAuthMethods: ['none', 'client_secret_basic'],
    // Only S256 exists in oidc-provider 9; required of confidential clients too.
    pkce: { required: () => true },
    allowOmittingSingleRegisteredRedirectUri: false,
    routes: { authorization: '/authorize', token: '/token', userinfo: '/userinfo', jwks: '/jwks' },
    scopes: [...OAUTH_SCOPES],
    claims: { openid: ['sub'], profile: ['nickname', 'picture'] },
    ttl: {
      AuthorizationCode: 60,
      AccessToken: 3600,
      IdToken: 3600,
      // Time to sign in (codes by SMS included) and decide.
      Interaction: 600,
      Session: 14 * 86_400,
      Grant: 14 * 86_400,
    },
    // No refresh tokens: the default issues them only for offline_access, which is not offered.
    interactions: {
      url: (_ctx, interaction) => `/oauth?uid=${encodeURIComponent(interaction.uid)}`,
      policy: policy(o.siteUser),
    },
    findAccount: (_ctx, sub) => findAccount(o.accounts, sub),
    renderError,
  });
  return provider;
}

/**
 * The default prompts (login, then consent), with one more login check: the site's session is
 * the one that counts. When the person signed in on the site is not the provider session's
 * account (signed out, or another account since), they are asked again on our page.
 */
function policy(siteUser: OAuthProviderOptions['siteUser']) {
  const { base, Check } = interactionPolicy;
  const prompts = base();
  prompts
    .get('login')
    ?.checks.add(
      new Check('site_session', 'the site session does not match', async (ctx: KoaContextWithOIDC) =>
        ctx.oidc.session.accountId !== undefined && (await siteUser(ctx.req)) !== ctx.oidc.session.accountId
          ? Check.REQUEST_PROMPT
          : Check.NO_NEED_TO_PROMPT,
      ),
    );
  return prompts;
}

/** sub = our user id; claims from the accounts service. Blocked and cancelled accounts are no one. */
export async function findAccount(accounts: AccountsService, sub: string): Promise<Account | undefined> {
  if (!/^[1-9]\d{0,15}$/.test(sub)) return undefined;
  let me: Awaited<ReturnType<AccountsService['me']>>;
  try {
    me = await accounts.me(Number(sub));
  } catch {
    return undefined;
  }
  if (me.state === 'blocked' || me.state === 'cancelled') return undefined;
  return {
    accountId: sub,
    claims: () => ({ sub, nickname: me.nickname, ...(me.avatarUrl ? { picture: me.avatarUrl } : {}) }),
  };
}

/**
 * The id_token signing key (RS256): the operator's (OAUTH_SIGNING_KEY, never written to the
 * database), or one generated once and kept in app_secrets, so every instance signs with the
 * same key and tokens verify across restarts.
 */
export async function loadJwks(db: Kysely<Database>, configured?: crypto.KeyObject): Promise<{ keys: crypto.JsonWebKey[] }> {
  if (configured) return { keys: [signingJwk(configured)] };
  const read = () => db.selectFrom('app_secrets').select('value').where('name', '=', 'oidc_jwks').executeTakeFirst();
  let row = await read();
  if (!row) {
    const { privateKey } = await promisify(crypto.generateKeyPair)('rsa', { modulusLength: 2048 });
    const value = JSON.stringify({ keys: [signingJwk(privateKey)] });
    await db
      .insertInto('app_secrets')
      .values({ name: 'oidc_jwks', value, created_at: Date.now() })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    row = await read();
  }
  if (!row) throw new Error('oidc_jwks: could not be stored');
  return JSON.parse(row.value) as { keys: crypto.JsonWebKey[] };
}

function signingJwk(privateKey: crypto.KeyObject): crypto.JsonWebKey {
  const jwk = privateKey.export({ format: 'jwk' });
  // RFC 7638 thumbprint as the key id.
  const kid = crypto
    .createHash('sha256')
    .update(JSON.stringify({ e: jwk.e, kty: 'RSA', n: jwk.n }))
    .digest('base64url');
  return { ...jwk, kid, alg: 'RS256', use: 'sig' };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * Errors the provider cannot send back to the client (unknown client, wrong redirect URI…): a
 * plain page without inline styles or scripts (our CSP allows neither).
 */
function renderError(ctx: KoaContextWithOIDC, out: { error: string; error_description?: string }) {
  ctx.type = 'html';
  ctx.body = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Authorisation failed</title></head><body><h1>Authorisation failed</h1><p><code>${escapeHtml(out.error)}</code></p>${out.error_description ? `<p>${escapeHtml(out.error_description)}</p>` : ''}</body></html>`;
}

export type { Provider };
