import { z } from 'zod';

/**
 * The configuration variables that hold JSON lists, as zod schemas of config.ts. Refusals name
 * the variable, the entry and the field, never a value: these lists carry secrets.
 */

/**
 * A variable holding a JSON array of `item`, each with a unique `key`: the parsed list, or
 * issues such as `WECHAT_CLIENTS[1].appId: …`.
 */
export function jsonList<T extends z.ZodType>(name: string, item: T, key: keyof z.output<T> & string) {
  return z.string().transform((text, ctx): z.output<T>[] => {
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (text.trim() === '') return [];
    let entries: unknown;
    try {
      entries = JSON.parse(text);
    } catch {
      // Not the SyntaxError's message: V8 quotes the text around the error, maybe a secret.
      return fail('not valid JSON');
    }
    if (!Array.isArray(entries)) return fail('must be a JSON array');
    const seen = new Set<unknown>();
    const list: z.output<T>[] = [];
    for (const [index, entry] of entries.entries()) {
      const parsed = item.safeParse(entry);
      if (!parsed.success) {
        // zod's messages name paths and expectations, never the values.
        const issues = parsed.error.issues.map((i) => `${[`${name}[${index}]`, ...i.path].join('.')}: ${i.message}`);
        return fail(issues.join('; '));
      }
      const id = (parsed.data as Record<string, unknown>)[key];
      if (seen.has(id)) return fail(`${name}[${index}]: duplicate ${key} "${String(id)}"`);
      seen.add(id);
      list.push(parsed.data);
    }
    return list;
  });
}

// strictObject: a misspelt key (say `apibase`) would otherwise silently fall back to the real API.
/** One WECHAT_CLIENTS entry: an official account or app our users sign in with. */
export const ZWechatClient = z.strictObject({
  clientId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1-64 characters of A-Z a-z 0-9 _ -'),
  /**
   * web (the default): the browser comes back from WeChat's redirect, so sign-in needs the state
   * our start endpoint bound to it. app: a native app gets the code from the WeChat SDK, with no
   * redirect a stranger could plant a code in.
   */
  kind: z.enum(['web', 'app']).default('web'),
  // Real appIds are wx + 16 hex digits; tolerate other lengths rather than refuse a working one.
  appId: z.string().regex(/^wx[0-9a-zA-Z]{10,32}$/, 'must be wx followed by 10-32 letters or digits'),
  appSecret: z.string().min(16).max(64),
  apiBase: z.url({ protocol: /^https?$/ }).optional(),
});
export type WechatClientConfig = z.input<typeof ZWechatClient>;

const redirectUri = z
  .url({ protocol: /^https?$/ })
  .max(500)
  .refine((u) => !u.includes('#'), 'must not contain a fragment');

/** One OAUTH_CLIENTS entry (or a client saved by the admin command): a third-party application. */
export const ZOAuthClient = z.strictObject({
  clientId: z.string().regex(/^[A-Za-z0-9_.-]{3,64}$/, 'must be 3-64 characters of A-Z a-z 0-9 _ . -'),
  name: z.string().trim().min(1).max(100),
  redirectUris: z.array(redirectUri).min(1).max(20),
  clientSecret: z.string().min(32, 'must be at least 32 characters').max(200).optional(),
});
export type OAuthClientInput = z.input<typeof ZOAuthClient>;
