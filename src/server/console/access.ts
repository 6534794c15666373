import type { FastifyRequest } from 'fastify';
import {
  type ConsoleAction,
  type ConsoleItem,
  type ConsoleSection,
  consoleSections,
  type Grant,
  isStaff,
  may,
} from '../../shared/console-access';
import { ResultCode } from '../../shared/errors';
import { requireUser } from '../accounts/auth';
import type { AuthUser } from '../accounts/inputs';
import type { AccountsService } from '../accounts/service';
import { AppError } from '../http/app-error';
import { rememberActor } from './audit';

type Accounts = Pick<AccountsService, 'authenticate' | 'rolesOf'>;

/** May this user do `action` on `item`? (The rules: shared/console-access.ts.) */
export async function userMay(accounts: Accounts, userId: number, action: ConsoleAction, item: ConsoleItem): Promise<boolean> {
  return may(await accounts.rolesOf(userId), action, item);
}

/** The console sections this user sees; null when the user is not staff at all. */
export async function sectionsOfUser(accounts: Accounts, userId: number): Promise<{ grants: Grant[]; sections: ConsoleSection[] } | null> {
  const grants = await accounts.rolesOf(userId);
  return isStaff(grants) ? { grants, sections: consoleSections(grants) } : null;
}

/**
 * Admits an admin call: the signed-in caller (else 401, code 4) who may do `action` on `item`
 * (else 403, code 1117). The caller becomes the actor of the request's audit rows.
 */
export async function requireMay(
  accounts: Accounts,
  request: FastifyRequest,
  action: ConsoleAction,
  item: ConsoleItem,
): Promise<AuthUser & { grants: Grant[] }> {
  const user = await requireUser(accounts, request);
  const grants = await accounts.rolesOf(user.userId);
  if (!may(grants, action, item)) throw new AppError(ResultCode.forbiddenRole, { httpStatus: 403 });
  rememberActor(request, user.userId);
  return { ...user, grants };
}

/** An `onRequest` hook admitting every call of a plugin for one area (the admin APIs' guard). */
export const areaGuard = (accounts: Accounts, area: Extract<ConsoleItem, { type: 'area' }>['area']) => async (request: FastifyRequest) => {
  // Reads with GET/HEAD need `view`; everything else changes something.
  const action: ConsoleAction = request.method === 'GET' || request.method === 'HEAD' ? 'view' : 'change';
  await requireMay(accounts, request, action, { type: 'area', area });
};

/**
 * An `onRequest` hook for admin APIs whose finer check needs the input (which campaign, which
 * venue): only staff get as far as having their body read; the handler then calls `requireMay`.
 */
export const staffGuard = (accounts: Accounts) => async (request: FastifyRequest) => {
  const user = await requireUser(accounts, request);
  if (!isStaff(await accounts.rolesOf(user.userId))) throw new AppError(ResultCode.forbiddenRole, { httpStatus: 403 });
};
