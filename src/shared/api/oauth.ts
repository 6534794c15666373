import { z } from 'zod';
import { OAUTH_API } from './routes-accounts';

/**
 * The OAuth consent page's calls (server/oauth/interactions.ts answers them), for the interaction
 * named by `:uid`. `signedIn`: whether the session cookie names a signed-in user; approving needs one.
 */
export const interactionDetails = {
  ...OAUTH_API.interaction,
  result: z.object({
    uid: z.string(),
    prompt: z.enum(['login', 'consent']),
    client: z.object({ clientId: z.string(), name: z.string() }),
    scopes: z.array(z.string()),
    signedIn: z.boolean(),
  }),
} as const;
export const interactionApprove = { ...OAUTH_API.approve, result: z.object({ redirectTo: z.string() }) } as const;
export const interactionDeny = { ...OAUTH_API.deny, result: z.object({ redirectTo: z.string() }) } as const;
