import type { z } from 'zod';
import type * as accounts from './accounts';
import type * as addresses from './addresses';
import type * as analytics from './analytics';
import type * as checkin from './checkin';
import type * as collection from './collection';
import type * as consoleApi from './console';
import type * as consolePeople from './console-people';
import type * as content from './content';
import type * as contentAdmin from './content-admin';
import type * as contentUploads from './content-uploads';
import type * as freeModel from './free-model';
import type * as giftcodeAdmin from './giftcode-admin';
import type * as giftpack from './giftpack';
import type * as invite from './invite';
import type * as lottery from './lottery';
import type * as lotteryAdmin from './lottery-admin';
import type * as lotteryClaims from './lottery-claims';
import type * as lotteryInvites from './lottery-invites';
import type * as lotteryWechat from './lottery-wechat';
import type * as mall from './mall';
import type * as mallConsole from './mall-console';
import type * as modeler from './modeler';
import type * as moderation from './moderation';
import type * as oauth from './oauth';
import type * as photoScan from './photo-scan';
import type * as system from './system';
import type * as univer from './univer';
import type * as venues from './venues';

/**
 * Types only (nothing of zod reaches the browser): a call names its route, and the contract
 * with that method and path gives the call's input and result types. The modules are those of
 * contracts.ts.
 */
type Modules =
  | typeof accounts
  | typeof addresses
  | typeof analytics
  | typeof checkin
  | typeof collection
  | typeof consoleApi
  | typeof consolePeople
  | typeof content
  | typeof contentAdmin
  | typeof contentUploads
  | typeof freeModel
  | typeof giftcodeAdmin
  | typeof giftpack
  | typeof invite
  | typeof lottery
  | typeof lotteryAdmin
  | typeof lotteryClaims
  | typeof lotteryInvites
  | typeof lotteryWechat
  | typeof mall
  | typeof mallConsole
  | typeof modeler
  | typeof moderation
  | typeof oauth
  | typeof photoScan
  | typeof system
  | typeof univer
  | typeof venues;

type ExportOf<M> = M extends unknown ? M[keyof M] : never;

/** Every endpoint contract of the shared modules. */
export type ApiContract = Extract<ExportOf<Modules>, { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; result: z.ZodType }>;

/** A route some contract answers. */
export type ApiRoute = ApiContract extends infer C ? (C extends ApiContract ? { method: C['method']; path: C['path'] } : never) : never;

/** The contract of a route (of each, for a choice of routes). */
export type ContractOf<R extends ApiRoute> = Extract<ApiContract, { method: R['method']; path: R['path'] }>;

/** What a call of the route sends (before the server's defaults and coercion). */
export type CallInput<R extends ApiRoute> =
  ContractOf<R> extends infer C ? (C extends { input: infer I extends z.ZodType } ? z.input<I> : undefined) : never;

/** What a call of the route answers. */
export type CallResult<R extends ApiRoute> = z.output<ContractOf<R>['result']>;
