import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TSession } from '../../shared/api/accounts';
import { ResultCode } from '../../shared/errors';
import type { RoleName } from '../db/schema';
import { AppError } from '../http/app-error';
import type { AuthUser, ClientMeta } from './inputs';
import type { AccountsService } from './service';

/** The signed-in caller, or result code 4 (no/expired/revoked token) or 5 (another user's id). */
export async function requireUser(accounts: Pick<AccountsService, 'authenticate'>, request: FastifyRequest): Promise<AuthUser> {
  const user = await accounts.authenticate(request.ctx);
  if (!user) throw new AppError(ResultCode.token, { httpStatus: 401 });
  return user;
}

/**
 * Staff pages and admin calls: the role for that scope (or a global admin). `orElse` admits users
 * another domain vouches for (venue staff of a campaign's venue), asked only when the role is missing.
 */
export async function requireRole(
  accounts: AccountsService,
  request: FastifyRequest,
  role: RoleName,
  scope: string,
  orElse?: (userId: number) => Promise<boolean>,
): Promise<AuthUser> {
  const user = await requireUser(accounts, request);
  if (!(await accounts.hasRole(user.userId, role, scope)) && !(await orElse?.(user.userId)))
    throw new AppError(ResultCode.forbiddenRole, { httpStatus: 403 });
  return user;
}

export const clientMeta = (request: FastifyRequest): ClientMeta => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? ''),
  device: request.ctx.duid,
});

/**
 * The web keeps the session in cookies named as the header context expects (`token`, `userId`):
 * the token HttpOnly (scripts never see it), Secure over HTTPS, SameSite=Lax. Apps and webviews
 * take the token from the answer and send it as a header.
 */
export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, session: TSession) {
  const base = { path: '/', sameSite: 'lax' as const, secure: request.protocol === 'https', expires: new Date(session.expiresAt) };
  reply.setCookie('token', session.token, { ...base, httpOnly: true });
  reply.setCookie('userId', session.userId, { ...base, httpOnly: false });
}

export function clearSessionCookies(reply: FastifyReply) {
  reply.clearCookie('token', { path: '/' });
  reply.clearCookie('userId', { path: '/' });
}
