import { z } from 'zod';
import type { Grant } from '../console-access';
import type { OrderState } from '../mall-rules';
import { CONSOLE_API } from './routes-console';

/**
 * The console's People section: find a member, read their account, sign them out everywhere and
 * adjust their coins. Blocking, unblocking and roles go through the accounts admin update
 * (`/api/cxy/admin/v2/user/update`). Phones and e-mails come masked unless the caller is support
 * staff or an admin (`masked` says which).
 */
const userId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
// Letters, marks, digits, punctuation and spaces: no control or format characters.
const TEXT = /^[^\p{Cc}\p{Cf}]*$/u;

export interface PersonRow {
  id: string;
  nickname: string;
  avatarUrl: string;
  state: string;
  createdAt: number;
  phone: string | null;
  email: string | null;
}

export const peopleSearch = {
  ...CONSOLE_API.peopleSearch,
  input: z.object({
    /** A phone number (or part of one, support staff only), an e-mail, a nickname or a member id. */
    q: z.string().trim().min(1).max(100).regex(TEXT, 'must be text'),
    limit: z.coerce.number().int().min(1).max(50).default(20),
  }),
  result: z.object({
    items: z.array(
      z.object({
        id: z.string(),
        nickname: z.string(),
        avatarUrl: z.string(),
        state: z.string(),
        createdAt: z.number(),
        phone: z.string().nullable(),
        email: z.string().nullable(),
      }) satisfies z.ZodType<PersonRow>,
    ),
    masked: z.boolean(),
  }),
} as const;

export interface PersonSession {
  id: string;
  device: string;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
  state: 'active' | 'revoked' | 'expired';
}

export interface PersonDetail extends PersonRow {
  level: number;
  premiumUntil: number | null;
  masked: boolean;
  signIns: { kind: 'phone' | 'email' | 'wechat' | 'password'; value: string; since: number }[];
  sessions: PersonSession[];
  roles: Grant[];
  wins: { id: string; campaignId: string; campaign: string; prize: string; state: string; at: number }[];
  orders: { orderNo: string; state: OrderState; totalFen: number; itemCount: number; at: number }[];
  coins: { balance: number; ledger: { id: string; delta: number; reason: string; note: string | null; at: number }[] };
  /** What the caller may do here: support actions (block, sign out, coins) and roles (admins). */
  may: { support: boolean; roles: boolean };
}

export const person = {
  ...CONSOLE_API.person,
  input: z.object({ userId }),
  result: z.custom<PersonDetail>(),
} as const;

export const personSignOut = {
  ...CONSOLE_API.personSignOut,
  input: z.object({ userId }),
  result: z.object({ signedOut: z.number().int() }),
} as const;

export const personCoins = {
  ...CONSOLE_API.personCoins,
  input: z.object({
    userId,
    /** Coins added (positive) or taken (negative); never below a zero balance. */
    delta: z
      .number()
      .int()
      .min(-1_000_000)
      .max(1_000_000)
      .refine((d) => d !== 0, 'must not be zero'),
    /** Why: kept on the ledger row and in the audit log. */
    reason: z.string().trim().min(3).max(200).regex(TEXT, 'must be text'),
    /** The form's key for this adjustment: sent again (a double submit, a retry), it adjusts once. */
    key: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8 to 64 letters, digits, - or _'),
  }),
  result: z.object({ balance: z.number().int(), applied: z.boolean() }),
} as const;
