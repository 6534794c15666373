import { z } from 'zod';
import * as accounts from './accounts';
import * as addresses from './addresses';
import * as analytics from './analytics';
import * as checkin from './checkin';
import * as collection from './collection';
import * as consoleApi from './console';
import * as consolePeople from './console-people';
import * as content from './content';
import * as contentAdmin from './content-admin';
import * as contentUploads from './content-uploads';
import * as freeModel from './free-model';
import * as giftcodeAdmin from './giftcode-admin';
import * as giftpack from './giftpack';
import * as invite from './invite';
import * as lottery from './lottery';
import * as lotteryAdmin from './lottery-admin';
import * as lotteryClaims from './lottery-claims';
import * as lotteryInvites from './lottery-invites';
import * as lotteryWechat from './lottery-wechat';
import * as mall from './mall';
import * as mallConsole from './mall-console';
import * as modeler from './modeler';
import * as moderation from './moderation';
import * as oauth from './oauth';
import * as photoScan from './photo-scan';
import * as system from './system';
import * as univer from './univer';
import * as venues from './venues';

/**
 * Every endpoint contract of the shared API modules, found by shape rather than listed again:
 * an export with `method`, `path` and a zod `result` is a contract; the route tables
 * (`CONTENT_ADMIN_API`, …), schemas and helpers are not. Server-only (it pulls in zod); the
 * OpenAPI document (server/http/openapi.ts) is built from it.
 *
 * A new module: add one line below (the tag groups its calls in the document; `file` is where its
 * TypeScript result types live, named in the document for results zod cannot describe).
 */
export const MODULES = [
  { tag: 'system', file: 'system.ts', exports: system },
  { tag: 'accounts', file: 'accounts.ts', exports: accounts },
  { tag: 'content', file: 'content.ts', exports: content },
  { tag: 'content-admin', file: 'content-admin.ts', exports: contentAdmin },
  { tag: 'content-admin', file: 'content-uploads.ts', exports: contentUploads },
  { tag: 'content', file: 'moderation.ts', exports: moderation },
  { tag: 'address', file: 'addresses.ts', exports: addresses },
  { tag: 'lottery', file: 'lottery.ts', exports: lottery },
  { tag: 'lottery', file: 'lottery-wechat.ts', exports: lotteryWechat },
  { tag: 'lottery-admin', file: 'lottery-admin.ts', exports: lotteryAdmin },
  { tag: 'lottery-admin', file: 'lottery-claims.ts', exports: lotteryClaims },
  { tag: 'lottery', file: 'lottery-invites.ts', exports: lotteryInvites },
  { tag: 'campaigns', file: 'checkin.ts', exports: checkin },
  { tag: 'campaigns', file: 'giftpack.ts', exports: giftpack },
  { tag: 'lottery-admin', file: 'giftcode-admin.ts', exports: giftcodeAdmin },
  { tag: 'campaigns', file: 'invite.ts', exports: invite },
  { tag: 'campaigns', file: 'collection.ts', exports: collection },
  { tag: 'programmes', file: 'univer.ts', exports: univer },
  { tag: 'programmes', file: 'free-model.ts', exports: freeModel },
  { tag: 'programmes', file: 'photo-scan.ts', exports: photoScan },
  { tag: 'programmes', file: 'modeler.ts', exports: modeler },
  { tag: 'analytics', file: 'analytics.ts', exports: analytics },
  { tag: 'venues', file: 'venues.ts', exports: venues },
  { tag: 'mall', file: 'mall.ts', exports: mall },
  { tag: 'mall', file: 'mall-console.ts', exports: mallConsole },
  { tag: 'console', file: 'console.ts', exports: consoleApi },
  { tag: 'console', file: 'console-people.ts', exports: consolePeople },
  { tag: 'oauth', file: 'oauth.ts', exports: oauth },
] as const;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface AnyContract {
  method: HttpMethod;
  path: string;
  input?: z.ZodType;
  result: z.ZodType;
}

export interface ContractEntry {
  /** The export's name, e.g. `sendCode`. */
  name: string;
  tag: string;
  /** The module's file, from the repository root (where its TypeScript result types live). */
  file: string;
  contract: AnyContract;
}

const METHODS: readonly unknown[] = ['GET', 'POST', 'PUT', 'DELETE'];

export function isContract(value: unknown): value is AnyContract {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    METHODS.includes(v.method) &&
    typeof v.path === 'string' &&
    v.result instanceof z.ZodType &&
    (v.input === undefined || v.input instanceof z.ZodType)
  );
}

/** In module order, then export order. */
export const CONTRACTS: readonly ContractEntry[] = MODULES.flatMap(({ tag, file, exports }) =>
  Object.entries(exports as Record<string, unknown>).flatMap(([name, value]) =>
    isContract(value) ? [{ name, tag, file: `src/shared/api/${file}`, contract: value }] : [],
  ),
);
