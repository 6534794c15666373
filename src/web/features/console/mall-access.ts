import type { AppLoadContext } from 'react-router';
import { type ConsoleArea, may } from '../../../shared/console-access';
import { consoleAccess } from './console-loader';

/**
 * Whether the signed-in user may view one area of the console, read on the server by the Mall,
 * Content and Venues pages' loaders (the API refuses the calls anyway; the page then says the section is
 * not theirs instead of showing what it cannot fill).
 */
export async function mayView(context: AppLoadContext, area: Extract<ConsoleArea, 'mall' | 'content' | 'venues'>) {
  const access = await consoleAccess(context);
  return access.state === 'staff' && may(access.grants, 'view', { type: 'area', area });
}

/** The HTTP status of a section page: 200, or 403 for staff of other scopes (the layout answers the rest). */
export const sectionStatus = (allowed: boolean) => (allowed ? 200 : 403);
