/**
 * Login and consent for the OAuth server: the JSON calls of the `/oauth?uid=<uid>` page.
 *
 * Contract for the page (answers are the usual `{ code, msg, result }` envelope; the two POSTs
 * follow the CSRF rule of every state-changing call: `__CXY_APP_ID_` header, same origin; the
 * browser sends the provider's `_interaction` cookie by itself, path /api/cxy/oauth2):
 *
 *   GET  /api/cxy/oauth2/interaction/:uid
 *        → { uid, prompt: 'login' | 'consent', client: { clientId, name }, scopes: string[], signedIn }
 *        `signedIn`: whether our session cookie names a signed-in user. Not signed in: sign in on
 *        the page (the accounts calls set the cookie), then approve.
 *   POST /api/cxy/oauth2/interaction/:uid/approve   (no body)
 *        → { redirectTo }: the signed-in user authorises the application for `scopes`. Not
 *        signed in: code 4 (HTTP 401).
 *   POST /api/cxy/oauth2/interaction/:uid/deny      (no body)
 *        → { redirectTo }: the application is told `access_denied`.
 *   Then `location.assign(redirectTo)`: the provider finishes and sends the browser back to the
 *   application. An unknown or expired uid, or one started in another browser: code 1001 (ask
 *   the person to start again from the application).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors, type Interaction, type InteractionResults, type Provider } from 'oidc-provider';
import { z } from 'zod';
import { interactionApprove, interactionDeny, interactionDetails } from '../../shared/api/oauth';
import { ResultCode } from '../../shared/errors';
import { requireUser } from '../accounts/auth';
import type { AccountsService } from '../accounts/service';
import { AppError } from '../http/app-error';
import { endpoint, parseInput } from '../http/envelope';
import { OAUTH_SCOPES } from './provider';

const ZParams = z.object({ uid: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

/** The scopes asked for that we serve (others are ignored by the provider too). */
export function requestedScopes(interaction: Interaction): string[] {
  const asked = new Set(String(interaction.params.scope ?? '').split(' '));
  return OAUTH_SCOPES.filter((s) => asked.has(s));
}

export function registerInteractionRoutes(app: FastifyInstance, deps: { provider: Provider; accounts: AccountsService }) {
  const { provider, accounts } = deps;

  /** The interaction of the uid, which must also be the one of this browser's cookie. */
  async function load(request: FastifyRequest, reply: FastifyReply): Promise<Interaction> {
    const { uid } = parseInput(ZParams, request.params);
    let interaction: Interaction;
    try {
      interaction = await provider.interactionDetails(request.raw, reply.raw);
    } catch (err) {
      if (err instanceof errors.SessionNotFound) throw new AppError(ResultCode.notFound);
      throw err;
    }
    if (interaction.uid !== uid) throw new AppError(ResultCode.notFound);
    return interaction;
  }

  endpoint(app, interactionDetails, async (_input, request, reply) => {
    reply.header('cache-control', 'no-store');
    const interaction = await load(request, reply);
    const clientId = String(interaction.params.client_id ?? '');
    const client = await provider.Client.find(clientId);
    const user = await accounts.authenticate(request.ctx).catch(() => null);
    return {
      uid: interaction.uid,
      prompt: interaction.prompt.name === 'login' ? ('login' as const) : ('consent' as const),
      client: { clientId, name: client?.clientName ?? clientId },
      scopes: requestedScopes(interaction),
      signedIn: user !== null,
    };
  });

  endpoint(app, interactionApprove, async (_input, request, reply) => {
    const user = await requireUser(accounts, request);
    const interaction = await load(request, reply);
    const accountId = String(user.userId);
    const clientId = String(interaction.params.client_id ?? '');

    // The provider remembers an earlier sign-in of this browser; when that was another account,
    // it ends here, so that finishing signs in the account of the site's session.
    const previous = interaction.session;
    if (previous && previous.accountId !== accountId) {
      const stale = previous.uid ? await provider.Session.findByUid(previous.uid) : undefined;
      interaction.session = undefined;
      interaction.grantId = undefined;
      await interaction.persist();
      await stale?.destroy();
    }

    let grant = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
    if (grant && (grant.accountId !== accountId || grant.clientId !== clientId)) grant = undefined;
    grant ??= new provider.Grant({ accountId, clientId });
    const scopes = requestedScopes(interaction);
    if (scopes.length) grant.addOIDCScope(scopes.join(' '));
    const grantId = await grant.save();

    const result: InteractionResults = {
      ...(interaction.prompt.name === 'login' || !interaction.session ? { login: { accountId } } : {}),
      consent: { grantId },
    };
    const redirectTo = await provider.interactionResult(request.raw, reply.raw, result, { mergeWithLastSubmission: false });
    return { redirectTo };
  });

  endpoint(app, interactionDeny, async (_input, request, reply) => {
    await load(request, reply);
    const redirectTo = await provider.interactionResult(
      request.raw,
      reply.raw,
      { error: 'access_denied', error_description: 'the user denied the authorisation' },
      { mergeWithLastSubmission: false },
    );
    return { redirectTo };
  });
}
