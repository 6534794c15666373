import { z } from 'zod';
import { LOCALES } from '../i18n';
import { API } from './all-routes';

/** Endpoint contracts of the `system` domain: health, the header-context echo and a ping. */
export const health = {
  ...API.system.health,
  result: z.object({ status: z.enum(['ok', 'degraded', 'draining']), database: z.enum(['ok', 'down']), dialect: z.string() }),
} as const;

/** Echoes the parsed header context (never the token itself): lets apps check what they send. */
export const context = {
  ...API.system.context,
  result: z.object({
    osVersion: z.string(),
    platform: z.number(),
    duid: z.string(),
    requestId: z.string(),
    token: z.boolean(),
    userId: z.string(),
    appChannel: z.string(),
    lotteryChannel: z.number(),
    locale: z.string(),
    appId: z.string(),
  }),
} as const;

/** A harmless state-changing call: the CSRF rule, body handling and rate limits are tested on it. */
export const ping = {
  ...API.system.ping,
  input: z.object({ message: z.string().min(1).max(200) }),
  result: z.object({ echo: z.string(), at: z.string() }),
} as const;

/** Stores the visitor's language choice in the `lang` cookie (read by every page and call). */
export const language = {
  ...API.system.language,
  input: z.object({ locale: z.enum(LOCALES) }),
  result: z.object({ locale: z.enum(LOCALES) }),
} as const;
