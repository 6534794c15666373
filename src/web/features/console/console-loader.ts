import type { AppLoadContext } from 'react-router';
import { type ConsoleSection, consoleSections, type Grant, isStaff } from '../../../shared/console-access';

/** Who is at the console, as its loaders see it on the server. */
export type ConsoleAccess =
  | { state: 'signedOut' }
  | { state: 'denied' }
  | { state: 'staff'; userId: number; nickname: string; grants: Grant[]; sections: ConsoleSection[] };

/**
 * The signed-in user's console access, read on the server by every console loader (a loader never
 * relies on the layout's: they run side by side). A token the server no longer accepts counts as
 * signed out.
 */
export async function consoleAccess(context: AppLoadContext): Promise<ConsoleAccess> {
  const { accounts } = context.services;
  let userId: number;
  try {
    const user = await accounts.authenticate(context.ctx);
    if (!user) return { state: 'signedOut' };
    userId = user.userId;
  } catch (err) {
    if (err instanceof Error && err.name === 'AppError') return { state: 'signedOut' };
    throw err;
  }
  const grants = await accounts.rolesOf(userId);
  if (!isStaff(grants)) return { state: 'denied' };
  const me = await accounts.me(userId);
  return { state: 'staff', userId, nickname: me.nickname, grants, sections: consoleSections(grants) };
}

/** The HTTP status of a console page for this access. */
export const accessStatus = (a: ConsoleAccess) => (a.state === 'signedOut' ? 401 : a.state === 'denied' ? 403 : 200);
