/**
 * The part of oidc-provider (v9, shipped without type declarations) this folder uses. Shapes
 * follow the library's documentation; anything not listed here is not used by us.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type AdapterPayload = Record<string, unknown>;
  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export interface ClientMetadata {
    client_id: string;
    client_secret?: string;
    client_name?: string;
    redirect_uris: string[];
    grant_types?: string[];
    response_types?: string[];
    token_endpoint_auth_method?: string;
    [key: string]: unknown;
  }

  export interface OidcSession {
    accountId?: string;
    uid: string;
  }

  export interface KoaContextWithOIDC {
    req: IncomingMessage;
    res: ServerResponse;
    type: string;
    body: unknown;
    status: number;
    set(field: string, value: string): void;
    oidc: { session: OidcSession; client?: { clientId: string }; params?: Record<string, unknown> };
  }

  export interface AccountClaims {
    sub: string;
    [claim: string]: unknown;
  }
  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<AccountClaims> | AccountClaims;
  }

  export interface ErrorOut {
    error: string;
    error_description?: string;
  }

  export interface Configuration {
    adapter?: (model: string) => Adapter;
    clients?: ClientMetadata[];
    clientDefaults?: Partial<ClientMetadata>;
    clientAuthMethods?: string[];
    jwks?: { keys: object[] };
    cookies?: {
      keys?: string[];
      long?: Record<string, unknown>;
      short?: Record<string, unknown>;
    };
    features?: Record<string, { enabled: boolean; [key: string]: unknown }>;
    responseTypes?: string[];
    pkce?: { required?: (ctx: KoaContextWithOIDC, client: unknown) => boolean };
    routes?: Record<string, string>;
    scopes?: string[];
    claims?: Record<string, string[] | null>;
    ttl?: Record<string, number | ((...args: unknown[]) => number)>;
    interactions?: {
      url?: (ctx: KoaContextWithOIDC, interaction: Interaction) => string | Promise<string>;
      policy?: Prompt[];
    };
    findAccount?: (ctx: KoaContextWithOIDC, sub: string, token?: unknown) => Promise<Account | undefined> | Account | undefined;
    renderError?: (ctx: KoaContextWithOIDC, out: ErrorOut, error: Error) => void | Promise<void>;
    issueRefreshToken?: (...args: unknown[]) => boolean | Promise<boolean>;
    allowOmittingSingleRegisteredRedirectUri?: boolean;
    conformIdTokenClaims?: boolean;
    loadExistingGrant?: (ctx: KoaContextWithOIDC) => Promise<Grant | undefined>;
  }

  export interface InteractionResults {
    login?: { accountId: string; remember?: boolean; ts?: number; amr?: string[]; acr?: string };
    consent?: { grantId?: string };
    error?: string;
    error_description?: string;
    [key: string]: unknown;
  }

  export class Interaction {
    readonly uid: string;
    readonly jti: string;
    exp: number;
    returnTo: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown>;
    session?: { accountId: string; uid?: string; cookie?: string };
    grantId?: string;
    result?: InteractionResults;
    save(ttl: number): Promise<string>;
    persist(): Promise<string>;
  }

  export class Grant {
    constructor(properties: { accountId: string; clientId: string });
    readonly jti: string;
    accountId: string;
    clientId: string;
    addOIDCScope(scope: string): void;
    getOIDCScope(): string;
    save(ttl?: number): Promise<string>;
    static find(id: string): Promise<Grant | undefined>;
  }

  export class Session {
    accountId?: string;
    uid: string;
    destroy(): Promise<void>;
    static findByUid(uid: string): Promise<Session | undefined>;
  }

  export class Client {
    readonly clientId: string;
    readonly clientName?: string;
    static find(id: string): Promise<Client | undefined>;
  }

  export class Provider {
    constructor(issuer: string, configuration?: Configuration);
    readonly issuer: string;
    proxy: boolean;
    readonly Grant: typeof Grant;
    readonly Session: typeof Session;
    readonly Client: typeof Client;
    readonly Interaction: typeof Interaction;
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
    use(middleware: (ctx: KoaContextWithOIDC, next: () => Promise<void>) => Promise<void>): this;
    on(event: 'server_error', listener: (ctx: KoaContextWithOIDC, err: Error) => void): this;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
  export default Provider;

  export namespace errors {
    export class OIDCProviderError extends Error {
      error: string;
      error_description?: string;
      status: number;
      statusCode: number;
    }
    export class InvalidGrant extends OIDCProviderError {
      constructor(description?: string);
    }
    export class SessionNotFound extends OIDCProviderError {
      constructor(description?: string);
    }
    export class AccessDenied extends OIDCProviderError {
      constructor(description?: string);
    }
  }

  export class Check {
    constructor(
      reason: string,
      description: string,
      check: (ctx: KoaContextWithOIDC) => boolean | Promise<boolean>,
      details?: (ctx: KoaContextWithOIDC) => Record<string, unknown> | Promise<Record<string, unknown>>,
    );
    static readonly REQUEST_PROMPT: true;
    static readonly NO_NEED_TO_PROMPT: false;
  }

  export class Prompt {
    readonly name: string;
    readonly checks: Check[] & { add(check: Check, index?: number): void; get(reason: string): Check | undefined };
  }

  export namespace interactionPolicy {
    export { Check, Prompt };
    export function base(): Prompt[] & { get(name: string): Prompt | undefined };
  }
}
