import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { TSession } from '../../shared/api/accounts';
import * as contract from '../../shared/api/accounts';
import { ResultCode } from '../../shared/errors';
import { accountChanged } from '../campaigns/kinds';
import { requireMay } from '../console/access';
import { auditOf } from '../console/audit';
import { AppError } from '../http/app-error';
import { endpoint, parseInput } from '../http/envelope';
import { clearSessionCookies, clientMeta, requireUser, setSessionCookies } from './auth';
import type { ExternalSignIn } from './external';
import type { AccountsService } from './service';

/** The accounts API (`loginV2`, `oauthLogin`, and the code, binding and session calls). */
export function registerAccountRoutes(
  app: FastifyInstance,
  deps: { accounts: AccountsService; external: ExternalSignIn; publicUrl?: string | undefined },
) {
  const { accounts } = deps;
  const publicOrigin = deps.publicUrl ? new URL(deps.publicUrl).origin : undefined;
  const perIp = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

  endpoint(
    app,
    contract.sendCode,
    async (input, request) => accounts.sendCode(input, request.ctx, clientMeta(request), await accounts.authenticate(request.ctx)),
    perIp(10),
  );

  // Every sign-in answers the session and sets the web's cookies the same way.
  const signIn = <I extends z.ZodType>(
    c: { method: 'POST'; path: string; input: I; result: typeof contract.ZSession },
    start: (input: z.infer<I>, request: FastifyRequest) => Promise<TSession>,
    max: number,
  ) =>
    endpoint(
      app,
      c,
      async (input, request, reply) => {
        const session = await start(input as z.infer<I>, request);
        setSessionCookies(request, reply, session);
        return session;
      },
      perIp(max),
    );
  signIn(contract.loginV2, (input, request) => accounts.loginPassword(input, request.ctx, clientMeta(request)), 20);
  signIn(contract.quickLogin, (input, request) => accounts.quickLogin(input, request.ctx, clientMeta(request)), 20);
  signIn(contract.register, (input, request) => accounts.register(input, request.ctx, clientMeta(request)), 10);

  endpoint(app, contract.resetPassword, (input, request) => accounts.resetPassword(input, request.ctx, clientMeta(request)), perIp(10));

  endpoint(app, contract.changePassword, async (input, request) => accounts.changePassword(await requireUser(accounts, request), input));
  endpoint(
    app,
    contract.verifyCurrent,
    async (input, request) => accounts.verifyCurrent(await requireUser(accounts, request), input, clientMeta(request)),
    perIp(20),
  );
  endpoint(
    app,
    contract.bind,
    async (input, request) => accounts.bind(await requireUser(accounts, request), input, request.ctx.locale, clientMeta(request)),
    perIp(20),
  );
  endpoint(
    app,
    contract.unbind,
    async (input, request) => accounts.unbind(await requireUser(accounts, request), input, clientMeta(request)),
    perIp(20),
  );

  endpoint(app, contract.cancel, async (input, request, reply) => {
    const result = await accounts.cancel(await requireUser(accounts, request), input, clientMeta(request));
    clearSessionCookies(reply);
    return result;
  });

  endpoint(app, contract.logout, async (_input, request, reply) => {
    const user = await accounts.authenticate(request.ctx).catch(() => null);
    if (user) await accounts.logout(user);
    clearSessionCookies(reply);
    return { ok: true as const };
  });

  endpoint(app, contract.logoutAll, async (_input, request, reply) => {
    const revoked = await accounts.logoutAll(await requireUser(accounts, request));
    clearSessionCookies(reply);
    return { revoked };
  });

  endpoint(app, contract.me, async (_input, request) => accounts.me((await requireUser(accounts, request)).userId));

  endpoint(app, contract.updateProfile, async (input, request) =>
    accounts.updateProfile((await requireUser(accounts, request)).userId, input),
  );

  endpoint(
    app,
    contract.oauthLogin,
    async (input, request, reply) => {
      // A web client's state must come back and match the browser's: otherwise a code someone else
      // obtained (a link to this page with their code) would sign the visitor into their account.
      // Native apps have no redirect and send no state (spec); one they do send must match too.
      const mustMatch = deps.external.kindOf(input.clientId) === 'web' || input.state !== undefined;
      if (mustMatch && !(input.state && input.state === request.cookies.oauth_state))
        throw new AppError(ResultCode.externalLoginFailed, { result: { reason: 'state' } });
      reply.clearCookie('oauth_state', { path: '/' });
      const session = await deps.external.signIn(input.clientId, input.code, request.ctx.locale, clientMeta(request));
      setSessionCookies(request, reply, session);
      return session;
    },
    perIp(20),
  );

  // Starts external sign-in: a state bound to this browser (cookie), then off to the provider.
  // `redirect` is a path of this site that will receive `code` and `state`.
  app.get(contract.oauthStart.path, { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (request, reply) => {
    const { clientId, redirect } = parseInput(contract.oauthStart.input, request.query);
    if (!redirect.startsWith('/') || redirect.startsWith('//'))
      throw new AppError(ResultCode.parameter, { messageKey: 'parameterNamed', params: { field: 'redirect' } });
    const state = crypto.randomBytes(16).toString('base64url');
    const origin = publicOrigin ?? `${request.protocol}://${request.host}`;
    const url = deps.external.authorizeUrl(clientId, origin + redirect, state);
    reply.setCookie('oauth_state', state, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      maxAge: 600,
    });
    return reply.redirect(url, 302);
  });

  endpoint(app, contract.adminUpdateUser, async (input, request) => {
    // Support staff may block and unblock; levels, premium and roles are an admin's.
    const onlyState =
      input.level === undefined && input.premiumUntil === undefined && !input.addRoles?.length && !input.removeRoles?.length;
    await requireMay(accounts, request, 'change', { type: 'area', area: onlyState ? 'support' : 'roles' });
    const me = await accounts.adminUpdate(input, auditOf(request, 'user.update', 'user'));
    // What campaigns owe this member may depend on what changed (invite coins on levels, daily chances on premium).
    await accountChanged(app.db, {
      userId: input.userId,
      levelOrStanding: input.level !== undefined || input.state !== undefined,
      premium: input.premiumUntil !== undefined,
    });
    return me;
  });
}
